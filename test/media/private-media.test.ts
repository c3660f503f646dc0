import { createHash } from 'node:crypto';
import { base64urlnopad } from '@scure/base';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditHistory } from '../../src/modules/history/history-audit.service.js';
import type { MediaRecordType } from '../../src/modules/media/media.schemas.js';
import { createAssetViaApi, type CreatedAsset } from '../helpers/asset-factory.js';
import { withRestoredCopy } from '../helpers/backup-restore.js';
import { useTestContext, type TestContext } from '../helpers/test-app.js';
import { CREDENTIALS_TEST_CONFIG, moveCertificate } from '../credentials/credential-helpers.js';
import { pdfDocument, pngImage } from './media-fixtures.js';

/*
 * Another account may learn that a private medium was added, and when; nothing
 * more — not its bytes, digest, type or size. Each place that another account can read is checked: the
 * history (MEDIA_ADDED, MEDIA_REMOVED), the certificate credential, the media list and record, the log.
 */
const context = useTestContext({
  config: { ...CREDENTIALS_TEST_CONFIG, AVS_TLOG_INTERVAL_MS: 3_600_000 },
});

type Account = Awaited<ReturnType<TestContext['createAccountWithKey']>>;
type HistoryEvent = { event_type: string; payload: Record<string, unknown>; created_at: string };

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
/** The commitment of docs/media.md: SHA-256 over the salt's 32 bytes then the digest's 32 bytes, in hex. */
const commitmentOf = (saltHex: string, digestHex: string) =>
  sha256(Buffer.concat([Buffer.from(saltHex, 'hex'), Buffer.from(digestHex, 'hex')]));

let owner: Account;
let other: Account;
let asset: CreatedAsset;
let publicImage: MediaRecordType;
let privateReport: MediaRecordType;
let removedImage: MediaRecordType;

async function upload(file: Buffer, type: string, query = ''): Promise<MediaRecordType> {
  const response = await context.app.inject({
    method: 'POST',
    url: `/files/v1/assets/artworks/${asset.id}/media${query}`,
    headers: { ...owner.auth, 'content-type': type },
    payload: file,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<MediaRecordType>();
}

async function historyAs(account: Account): Promise<{ body: string; events: HistoryEvent[] }> {
  const response = await context.app.inject({
    method: 'GET',
    url: `/api/v1/assets/artworks/${asset.id}/history`,
    headers: account.auth,
  });
  expect(response.statusCode).toBe(200);
  return { body: response.body, events: response.json<{ data: HistoryEvent[] }>().data };
}

/** Every way the private digests could be written: hex, base64, base64url, the credential's multibase and SRI. */
function privateTraces(record: MediaRecordType): string[] {
  const digest = Buffer.from(record.sha256, 'hex');
  const multihash = Buffer.concat([Buffer.from([0x12, 0x20]), digest]);
  return [
    record.sha256,
    digest.toString('base64'),
    base64urlnopad.encode(digest),
    `u${base64urlnopad.encode(multihash)}`,
    `/files/v1/media/${record.id}`,
  ];
}

beforeAll(async () => {
  owner = await context.createAccountWithKey({ name: 'Owner' });
  other = await context.createAccountWithKey({ name: 'Other' });
  asset = await createAssetViaApi(context.app, owner.auth);
  publicImage = await upload(pngImage(10, 10), 'image/png', '?public=true');
  privateReport = await upload(pdfDocument(), 'application/pdf');
  removedImage = await upload(pngImage(13, 11), 'image/png');
  const removal = await context.app.inject({
    method: 'DELETE',
    url: `/api/v1/assets/artworks/${asset.id}/media/${removedImage.id}`,
    headers: owner.auth,
  });
  expect(removal.statusCode).toBe(200);
  await moveCertificate(context.app, asset.certificate_number, 'issue');
});

describe('a private medium, as another account sees it', () => {
  it('MEDIA_ADDED carries a salted commitment instead of the digest, type and size; the public one keeps them', async () => {
    const { body, events } = await historyAs(other);
    const added = events.filter((event) => event.event_type === 'MEDIA_ADDED');
    expect(added.map((event) => event.payload.media_id)).toEqual([
      publicImage.id,
      privateReport.id,
      removedImage.id,
    ]);
    expect(added[0]!.payload).toMatchObject({
      sha256: publicImage.sha256,
      content_type: 'image/png',
      bytes: publicImage.bytes,
      public: true,
    });
    for (const [event, record] of [
      [added[1]!, privateReport],
      [added[2]!, removedImage],
    ] as const) {
      expect(Object.keys(event.payload).sort()).toEqual(
        ['api_key_id', 'commitment', 'media_id', 'public', 'source'].sort(),
      );
      expect(event.payload.public).toBe(false);
      expect(event.payload.commitment).toMatch(/^[0-9a-f]{64}$/);
      expect(event.payload.commitment).not.toBe(record.sha256);
    }
    for (const trace of [...privateTraces(privateReport), ...privateTraces(removedImage)]) {
      expect(body).not.toContain(trace);
    }
    expect(body).not.toContain('application/pdf');
  });

  it('MEDIA_REMOVED of a private medium names its commitment, not its digest', async () => {
    const { events } = await historyAs(other);
    const added = events.find((event) => event.payload.media_id === removedImage.id)!;
    const removed = events.find((event) => event.event_type === 'MEDIA_REMOVED')!;
    expect(removed.payload).toEqual({
      source: 'api',
      api_key_id: added.payload.api_key_id,
      media_id: removedImage.id,
      commitment: added.payload.commitment,
    });
  });

  it('the credential lists the public medium only, and nothing of the private one', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: `/c/${asset.certificate_number}/credential`,
    });
    const credential = response.json<{ relatedResource: { id: string }[] }>();
    expect(credential.relatedResource.map((resource) => resource.id)).toEqual([
      `${CREDENTIALS_TEST_CONFIG.AVS_PUBLIC_URL}/files/v1/media/${publicImage.id}`,
    ]);
    for (const trace of privateTraces(privateReport)) expect(response.body).not.toContain(trace);
    const report = pdfDocument();
    expect(response.body).not.toContain(`sha384-${createHash('sha384').update(report).digest('base64')}`);
  });

  it('the media list and record show it to nobody else; the bytes stay 404', async () => {
    const list = await context.app.inject({
      method: 'GET',
      url: `/api/v1/assets/artworks/${asset.id}/media`,
      headers: other.auth,
    });
    expect(list.json<{ data: MediaRecordType[] }>().data.map((record) => record.id)).toEqual([
      publicImage.id,
    ]);
    for (const trace of privateTraces(privateReport)) expect(list.body).not.toContain(trace);
    const record = await context.app.inject({
      method: 'GET',
      url: `/api/v1/assets/artworks/${asset.id}/media/${privateReport.id}`,
      headers: other.auth,
    });
    expect(record.statusCode).toBe(404);
  });
});

