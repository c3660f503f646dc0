import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAdmin, createPendingAsset, logIn } from '../admin/admin-helpers.js';
import {
  CREDENTIALS_TEST_CONFIG,
  moveCertificate,
  publicCredential,
} from '../credentials/credential-helpers.js';
import { useTestContext } from '../helpers/test-app.js';
import { pngImage } from '../media/media-fixtures.js';

const context = useTestContext({ config: CREDENTIALS_TEST_CONFIG });
const ADMIN = { authorization: `Bearer ${CREDENTIALS_TEST_CONFIG.AVS_ADMIN_TOKEN}` };

interface CorrectionRecord {
  id: string;
  status: string;
  add_images: { id: string; sha256: string; content_type: string; bytes: number }[];
}

async function correctionAddingImages() {
  const owner = await context.createAccountWithKey();
  const asset = await createPendingAsset(context.db, owner.accountId, {
    title: 'Water Lilies',
    attributes: { artist: 'Claude Monet', medium: 'Oil on canvas', dimensions: '200 x 180 cm', year: 1916 },
  });
  await moveCertificate(context.app, asset.certificateNumber, 'issue');
  const requested = await context.app.inject({
    method: 'POST',
    url: `/api/v1/assets/artworks/${asset.id}/corrections`,
    headers: owner.auth,
    payload: { adds_images: true, reason: 'A photograph of the back, with the stamp.' },
  });
  expect(requested.statusCode, requested.body).toBe(201);
  return { owner, asset, correction: requested.json<CorrectionRecord>() };
}

function sendImage(auth: { authorization: string }, id: string, type: string, payload: Buffer) {
  return context.app.inject({
    method: 'POST',
    url: `/files/v1/corrections/${id}/images`,
    headers: { ...auth, 'content-type': type },
    payload,
  });
}

function decide(id: string, decision: 'approve' | 'refuse', reason: string) {
  return context.app.inject({
    method: 'POST',
    url: `/admin/api/corrections/${id}/${decision}`,
    headers: ADMIN,
    payload: { reason },
  });
}

async function publicMediaOf(auth: { authorization: string }, assetId: string) {
  const listed = await context.app.inject({
    method: 'GET',
    url: `/api/v1/assets/artworks/${assetId}/media`,
    headers: auth,
  });
  return listed.json<{ data: { id: string; sha256: string; public: boolean }[] }>().data;
}

async function historyOf(auth: { authorization: string }, id: string) {
  const response = await context.app.inject({
    method: 'GET',
    url: `/api/v1/assets/artworks/${id}/history`,
    headers: auth,
  });
  return response.json<{ data: { event_type: string; hash: string; payload: Record<string, unknown> }[] }>()
    .data;
}

