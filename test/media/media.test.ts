import { createHash } from 'node:crypto';
import { base64urlnopad } from '@scure/base';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { MediaRecordType } from '../../src/modules/media/media.schemas.js';
import { createAssetViaApi } from '../helpers/asset-factory.js';
import { expectSecurityRefusals, securityCases } from '../helpers/security-cases.js';
import { useTestContext } from '../helpers/test-app.js';
import { verifyCredential } from '../../src/modules/credentials/credential-verifier.js';
import {
  CREDENTIALS_TEST_CONFIG,
  moveCertificate,
  publicCredential,
  servedBy,
} from '../credentials/credential-helpers.js';
import { jpegImage, jpegMarkers, jpegWithGps, pdfDocument, pngImage, webpImage } from './media-fixtures.js';

const context = useTestContext({ config: CREDENTIALS_TEST_CONFIG });

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function upload(
  auth: { authorization: string } | Record<string, never>,
  asset: { id: string; planet?: string },
  file: Buffer,
  contentType: string,
  query = '',
) {
  return context.app.inject({
    method: 'POST',
    url: `/files/v1/assets/${asset.planet ?? 'artworks'}/${asset.id}/media${query}`,
    headers: { ...auth, 'content-type': contentType },
    payload: file,
  });
}

async function download(mediaId: string, auth: { authorization: string } | Record<string, never> = {}) {
  return context.app.inject({ method: 'GET', url: `/files/v1/media/${mediaId}`, headers: auth });
}

