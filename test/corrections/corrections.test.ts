import { describe, expect, it } from 'vitest';
import { verifyCredential } from '../../src/modules/credentials/credential-verifier.js';
import { createPendingAsset } from '../admin/admin-helpers.js';
import {
  CREDENTIALS_TEST_CONFIG,
  moveCertificate,
  publicCredential,
  servedBy,
} from '../credentials/credential-helpers.js';
import { digitalBazaarVerifies, type DidDocument } from '../credentials/digital-bazaar.js';
import { useTestContext } from '../helpers/test-app.js';
import { pngImage } from '../media/media-fixtures.js';

const context = useTestContext({ config: CREDENTIALS_TEST_CONFIG });
const ADMIN = { authorization: `Bearer ${CREDENTIALS_TEST_CONFIG.AVS_ADMIN_TOKEN}` };

interface Credential {
  id?: string;
  credentialSubject: Record<string, unknown>;
  credentialStatus: { statusPurpose: string; statusListIndex: string }[];
  relatedResource?: unknown[];
}

async function issuedArtwork(options: { image?: boolean } = {}) {
  const owner = await context.createAccountWithKey();
  const asset = await createPendingAsset(context.db, owner.accountId, {
    title: 'Water Lilies',
    attributes: { artist: 'Claude Monet', medium: 'Oil on canvas', dimensions: '200 x 180 cm', year: 1916 },
  });
  let mediaId: string | undefined;
  if (options.image) {
    const upload = await context.app.inject({
      method: 'POST',
      url: `/files/v1/assets/artworks/${asset.id}/media?public=true`,
      headers: { ...owner.auth, 'content-type': 'image/png' },
      payload: pngImage(16, 16),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    mediaId = upload.json<{ id: string }>().id;
  }
  await moveCertificate(context.app, asset.certificateNumber, 'issue');
  return { owner, asset, mediaId };
}

function requestCorrection(auth: { authorization: string }, assetId: string, body: Record<string, unknown>) {
  return context.app.inject({
    method: 'POST',
    url: `/api/v1/assets/artworks/${assetId}/corrections`,
    headers: auth,
    payload: body,
  });
}

function decide(id: string, decision: 'approve' | 'refuse', reason?: string) {
  return context.app.inject({
    method: 'POST',
    url: `/admin/api/corrections/${id}/${decision}`,
    headers: ADMIN,
    payload: reason === undefined ? {} : { reason },
  });
}

async function assetOf(auth: { authorization: string }, id: string) {
  const response = await context.app.inject({
    method: 'GET',
    url: `/api/v1/assets/artworks/${id}`,
    headers: auth,
  });
  return response.json<Record<string, unknown>>();
}

async function historyOf(auth: { authorization: string }, id: string) {
  const response = await context.app.inject({
    method: 'GET',
    url: `/api/v1/assets/artworks/${id}/history`,
    headers: auth,
  });
  return response.json<{
    data: { event_type: string; sequence: number; hash: string; payload: Record<string, unknown> }[];
  }>().data;
}

/** Whether the credential's bit of a purpose is set, as an offline verifier reads its status list. */
async function statusBit(credential: unknown, purpose: string): Promise<boolean | null | undefined> {
  const checked = await verifyCredential(credential, {
    ...servedBy(context.app),
    didDocuments: [(await context.app.inject({ method: 'GET', url: '/.well-known/did.json' })).json()],
  });
  return checked.status.find((entry) => entry.purpose === purpose)?.set;
}

describe('corrections after issue', () => {
  it('approved: the asset changes, CERTIFICATE_AMENDED records the diff, the old credential is refreshed, a new one verifies', async () => {
    const { owner, asset, mediaId } = await issuedArtwork({ image: true });
    const before = (await publicCredential(context.app, asset.certificateNumber)) as unknown as Credential;
    expect(before.credentialStatus.map((entry) => entry.statusPurpose)).toContain('refresh');
    expect(before.relatedResource).toHaveLength(1);
    expect(await statusBit(before, 'refresh')).toBe(false);

    const requested = await requestCorrection(owner.auth, asset.id, {
      fields: { dimensions: '200 x 181 cm', year: 1917 },
      remove_media_ids: [mediaId],
      reason: 'The 2026 condition report measured it again.',
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const correction = requested.json<{ id: string; status: string }>();
    expect(correction).toMatchObject({ status: 'open', remove_media_ids: [mediaId] });

    // Nothing changes until the operator approves.
    expect(await assetOf(owner.auth, asset.id)).toMatchObject({ dimensions: '200 x 180 cm', year: 1916 });
    const queue = await context.app.inject({
      method: 'GET',
      url: '/admin/api/corrections?status=open',
      headers: ADMIN,
    });
    expect(queue.json<{ data: { id: string }[] }>().data.map((item) => item.id)).toContain(correction.id);

    const approved = await decide(correction.id, 'approve', 'Checked against the report.');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      status: 'approved',
      decision_reason: 'Checked against the report.',
    });

    expect(await assetOf(owner.auth, asset.id)).toMatchObject({
      dimensions: '200 x 181 cm',
      year: 1917,
      certificate_status: 'issued',
    });
    const history = await historyOf(owner.auth, asset.id);
    const amended = history.find((event) => event.event_type === 'CERTIFICATE_AMENDED')!;
    expect(amended.payload).toMatchObject({
      source: 'admin',
      admin_user_id: 'token',
      correction_id: correction.id,
      reason: 'The 2026 condition report measured it again.',
      decision_reason: 'Checked against the report.',
      requested_by: { source: 'api', api_key_id: owner.apiKey.id },
      changes: {
        dimensions: { old: '200 x 180 cm', new: '200 x 181 cm' },
        year: { old: 1916, new: 1917 },
      },
      media_removed: [{ media_id: mediaId, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }],
    });

    // The previous credential's refresh bit is set: a verifier holding it learns a newer version exists.
    expect(await statusBit(before, 'refresh')).toBe(true);
    expect(await statusBit(before, 'revocation')).toBe(false);
    const heldOld = await verifyCredential(before, {
      ...servedBy(context.app),
      didDocuments: [(await context.app.inject({ method: 'GET', url: '/.well-known/did.json' })).json()],
    });
    expect(heldOld).toMatchObject({ result: 'VALID', newer_version: true });

    const after = (await publicCredential(context.app, asset.certificateNumber)) as unknown as Credential;
    expect(after.id).not.toBe(before.id);
    expect(after.credentialSubject).toMatchObject({ dimensions: '200 x 181 cm', year: 1917 });
    expect(after.credentialSubject.history).toMatchObject({ sequence: amended.sequence });
    expect(after.relatedResource).toBeUndefined();
    expect(await statusBit(after, 'refresh')).toBe(false);
    const didDocument = (
      await context.app.inject({ method: 'GET', url: '/.well-known/did.json' })
    ).json<DidDocument>();
    expect(await digitalBazaarVerifies(after, didDocument)).toEqual({ verified: true, errors: undefined });
    const refreshList = (await context.app.inject({ method: 'GET', url: '/status/refresh/1' })).json();
    expect(await digitalBazaarVerifies(refreshList, didDocument)).toEqual({
      verified: true,
      errors: undefined,
    });

    // Partners who asked hear of it: certificate.updated in the outbox, in the approval's transaction.
    const { rows } = await context.db.query<{ payload: { correction: { id: string } } }>(
      `SELECT payload FROM webhook_outbox WHERE account_id = $1 AND event_type = 'certificate.updated'`,
      [owner.accountId],
    );
    expect(rows.map((row) => row.payload.correction.id)).toEqual([correction.id]);

    // The public page says so, with the history entry: when, what changed, the entry's sequence and hash.
    const page = await context.app.inject({ method: 'GET', url: `/c/${asset.certificateNumber}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Corrected on');
    expect(page.body).toContain(`data-history-sequence="${amended.sequence}"`);
    expect(page.body).toMatch(/<del>200 x 180 cm<\/del>\s*→\s*<ins>200 x 181 cm<\/ins>/);
    expect(page.body).toContain(amended.hash);
    expect(page.body).toContain('1 image removed');
    const french = await context.app.inject({ method: 'GET', url: `/c/${asset.certificateNumber}?lang=fr` });
    expect(french.body).toContain('Corrigé le');

    const one = await context.app.inject({
      method: 'GET',
      url: `/api/v1/corrections/${correction.id}`,
      headers: owner.auth,
    });
    expect(one.json()).toMatchObject({ status: 'approved', amended_sequence: amended.sequence });
  });

  it('refused: nothing changes but the request', async () => {
    const { owner, asset } = await issuedArtwork();
    const before = await publicCredential(context.app, asset.certificateNumber);
    const history = await historyOf(owner.auth, asset.id);
    const requested = await requestCorrection(owner.auth, asset.id, {
      fields: { title: 'Nymphéas' },
      reason: 'The French title.',
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const { id } = requested.json<{ id: string }>();

    expect((await decide(id, 'refuse')).statusCode).toBe(400);
    const refused = await decide(id, 'refuse', 'The certificate keeps the title it was registered with.');
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({ status: 'refused', amended_sequence: null });

    expect(await assetOf(owner.auth, asset.id)).toMatchObject({ title: 'Water Lilies' });
    const hashes = (events: { hash?: unknown }[]) => events.map((event) => event.hash);
    expect(hashes(await historyOf(owner.auth, asset.id))).toEqual(hashes(history));
    expect(await publicCredential(context.app, asset.certificateNumber)).toEqual(before);
    expect(await statusBit(before, 'refresh')).toBe(false);
    // A decided request is final.
    expect((await decide(id, 'approve')).statusCode).toBe(409);
  });

  it('takes a request only for an issued certificate, one open at a time, from its own account, with a change', async () => {
    const { owner, asset } = await issuedArtwork();
    const change = { fields: { medium: 'Oil on canvas, relined' }, reason: 'Relined in 1952.' };

    const other = await context.createAccountWithKey();
    expect((await requestCorrection(other.auth, asset.id, change)).statusCode).toBe(404);
    const nothing = await requestCorrection(owner.auth, asset.id, {
      fields: { medium: 'Oil on canvas' },
      reason: 'x',
    });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toMatchObject({ code: 'validation_failed' });
    const badYear = await requestCorrection(owner.auth, asset.id, {
      fields: { year: 'ca. 1975' },
      reason: 'x',
    });
    expect(badYear.statusCode).toBe(400);
    const noReason = await requestCorrection(owner.auth, asset.id, { fields: { medium: 'Tempera' } });
    expect(noReason.statusCode).toBe(400);
    const notAnImage = await requestCorrection(owner.auth, asset.id, {
      remove_media_ids: ['0b8f6a52-6a2e-4f0c-9a57-2f4a3b1c9d10'],
      reason: 'x',
    });
    expect(notAnImage.statusCode).toBe(400);

    const first = await requestCorrection(owner.auth, asset.id, change);
    expect(first.statusCode, first.body).toBe(201);
    const second = await requestCorrection(owner.auth, asset.id, change);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'invalid_state' });

    const listed = await context.app.inject({
      method: 'GET',
      url: `/api/v1/assets/artworks/${asset.id}/corrections`,
      headers: owner.auth,
    });
    expect(listed.json<{ data: { id: string }[] }>().data.map((item) => item.id)).toEqual([first.json().id]);
    const hidden = await context.app.inject({
      method: 'GET',
      url: `/api/v1/corrections/${first.json().id}`,
      headers: other.auth,
    });
    expect(hidden.statusCode).toBe(404);

    const pending = await createPendingAsset(context.db, owner.accountId, { title: 'Haystacks' });
    const notIssued = await requestCorrection(owner.auth, pending.id, change);
    expect(notIssued.statusCode).toBe(409);
    expect(notIssued.json<{ error: string }>().error).toContain('pending');
  });
});