describe('a correction that adds public images', () => {
  it('holds the image with the request; approval makes it a public medium, in the event and the new credential', async () => {
    const { owner, asset, correction } = await correctionAddingImages();
    expect(correction).toMatchObject({ adds_images: true, add_images: [] });

    const sent = await sendImage(owner.auth, correction.id, 'image/png', pngImage(24, 16));
    expect(sent.statusCode, sent.body).toBe(201);
    const held = sent.json<CorrectionRecord>().add_images;
    expect(held).toEqual([
      expect.objectContaining({
        content_type: 'image/png',
        width: 24,
        height: 16,
        sha256: expect.any(String),
      }),
    ]);
    // The bytes go through the media rules: a PDF is no image to add, and bytes unlike their type are refused.
    expect(
      (await sendImage(owner.auth, correction.id, 'application/pdf', Buffer.from('%PDF-1.4'))).statusCode,
    ).toBe(415);
    expect((await sendImage(owner.auth, correction.id, 'image/jpeg', pngImage(8, 8))).statusCode).toBe(415);
    // Another account's key sees no such request.
    const other = await context.createAccountWithKey();
    expect((await sendImage(other.auth, correction.id, 'image/png', pngImage(8, 8))).statusCode).toBe(404);
    // Until the operator answers, the asset has no new medium; the operator's page names the image to add.
    expect(await publicMediaOf(owner.auth, asset.id)).toEqual([]);
    const session = await logIn(context.app, (await createAdmin(context.db)).email);
    const review = await context.app.inject({
      method: 'GET',
      url: `/admin/corrections/${correction.id}`,
      headers: { cookie: session.cookie },
    });
    expect(review.statusCode).toBe(200);
    expect(review.body).toContain('Public images to add');
    expect(review.body).toContain(`data-added-image="${held[0]!.id}"`);
    expect(review.body).toContain(held[0]!.sha256);
    expect(review.body).toContain('24 × 16 px');

    const approved = await decide(correction.id, 'approve', 'The stamp is the gallery’s.');
    expect(approved.statusCode, approved.body).toBe(200);

    const media = await publicMediaOf(owner.auth, asset.id);
    expect(media).toEqual([
      expect.objectContaining({ id: held[0]!.id, sha256: held[0]!.sha256, public: true }),
    ]);
    const amended = (await historyOf(owner.auth, asset.id)).find(
      (event) => event.event_type === 'CERTIFICATE_AMENDED',
    )!;
    expect(amended.payload).toMatchObject({
      correction_id: correction.id,
      media_added: [
        {
          media_id: held[0]!.id,
          sha256: held[0]!.sha256,
          content_type: 'image/png',
          bytes: held[0]!.bytes,
          public: true,
        },
      ],
      media_removed: [],
    });
    const credential = (await publicCredential(context.app, asset.certificateNumber)) as unknown as {
      relatedResource?: { id: string }[];
    };
    expect(credential.relatedResource).toHaveLength(1);
    expect(credential.relatedResource![0]!.id).toContain(held[0]!.id);
    // The public image is served without a key, as any public image of an issued certificate.
    const download = await context.app.inject({ method: 'GET', url: `/files/v1/media/${held[0]!.id}` });
    expect(download.statusCode).toBe(200);
    const page = await context.app.inject({ method: 'GET', url: `/c/${asset.certificateNumber}` });
    expect(page.body).toContain('1 image added');

    // An answered request takes no more images.
    expect((await sendImage(owner.auth, correction.id, 'image/png', pngImage(8, 8))).statusCode).toBe(409);
  });

  it('refused: the images are discarded and nothing changes', async () => {
    const { owner, asset, correction } = await correctionAddingImages();
    const before = await publicCredential(context.app, asset.certificateNumber);
    const history = await historyOf(owner.auth, asset.id);
    const sent = await sendImage(owner.auth, correction.id, 'image/png', pngImage(20, 20));
    expect(sent.statusCode, sent.body).toBe(201);
    const { sha256 } = sent.json<CorrectionRecord>().add_images[0]!;

    const refused = await decide(correction.id, 'refuse', 'Not the same painting.');
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({ status: 'refused', add_images: [] });

    expect(await publicMediaOf(owner.auth, asset.id)).toEqual([]);
    expect((await historyOf(owner.auth, asset.id)).map((event) => event.hash)).toEqual(
      history.map((event) => event.hash),
    );
    expect(await publicCredential(context.app, asset.certificateNumber)).toEqual(before);
    // The bytes no one else names are gone with it.
    const { rows } = await context.db.query('SELECT 1 FROM media_blobs WHERE sha256 = $1', [sha256]);
    expect(rows).toHaveLength(0);
  });

  it('approving a request that said images would follow and got none is refused as nothing to correct', async () => {
    const { correction } = await correctionAddingImages();
    const approved = await decide(correction.id, 'approve', 'Nothing came.');
    expect(approved.statusCode, approved.body).toBe(400);
    expect(approved.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('the operator’s page shows each held image as a small picture, served to an admin session alone', async () => {
    const { owner, correction } = await correctionAddingImages();
    const sent = await sendImage(owner.auth, correction.id, 'image/png', pngImage(320, 160));
    expect(sent.statusCode, sent.body).toBe(201);
    const held = sent.json<CorrectionRecord>().add_images[0]!;
    const session = await logIn(context.app, (await createAdmin(context.db)).email);
    const get = (url: string, cookie?: string) =>
      context.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

    const page = await get(`/admin/corrections/${correction.id}`, session.cookie);
    expect(page.statusCode).toBe(200);
    const src = `/admin/corrections/${correction.id}/images/${held.id}`;
    const picture = new RegExp(
      `<img\\s+src="${src}"\\s+alt="([^"]+)"\\s+width="(\\d+)" height="(\\d+)"`,
    ).exec(page.body);
    expect(picture?.slice(1)).toEqual(['Image to add, 1 of 1', '160', '80']);

    const served = await get(src, session.cookie);
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': held.content_type,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
    expect(createHash('sha256').update(served.rawPayload).digest('hex')).toBe(held.sha256);

    // No admin session (nor the account's own key): the log-in page, not the bytes.
    const anonymous = await get(src);
    expect(anonymous.statusCode).toBe(303);
    expect(anonymous.headers.location).toBe('/admin/login');
    expect(anonymous.rawPayload.length).toBe(0);
    const ownKey = await context.app.inject({ method: 'GET', url: src, headers: owner.auth });
    expect(ownKey.statusCode).toBe(303);
    expect(ownKey.headers['content-type']).not.toBe(held.content_type);
    // An image of no request is the 404 page.
    expect(
      (await get(`/admin/corrections/${correction.id}/images/${correction.id}`, session.cookie)).statusCode,
    ).toBe(404);
  });
});