describe('media upload', () => {
  it('accepts each of the four types, with the type read from the bytes and image dimensions', async () => {
    const { auth } = await context.createAccountWithKey();
    const asset = await createAssetViaApi(context.app, auth);
    const files: [string, Buffer, number | null, number | null][] = [
      ['image/jpeg', await jpegImage(64, 48), 64, 48],
      ['image/png', pngImage(30, 20), 30, 20],
      ['image/webp', await webpImage(40, 10), 40, 10],
      ['application/pdf', pdfDocument(), null, null],
    ];
    for (const [type, bytes, width, height] of files) {
      const response = await upload(auth, asset, bytes, type, '?caption=Front&public=true');
      expect(response.statusCode, response.body).toBe(201);
      const record = response.json<MediaRecordType>();
      expect(record).toMatchObject({
        asset_id: asset.id,
        planet: 'artworks',
        content_type: type,
        width,
        height,
        caption: 'Front',
        public: true,
      });
      const served = await download(record.id, auth);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers.etag).toBe(`"${record.sha256}"`);
      expect(served.rawPayload.length).toBe(record.bytes);
      expect(sha256(served.rawPayload)).toBe(record.sha256);
      if (type === 'application/pdf') expect(served.rawPayload.equals(bytes)).toBe(true);
      else expect((await sharp(served.rawPayload).metadata()).format).toBe(type.split('/')[1]);
    }
    const list = await context.app.inject({
      method: 'GET',
      url: `/api/v1/assets/artworks/${asset.id}/media`,
      headers: auth,
    });
    expect(list.json<{ data: MediaRecordType[] }>().data.map((m) => m.content_type)).toEqual(
      files.map(([type]) => type),
    );
  });

  it('refuses a PNG sent as image/jpeg, and types it does not take, with 415', async () => {
    const { auth } = await context.createAccountWithKey();
    const asset = await createAssetViaApi(context.app, auth);
    const mismatch = await upload(auth, asset, pngImage(), 'image/jpeg');
    expect(mismatch.statusCode).toBe(415);
    expect(mismatch.json()).toMatchObject({
      code: 'unsupported_media_type',
      error: 'The file is image/png, not the image/jpeg its Content-Type declares.',
    });
    const text = await upload(auth, asset, Buffer.from('hello'), 'text/plain');
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toBe(
      'Content-Type must be one of image/jpeg, image/png, image/webp, application/pdf, image/tiff, image/heic, image/heif.',
    );
    const gif = await upload(auth, asset, Buffer.from('GIF89a....'), 'image/png');
    expect(gif.statusCode).toBe(415);
    expect(gif.json<{ error: string }>().error).toBe(
      'The file is not image/png, nor any type this service accepts (its first bytes say so).',
    );
    const empty = await upload(auth, asset, Buffer.alloc(0), 'image/png');
    expect(empty.statusCode).toBe(415);
    const broken = await upload(auth, asset, pngImage().subarray(0, 60), 'image/png');
    expect(broken.statusCode).toBe(422);
    expect(broken.json().code).toBe('invalid_media');
  });

  it('refuses a 41 MiB body with 413 and the error body, naming the limit in MB', async () => {
    const { auth } = await context.createAccountWithKey();
    const asset = await createAssetViaApi(context.app, auth);
    const big = Buffer.alloc(41 * 1024 * 1024);
    pngImage().copy(big);
    const response = await upload(auth, asset, big, 'image/png');
    expect(response.statusCode).toBe(413);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({
      error: 'The file is larger than 40 MB.',
      code: 'payload_too_large',
      request_id: expect.any(String),
    });
  });

  it('removes EXIF with GPS from a JPEG: the stored image has no APP1 segment and no coordinates', async () => {
    const { auth } = await context.createAccountWithKey();
    const asset = await createAssetViaApi(context.app, auth);
    const withGps = await jpegWithGps();
    // The fixture really carries them: an APP1 segment that a decoder reads as EXIF with a GPS IFD.
    expect(jpegMarkers(withGps)).toContain(0xffe1);
    expect((await sharp(withGps).metadata()).exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const response = await upload(auth, asset, withGps, 'image/jpeg');
    expect(response.statusCode, response.body).toBe(201);
    const stored = (await download(response.json<MediaRecordType>().id, auth)).rawPayload;
    expect(jpegMarkers(stored)).not.toContain(0xffe1);
    expect(stored.includes(Buffer.from('Exif\0\0', 'ascii'))).toBe(false);
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect(response.json()).toMatchObject({ width: 80, height: 60 });
  });

  it('stores the same file once, however often it is attached', async () => {
    const { auth } = await context.createAccountWithKey();
    const first = await createAssetViaApi(context.app, auth);
    const second = await createAssetViaApi(context.app, auth);
    const png = pngImage(33, 33);
    const records = [];
    for (const asset of [first, first, second]) {
      const response = await upload(auth, asset, png, 'image/png');
      expect(response.statusCode).toBe(201);
      records.push(response.json<MediaRecordType>());
    }
    expect(new Set(records.map((record) => record.id)).size).toBe(3);
    expect(new Set(records.map((record) => record.sha256)).size).toBe(1);
    const blobs = await context.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM media_blobs WHERE sha256 = $1',
      [records[0]!.sha256],
    );
    const chunks = await context.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM media_chunks WHERE sha256 = $1',
      [records[0]!.sha256],
    );
    expect(blobs.rows[0]!.count).toBe(1);
    expect(chunks.rows[0]!.count).toBe(1);
  });

  it('answers another account with 404 for the upload, the record and the bytes', async () => {
    const owner = await context.createAccountWithKey();
    const other = await context.createAccountWithKey();
    const asset = await createAssetViaApi(context.app, owner.auth);
    const refused = await upload(other.auth, asset, pngImage(), 'image/png');
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('asset_not_found');

    const record = (
      await upload(owner.auth, asset, pngImage(), 'image/png', '?public=true')
    ).json<MediaRecordType>();
    const metadata = await context.app.inject({
      method: 'GET',
      url: `/api/v1/assets/artworks/${asset.id}/media/${record.id}`,
      headers: other.auth,
    });
    expect(metadata.statusCode).toBe(404);
    expect((await download(record.id, other.auth)).statusCode).toBe(404);
    const list = await context.app.inject({
      method: 'GET',
      url: `/api/v1/assets/artworks/${asset.id}/media`,
      headers: other.auth,
    });
    expect(list.json()).toEqual({ data: [] });
    const removal = await context.app.inject({
      method: 'DELETE',
      url: `/api/v1/assets/artworks/${asset.id}/media/${record.id}`,
      headers: other.auth,
    });
    expect(removal.statusCode).toBe(404);
  });

  it('refuses an upload without a key (401) and with a key of another planet (400)', async () => {
    const owner = await context.createAccountWithKey();
    const asset = await createAssetViaApi(context.app, owner.auth);
    const anonymous = await upload({}, asset, pngImage(), 'image/png');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['www-authenticate']).toBe('Bearer');
    const scoped = await context.createApiKey(owner.accountId, { planetScope: ['watches'] });
    const outOfScope = await upload(
      { authorization: `Bearer ${scoped.key}` },
      asset,
      pngImage(),
      'image/png',
    );
    expect(outOfScope.statusCode).toBe(400);
    expect(outOfScope.json().code).toBe('planet_scope_mismatch');
  });
  it('replays an upload retried with the same Idempotency-Key, and refuses another file under it', async () => {
    const { auth } = await context.createAccountWithKey();
    const asset = await createAssetViaApi(context.app, auth);
    const withKey = { ...auth, 'idempotency-key': 'upload-1' };
    const first = await upload(withKey, asset, pngImage(11, 11), 'image/png');
    const retry = await upload(withKey, asset, pngImage(11, 11), 'image/png');
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json<MediaRecordType>().id).toBe(first.json<MediaRecordType>().id);
    const other = await upload(withKey, asset, pngImage(12, 12), 'image/png');
    expect(other.statusCode).toBe(422);
    expect(other.json<{ code: string }>().code).toBe('idempotency_key_reused');
  });
});