describe('the owner holds the salt, and can reveal the medium', () => {
  it("the owner's record carries the salt, and SHA-256(salt ‖ digest) is the event's commitment", async () => {
    const record = await context.app.inject({
      method: 'GET',
      url: `/api/v1/assets/artworks/${asset.id}/media/${privateReport.id}`,
      headers: owner.auth,
    });
    const ownerView = record.json<MediaRecordType>();
    expect(ownerView.commitment_salt).toMatch(/^[0-9a-f]{64}$/);
    expect(privateReport.commitment_salt).toBe(ownerView.commitment_salt);
    const { events } = await historyAs(other);
    const added = events.find((event) => event.payload.media_id === privateReport.id)!;
    // What the owner reveals (the salt, the file) lets anyone check the commitment; a guess alone does not.
    expect(added.payload.commitment).toBe(commitmentOf(ownerView.commitment_salt!, sha256(pdfDocument())));
    expect(publicImage.commitment_salt).toBeNull();
  });

  it('two uploads of the same private file get different salts and commitments', async () => {
    const again = await createAssetViaApi(context.app, owner.auth);
    const first = await context.app.inject({
      method: 'POST',
      url: `/files/v1/assets/artworks/${again.id}/media`,
      headers: { ...owner.auth, 'content-type': 'application/pdf' },
      payload: pdfDocument(),
    });
    const salt = first.json<MediaRecordType>().commitment_salt;
    expect(salt).toMatch(/^[0-9a-f]{64}$/);
    expect(salt).not.toBe(privateReport.commitment_salt);
  });

  it('the history stays verifiable by everyone: /verify, avs audit and the log', async () => {
    await context.app.tlogIntegrator!.runOnce();
    const verify = await context.app.inject({
      method: 'POST',
      url: '/api/v1/verify',
      headers: other.auth,
      payload: { planet: 'artworks', asset_id: asset.id },
    });
    expect(verify.json()).toMatchObject({ verified: true });
    expect((await auditHistory(context.db)).breaks).toEqual([]);
  });

  it('the salt travels in the backup archive and comes back on restore', async () => {
    await withRestoredCopy(context.db, async (restoredDb) => {
      const salts = 'SELECT id, commitment_salt FROM asset_media ORDER BY id';
      const restored = (await restoredDb.query(salts)).rows;
      expect(restored).toEqual((await context.db.query(salts)).rows);
      expect(restored.some((row) => row.id === privateReport.id && row.commitment_salt !== null)).toBe(true);
    });
  });
});
