import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { FingerprintCatalogue } from '../../src/modules/media/fingerprint-catalogue.service.js';
import type { MediaRecordType } from '../../src/modules/media/media.schemas.js';
import type { PhotoSearchResponseType } from '../../src/modules/photo-search/photo-search.schemas.js';
import {
  createAssetViaApi,
  issueCertificateForTest,
  moveCertificateForTest,
  type CreatedAsset,
} from '../helpers/asset-factory.js';
import { withRestoredCopy } from '../helpers/backup-restore.js';
import { useTestContext, type TestContext } from '../helpers/test-app.js';
import { fixturePhoto, pdfDocument } from './media-fixtures.js';

// Photo search (docs/media.md): what a key and the public may find, what they are shown, and what is audited.
const context = useTestContext({
  config: { AVS_PUBLIC_RATE_LIMIT_PER_SECOND: 0.01, AVS_PUBLIC_RATE_LIMIT_BURST: 25 },
});

type Account = Awaited<ReturnType<TestContext['createAccountWithKey']>>;
type Auth = Account['auth'];

let owner: Account;
let other: Account;
let searcher: Account;
/** Real photographs (test/fixtures/photos): 1 public and issued, 2 another account's private, 3 private of a stolen asset. */
const photos: Record<number, Buffer> = {};
const PHOTO_FILES: Record<number, string> = {
  1: 'dune.jpg',
  2: 'garden.jpg',
  3: 'storm.jpg',
  4: 'wood.jpg',
  5: 'aqua.jpg',
  6: 'lady-bird.jpg',
  99: 'rain-drops.jpg',
};
let issued: CreatedAsset;
let stolen: CreatedAsset;
let issuedImage: MediaRecordType;
let addressCount = 0;
/** A fresh client address: the keyless search's bucket is per address (AVS_PUBLIC_RATE_LIMIT_BURST 25 here). */
const freshAddress = () => `10.34.0.${++addressCount}`;

/** The type of a picture by its first bytes (the fixtures are JPEG; a PDF is sent as one). */
const typeOf = (image: Buffer) =>
  image[0] === 0x89 ? 'image/png' : image[0] === 0x25 ? 'application/pdf' : 'image/jpeg';

/** The same picture as a dealer's copy of it: half the size, JPEG quality 60. */
const resizedJpeg = async (photo: Buffer) =>
  sharp(photo)
    .resize({ width: Math.round((await sharp(photo).metadata()).width / 2) })
    .jpeg({ quality: 60 })
    .toBuffer();