describe('who may read the bytes', () => {
  it('never serves a private medium without the owner key, before or after the issue', async () => {
    const owner = await context.createAccountWithKey();
    const other = await context.createAccountWithKey();
    const asset = await createAssetViaApi(context.app, owner.auth);
    const privateOne = (
      await upload(owner.auth, asset, pngImage(10, 10), 'image/png')
    ).json<MediaRecordType>();
    const publicOne = (
      await upload(owner.auth, asset, pngImage(12, 12), 'image/png', '?public=true')
    ).json<MediaRecordType>();
    expect(privateOne.public).toBe(false);

    // Before the issue nothing is public.
    expect((await download(publicOne.id)).statusCode).toBe(404);
    expect((await download(privateOne.id)).statusCode).toBe(404);

    await moveCertificate(context.app, asset.certificate_number, 'issue');
    const open = await download(publicOne.id);
    expect(open.statusCode).toBe(200);
    expect(open.headers['cache-control']).toBe('public, max-age=3600');
    expect(open.headers['x-content-type-options']).toBe('nosniff');
    for (const auth of [{}, other.auth]) {
      const closed = await download(privateOne.id, auth);
      expect(closed.statusCode).toBe(404);
      expect(closed.json().code).toBe('media_not_found');
    }
    const ownerRead = await download(privateOne.id, owner.auth);
    expect(ownerRead.statusCode).toBe(200);
    expect(ownerRead.headers['cache-control']).toBe('private, no-cache');

    // Another key sees the public record only.
    const list = await context.app.inject({
      method: 'GET',
      url: `/api/v1/assets/artworks/${asset.id}/media`,
      headers: other.auth,
    });
    expect(list.json<{ data: MediaRecordType[] }>().data.map((m) => m.id)).toEqual([publicOne.id]);
    // A bad key is 401, not a public read.
    expect((await download(publicOne.id, { authorization: 'Bearer pk_svc_nope' })).statusCode).toBe(401);
    expect((await download('not-a-uuid')).statusCode).toBe(404);
  });
});