async function upload(account: Account, asset: CreatedAsset, file: Buffer, query = '', type = typeOf(file)) {
  const response = await context.app.inject({
    method: 'POST',
    url: `/files/v1/assets/${asset.planet}/${asset.id}/media${query}`,
    headers: { ...account.auth, 'content-type': type },
    payload: file,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<MediaRecordType>();
}

function search(auth: Auth, image: Buffer, type = typeOf(image)) {
  return context.app.inject({
    method: 'POST',
    url: '/files/v1/search',
    headers: { ...auth, 'content-type': type },
    payload: image,
  });
}

async function matchesOf(auth: Auth, image: Buffer) {
  const response = await search(auth, image);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json<PhotoSearchResponseType>().matches;
}

function publicSearch(image: Buffer, remoteAddress = freshAddress(), type = typeOf(image)) {
  return context.app.inject({
    method: 'POST',
    url: '/c/search',
    headers: { 'content-type': type },
    payload: image,
    remoteAddress,
  });
}

/** The pHash a medium was stored with, unsigned (the index's key). */
const storedPhash = async (mediaId: string) =>
  BigInt.asUintN(
    64,
    BigInt(
      (
        await context.db.query<{ phash: string }>(
          'SELECT phash::text AS phash FROM media_fingerprints WHERE media_id = $1',
          [mediaId],
        )
      ).rows[0]!.phash,
    ),
  );

const photoLookups = async (assetId: string) =>
  (
    await context.db.query(
      `SELECT account_id, api_key_id, client_address FROM alert_lookups WHERE asset_id = $1 AND lookup = 'photo'
       ORDER BY created_at`,
      [assetId],
    )
  ).rows;

beforeAll(async () => {
  owner = await context.createAccountWithKey({ name: 'Galerie Nord' });
  other = await context.createAccountWithKey({ name: 'Private collector' });
  searcher = await context.createAccountWithKey({ name: 'Pawnbroker' });
  for (const [key, file] of Object.entries(PHOTO_FILES)) photos[Number(key)] = fixturePhoto(file);

  issued = await createAssetViaApi(context.app, owner.auth);
  issuedImage = await upload(owner, issued, photos[1]!, '?public=true');
  await issueCertificateForTest(context.db, issued);

  const collected = await createAssetViaApi(context.app, other.auth, 'watches', { title: 'Calatrava' });
  await upload(other, collected, photos[2]!);
  await issueCertificateForTest(context.db, collected);

  stolen = await createAssetViaApi(context.app, other.auth, 'artworks', { title: 'The Scream' });
  await upload(other, stolen, photos[3]!);
  await issueCertificateForTest(context.db, stolen);
  const raised = await context.app.inject({
    method: 'POST',
    url: `/api/v1/assets/artworks/${stolen.id}/alerts`,
    headers: other.auth,
    payload: { kind: 'stolen', occurred_at: '2026-01-05' },
  });
  expect(raised.statusCode, raised.body).toBe(201);
});

describe('POST /files/v1/search', () => {
  it('finds the public image of an issued certificate after a resize and a JPEG re-encode, and shows it', async () => {
    const [match, ...rest] = await matchesOf(searcher.auth, await resizedJpeg(photos[1]!));
    expect(rest).toEqual([]);
    expect(match).toMatchObject({
      certificate_number: issued.certificate_number,
      planet: 'artworks',
      title: 'Water Lilies',
      image_url: issuedImage.url,
      alert: null,
    });
    expect(match!.distance).toBeLessThanOrEqual(10);
    expect(['exact', 'likely', 'possible']).toContain(match!.confidence);
    // Nothing was reported: nothing is audited.
    expect(await photoLookups(issued.id)).toEqual([]);
  });

  it("never returns another account's private image, exact copy or not; its owner finds it", async () => {
    expect(await matchesOf(searcher.auth, photos[2]!)).toEqual([]);
    expect(await matchesOf(searcher.auth, await resizedJpeg(photos[2]!))).toEqual([]);
    const own = await matchesOf(other.auth, photos[2]!);
    expect(own).toMatchObject([
      { title: 'Calatrava', image_url: expect.stringMatching(/^\/files\/v1\/media\//) },
    ]);
    // Its owner's key for other planets only: out of its search.
    const artworksOnly = await context.createApiKey(other.accountId, { planetScope: ['artworks'] });
    expect(await matchesOf({ authorization: `Bearer ${artworksOnly.key}` }, photos[2]!)).toEqual([]);
  });

  it('finds a stolen asset by its private photograph, never shows it, and puts the search in its audit', async () => {
    const matches = await matchesOf(searcher.auth, await resizedJpeg(photos[3]!));
    expect(matches).toEqual([
      expect.objectContaining({
        certificate_number: stolen.certificate_number,
        title: 'The Scream',
        image_url: null,
        alert: { kind: 'stolen', since: '2026-01-05T00:00:00.000Z' },
      }),
    ]);
    expect(await photoLookups(stolen.id)).toEqual([
      { account_id: searcher.accountId, api_key_id: searcher.apiKey.id, client_address: null },
    ]);
  });

  it('answers an empty list for an unrelated picture', async () => {
    expect(await matchesOf(searcher.auth, await resizedJpeg(photos[99]!))).toEqual([]);
  });

  it('refuses what is not a decodable image: 415 for a PDF or a wrong type, 422 for a broken image, 413 past the limit', async () => {
    const pdf = await search(searcher.auth, pdfDocument(), 'application/pdf');
    expect([pdf.statusCode, pdf.json().code]).toEqual([415, 'unsupported_media_type']);
    const mismatch = await search(searcher.auth, photos[1]!, 'image/png');
    expect([mismatch.statusCode, mismatch.json().code]).toEqual([415, 'unsupported_media_type']);
    const jpeg = await resizedJpeg(photos[1]!);
    const broken = await search(searcher.auth, Buffer.concat([jpeg.subarray(0, 40), Buffer.alloc(200)]));
    expect([broken.statusCode, broken.json().code]).toEqual([422, 'invalid_media']);
    const huge = await search(searcher.auth, Buffer.alloc(context.config.AVS_MEDIA_MAX_BYTES + 1, 0xff));
    expect([huge.statusCode, huge.json().code]).toEqual([413, 'payload_too_large']);
    expect((await search({ authorization: 'Bearer nope' }, jpeg)).statusCode).toBe(401);
  });
});

describe('POST /c/search (no key)', () => {
  it('finds only assets with an open alert, without their private image; the address is audited', async () => {
    const stolenAnswer = await publicSearch(await resizedJpeg(photos[3]!), '10.34.9.9');
    expect(stolenAnswer.statusCode, stolenAnswer.body).toBe(200);
    expect(stolenAnswer.json<PhotoSearchResponseType>().matches).toMatchObject([
      { certificate_number: stolen.certificate_number, image_url: null, alert: { kind: 'stolen' } },
    ]);
    expect(await photoLookups(stolen.id)).toContainEqual({
      account_id: null,
      api_key_id: null,
      client_address: '10.34.9.9',
    });
    // A public image of an issued certificate is a key's find, not the public's.
    const issuedAnswer = await publicSearch(photos[1]!);
    expect(issuedAnswer.json<PhotoSearchResponseType>().matches).toEqual([]);
  });

  it('answers the look-up page form with a page of cards, and errors as pages', async () => {
    const boundary = 'photo-search-boundary';
    const form = (file: Buffer) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="offer.jpg"\r\n` +
            'Content-Type: image/jpeg\r\n\r\n',
        ),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
    const post = (file: Buffer) =>
      context.app.inject({
        method: 'POST',
        url: '/c/search',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: form(file),
        remoteAddress: freshAddress(),
      });
    const page = await post(await resizedJpeg(photos[3]!));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('1 reported asset looks like this photograph');
    expect(page.body).toContain(`href="/c/${stolen.certificate_number}"`);
    expect(page.body).not.toContain('/files/v1/media/');
    const refused = await post(pdfDocument());
    expect(refused.statusCode).toBe(415);
    expect(refused.body).toContain('not a JPEG, PNG or WebP image');
  });

  it('limits searches per client address: 429 once the bucket is spent', async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++)
      statuses.push((await publicSearch(photos[99]!, address)).statusCode);
    // 25 tokens, 10 a search: two searches, a third while a token is left, then refused.
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await publicSearch(photos[99]!, address);
    expect(refused.json().code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('what the index may no longer answer', () => {
  it('does not return a deleted medium, even from a stale index entry', async () => {
    const draft = await createAssetViaApi(context.app, owner.auth, 'artworks', { title: 'Draft' });
    const medium = await upload(owner, draft, photos[4]!);
    expect(await matchesOf(owner.auth, photos[4]!)).toMatchObject([{ title: 'Draft' }]);
    const phash = await storedPhash(medium.id);
    const removed = await context.app.inject({
      method: 'DELETE',
      url: `/api/v1/assets/artworks/${draft.id}/media/${medium.id}`,
      headers: owner.auth,
    });
    expect(removed.statusCode).toBe(200);
    expect(await matchesOf(owner.auth, photos[4]!)).toEqual([]);
    // Another instance's index still holding it: the search re-checks in SQL, and forgets it.
    const { fingerprintCatalogue } = context.app;
    fingerprintCatalogue.noteAdded(medium.id, { phash });
    const size = fingerprintCatalogue.index.size;
    expect(await matchesOf(owner.auth, photos[4]!)).toEqual([]);
    expect(fingerprintCatalogue.index.size).toBe(size - 1);
  });

  it('forgets a revoked certificate and a resolved alert', async () => {
    const revoked = await createAssetViaApi(context.app, owner.auth, 'artworks', { title: 'Revoked' });
    await upload(owner, revoked, photos[5]!, '?public=true');
    await issueCertificateForTest(context.db, revoked);
    expect(await matchesOf(searcher.auth, photos[5]!)).toHaveLength(1);
    await moveCertificateForTest(context.db, revoked, 'revoke', 'Forged papers');
    expect(await matchesOf(searcher.auth, photos[5]!)).toEqual([]);

    const [alert] = (
      await context.db.query<{ id: string }>(
        'SELECT id FROM asset_alerts WHERE asset_id = $1 AND resolved_at IS NULL',
        [stolen.id],
      )
    ).rows;
    const resolved = await context.app.inject({
      method: 'POST',
      url: `/api/v1/assets/artworks/${stolen.id}/alerts/${alert!.id}/resolve`,
      headers: other.auth,
      payload: { outcome: 'recovered' },
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(await matchesOf(searcher.auth, photos[3]!)).toEqual([]);
    expect((await publicSearch(photos[3]!)).json()).toEqual({ matches: [] });
  });
});

describe('fingerprints stored before photo search, and in the backup', () => {
  it('fingerprints every image (not a PDF) and the backfill fingerprints media stored without one', async () => {
    const draft = await createAssetViaApi(context.app, owner.auth, 'artworks', { title: 'Before' });
    const pdf = await upload(owner, draft, pdfDocument());
    const medium = await upload(owner, draft, photos[6]!);
    const rowOf = async (id: string) =>
      (
        await context.db.query('SELECT phash::text AS phash FROM media_fingerprints WHERE media_id = $1', [
          id,
        ])
      ).rows[0];
    expect(await rowOf(pdf.id)).toBeUndefined();
    const written = await rowOf(medium.id);
    expect(written).toBeDefined();
    // As if stored before this feature: no row, not in the index.
    await context.db.query('DELETE FROM media_fingerprints WHERE media_id = $1', [medium.id]);
    context.app.fingerprintCatalogue.noteRemoved(medium.id);
    expect(await matchesOf(owner.auth, photos[6]!)).toEqual([]);
    expect(await context.app.fingerprintBackfill.runOnce()).toBe(1);
    expect(await rowOf(medium.id)).toEqual(written);
    expect(await matchesOf(owner.auth, photos[6]!)).toMatchObject([{ title: 'Before' }]);
  });

  it('carries the fingerprints in the backup; a restored service loads and finds them', async () => {
    await withRestoredCopy(context.db, async (restoredDb, summary) => {
      expect(summary.tables.media_fingerprints).toBeGreaterThan(0);
      const rows = 'SELECT media_id, asset_id, phash, seq FROM media_fingerprints ORDER BY seq';
      expect((await restoredDb.query(rows)).rows).toEqual((await context.db.query(rows)).rows);
      // A service started on the restored database loads them at start: it finds the issued image.
      const restored = new FingerprintCatalogue(restoredDb);
      await restored.catchUp();
      expect(restored.index.size).toBe(summary.tables.media_fingerprints);
      const found = restored.index.search({ phash: await storedPhash(issuedImage.id) });
      expect(found).toContainEqual({ mediaId: issuedImage.id, distance: 0 });
    });
  });
});