describe('history, state and the credential', () => {
  it('records MEDIA_ADDED and MEDIA_REMOVED of a public medium with the hash, and keeps the history verifiable', async () => {
    const { auth } = await context.createAccountWithKey();
    const asset = await createAssetViaApi(context.app, auth);
    // A private medium's events carry a salted commitment instead: test/media/private-media.test.ts.
    const record = (
      await upload(auth, asset, pngImage(21, 21), 'image/png', '?public=true')
    ).json<MediaRecordType>();
    const removal = await context.app.inject({
      method: 'DELETE',
      url: `/api/v1/assets/artworks/${asset.id}/media/${record.id}`,
      headers: auth,
    });
    expect(removal.statusCode).toBe(200);
    expect(removal.json<MediaRecordType>().id).toBe(record.id);
    expect((await download(record.id, auth)).statusCode).toBe(404);
    const blobs = await context.db.query('SELECT 1 FROM media_blobs WHERE sha256 = $1', [record.sha256]);
    expect(blobs.rows).toHaveLength(0);

    const history = await context.app.inject({
      method: 'GET',
      url: `/api/v1/assets/artworks/${asset.id}/history`,
      headers: auth,
    });
    const events = history.json<{ data: unknown[] }>().data as {
      event_type: string;
      payload: Record<string, unknown>;
    }[];
    expect(events.map((event) => event.event_type)).toEqual(['CREATED', 'MEDIA_ADDED', 'MEDIA_REMOVED']);
    expect(events[1]!.payload).toMatchObject({ media_id: record.id, sha256: record.sha256 });
    expect(events[2]!.payload).toMatchObject({ media_id: record.id, sha256: record.sha256 });

    await moveCertificate(context.app, asset.certificate_number, 'issue');
    const verify = await context.app.inject({
      method: 'POST',
      url: '/api/v1/verify',
      headers: auth,
      payload: { planet: 'artworks', asset_id: asset.id },
    });
    expect(verify.json()).toMatchObject({ verified: true });
  });

  it('refuses uploads and removals once the certificate is no longer pending (409)', async () => {
    const { auth } = await context.createAccountWithKey();
    const asset = await createAssetViaApi(context.app, auth);
    const record = (await upload(auth, asset, pngImage(), 'image/png')).json<MediaRecordType>();
    await moveCertificate(context.app, asset.certificate_number, 'issue');
    const late = await upload(auth, asset, pngImage(5, 5), 'image/png');
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('Cannot add media to an asset whose certificate is issued.');
    const removal = await context.app.inject({
      method: 'DELETE',
      url: `/api/v1/assets/artworks/${asset.id}/media/${record.id}`,
      headers: auth,
    });
    expect(removal.statusCode).toBe(409);
  });

  it("lists every public medium's digest in the signed credential, matching the stored bytes", async () => {
    const { auth } = await context.createAccountWithKey();
    const asset = await createAssetViaApi(context.app, auth);
    const image = (
      await upload(auth, asset, await jpegWithGps(), 'image/jpeg', '?public=true')
    ).json<MediaRecordType>();
    const report = (
      await upload(auth, asset, pdfDocument(), 'application/pdf', '?public=true')
    ).json<MediaRecordType>();
    await moveCertificate(context.app, asset.certificate_number, 'issue');
    const credential = (await publicCredential(context.app, asset.certificate_number)) as {
      relatedResource: { id: string; mediaType: string; digestMultibase: string; digestSRI: string }[];
    };
    expect(credential.relatedResource.map((resource) => resource.id)).toEqual([
      `${CREDENTIALS_TEST_CONFIG.AVS_PUBLIC_URL}/files/v1/media/${image.id}`,
      `${CREDENTIALS_TEST_CONFIG.AVS_PUBLIC_URL}/files/v1/media/${report.id}`,
    ]);
    for (const [resource, record] of [
      [credential.relatedResource[0]!, image],
      [credential.relatedResource[1]!, report],
    ] as const) {
      const bytes = (await download(record.id, auth)).rawPayload;
      expect(resource.mediaType).toBe(record.content_type);
      // multibase 'u' (base64url, no padding) of the multihash: 0x12 (sha2-256), 0x20 (32 bytes), digest.
      expect(resource.digestMultibase.startsWith('u')).toBe(true);
      const multihash = Buffer.from(base64urlnopad.decode(resource.digestMultibase.slice(1)));
      expect([...multihash.subarray(0, 2)]).toEqual([0x12, 0x20]);
      expect(multihash.subarray(2).toString('hex')).toBe(sha256(bytes));
      expect(resource.digestSRI).toBe(`sha384-${createHash('sha384').update(bytes).digest('base64')}`);
    }
    // Our own offline verifier (avs verify-credential) still says VALID with the media listed.
    expect((await verifyCredential(credential, servedBy(context.app))).result).toBe('VALID');
  });
});

describe('the shared refusals on every media endpoint', () => {
  it('refuses no key, bad, revoked and expired keys, another scheme, and a key of another planet', async () => {
    const { auth } = await context.createAccountWithKey();
    const asset = await createAssetViaApi(context.app, auth);
    const record = (await upload(auth, asset, pngImage(7, 7), 'image/png')).json<MediaRecordType>();
    const cases = await securityCases(context, { planet: 'artworks' });
    const base = `/api/v1/assets/artworks/${asset.id}/media`;
    for (const request of [
      {
        method: 'POST' as const,
        url: `/files/v1/assets/artworks/${asset.id}/media`,
        headers: { 'content-type': 'image/png' },
        payload: pngImage(7, 7),
      },
      { method: 'GET' as const, url: base },
      { method: 'GET' as const, url: `${base}/${record.id}` },
      { method: 'DELETE' as const, url: `${base}/${record.id}` },
    ])
      await expectSecurityRefusals(context, cases, request);
    // The download has no planet in its path, and no key is a public read (404 for a private medium).
    const keyCases = cases.filter((entry) => entry.status === 401 && entry.name !== 'no key');
    await expectSecurityRefusals(context, keyCases, { method: 'GET', url: `/files/v1/media/${record.id}` });
    expect((await download(record.id)).statusCode).toBe(404);
    expect((await download(record.id, auth)).statusCode).toBe(200);
  });
});
