import { createHash, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { canReadHeic } from '../../src/modules/media/media-processing.js';
import type { MediaRecordType } from '../../src/modules/media/media.schemas.js';
import type { PhotoSearchResponseType } from '../../src/modules/photo-search/photo-search.schemas.js';
import { postMultipart } from '../console/console-multipart.js';
import { CREDENTIALS_TEST_CONFIG, publicCredential } from '../credentials/credential-helpers.js';
import { createAssetViaApi, issueCertificateForTest, type CreatedAsset } from '../helpers/asset-factory.js';
import { useTestContext, type TestContext } from '../helpers/test-app.js';
import { joinedMember } from '../members/member-helpers.js';
import { cameraJpegWithGps, fixturePhoto, heicPhoto, jpegMarkers, webpBomb } from './media-fixtures.js';

// Issue #47, "Photos as people take them": a camera's JPEG of 100 megapixels, a TIFF and a HEIC (or its clear
// refusal), each stored at most 4096 px long; refusals in people's units; the visibility switched while pending.
const context = useTestContext({
  config: { ...CREDENTIALS_TEST_CONFIG, AVS_PUBLIC_RATE_LIMIT_BURST: 1000 },
});

type Account = Awaited<ReturnType<TestContext['createAccountWithKey']>>;
type Editor = Awaited<ReturnType<typeof joinedMember>>;
type HistoryEvent = { event_type: string; payload: Record<string, unknown> };

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const commitmentOf = (saltHex: string, digestHex: string) =>
  sha256(Buffer.concat([Buffer.from(saltHex, 'hex'), Buffer.from(digestHex, 'hex')]));

let owner: Account;
let editor: Editor;
let camera: Buffer;

beforeAll(async () => {
  owner = await context.createAccountWithKey({ name: 'Galerie Nord' });
  editor = await joinedMember(
    context.app,
    context.db,
    owner.accountId,
    `editor-${randomUUID()}@example.com`,
    'editor',
  );
  camera = await cameraJpegWithGps();
});

function upload(asset: CreatedAsset, file: Buffer, contentType: string, query = '') {
  return context.app.inject({
    method: 'POST',
    url: `/files/v1/assets/artworks/${asset.id}/media${query}`,
    headers: { ...owner.auth, 'content-type': contentType },
    payload: file,
  });
}

async function uploaded(asset: CreatedAsset, file: Buffer, contentType: string, query = '') {
  const response = await upload(asset, file, contentType, query);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<MediaRecordType>();
}

/** The console's upload form, as a browser sends it (the CSRF token first). */
function uploadThroughConsole(asset: CreatedAsset, file: { name: string; type: string; bytes: Buffer }) {
  return postMultipart(
    context.app,
    `/console/assets/artworks/${asset.id}/media`,
    editor,
    [{ field: 'files', ...file }],
    { visibility: 'private' },
  );
}

async function download(record: MediaRecordType): Promise<Buffer> {
  const response = await context.app.inject({ method: 'GET', url: record.url, headers: owner.auth });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

async function historyOf(asset: CreatedAsset): Promise<HistoryEvent[]> {
  const response = await context.app.inject({
    method: 'GET',
    url: `/api/v1/assets/artworks/${asset.id}/history?limit=100`,
    headers: owner.auth,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: HistoryEvent[] }>().data;
}

/** The stored dimensions and type of every medium of the asset. */
async function storedMedia(asset: CreatedAsset) {
  const { rows } = await context.db.query<{
    content_type: string;
    width: number;
    height: number;
    public: boolean;
  }>(
    `SELECT b.content_type, b.width, b.height, m.public FROM asset_media m JOIN media_blobs b ON b.sha256 = m.sha256
     WHERE m.asset_id = $1 ORDER BY m.created_at`,
    [asset.id],
  );
  return rows;
}

/** A TIFF as a scanner or a raw converter writes one (deflate-compressed), opaque or with an alpha channel. */
async function tiffImage(width: number, height: number, transparent = false): Promise<Buffer> {
  const image = sharp(fixturePhoto('garden.jpg')).resize(width, height, { fit: 'fill' });
  return (transparent ? image.ensureAlpha(0.5) : image).tiff({ compression: 'deflate' }).toBuffer();
}

describe("a camera's JPEG of 100 megapixels", () => {
  it('is taken by the API and stored 4096 px long, without its EXIF; the history commits to the stored bytes', async () => {
    expect(camera.length).toBeGreaterThan(25 * 1000 * 1000);
    expect(await sharp(camera).metadata()).toMatchObject({ width: 12_000, height: 8_333 });
    const asset = await createAssetViaApi(context.app, owner.auth);

    const record = await uploaded(asset, camera, 'image/jpeg', '?public=true');
    expect(record).toMatchObject({ content_type: 'image/jpeg', width: 4096, height: 2844 });
    const stored = await download(record);
    expect(stored.length).toBe(record.bytes);
    expect(sha256(stored)).toBe(record.sha256);
    expect(await sharp(stored).metadata()).toMatchObject({ width: 4096, height: 2844 });
    expect(jpegMarkers(camera)).toContain(0xffe1);
    expect(jpegMarkers(stored)).not.toContain(0xffe1);
    const added = (await historyOf(asset)).find((event) => event.event_type === 'MEDIA_ADDED');
    expect(added?.payload).toMatchObject({
      sha256: sha256(stored),
      bytes: stored.length,
      content_type: 'image/jpeg',
    });
  });

  it("is taken through the console's upload form and stored 4096 px long", async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    const response = await uploadThroughConsole(asset, {
      name: 'DSC04711.JPG',
      type: 'image/jpeg',
      bytes: camera,
    });
    expect(response.statusCode, response.body).toBe(303);
    expect(await storedMedia(asset)).toEqual([
      { content_type: 'image/jpeg', width: 4096, height: 2844, public: false },
    ]);
  });
});

describe('TIFF and HEIC', () => {
  it('takes a TIFF and stores it as a JPEG at most 4096 px long; a transparent one as a PNG', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    const scan = await tiffImage(6000, 4000);
    expect(scan.subarray(0, 4).toString('latin1')).toBe('II*\0');
    const record = await uploaded(asset, scan, 'image/tiff');
    expect(record).toMatchObject({ content_type: 'image/jpeg', width: 4096, height: 2731 });
    expect((await sharp(await download(record)).metadata()).format).toBe('jpeg');

    const cutOut = await uploaded(asset, await tiffImage(300, 200, true), 'image/tiff');
    expect(cutOut).toMatchObject({ content_type: 'image/png', width: 300, height: 200 });
    // A TIFF sent as a JPEG is read for what it is.
    const mislabelled = await upload(asset, scan, 'image/jpeg');
    expect(mislabelled.statusCode).toBe(415);
    expect(mislabelled.json().error).toBe(
      'The file is image/tiff, not the image/jpeg its Content-Type declares.',
    );
  });

  it('takes a TIFF through the console', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    const response = await uploadThroughConsole(asset, {
      name: 'scan.tif',
      type: 'image/tiff',
      bytes: await tiffImage(5000, 2500),
    });
    expect(response.statusCode, response.body).toBe(303);
    expect(await storedMedia(asset)).toEqual([
      { content_type: 'image/jpeg', width: 4096, height: 2048, public: false },
    ]);
  });

  it('takes a HEIC where libvips decodes HEVC, and otherwise refuses it with a sentence naming what it takes', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    const heic = heicPhoto();
    expect(heic.subarray(4, 12).toString('latin1')).toBe('ftypheic');
    const byApi = await upload(asset, heic, 'image/heic');
    // A browser that does not know the type declares application/octet-stream: the bytes say HEIC.
    const byConsole = await uploadThroughConsole(asset, {
      name: 'IMG_0042.HEIC',
      type: 'application/octet-stream',
      bytes: heic,
    });
    if (await canReadHeic()) {
      expect(byApi.statusCode, byApi.body).toBe(201);
      expect(byApi.json()).toMatchObject({ content_type: 'image/jpeg', width: 320, height: 200 });
      expect(byConsole.statusCode).toBe(303);
      return;
    }
    const sentence =
      'HEIC and HEIF photos cannot be read here. Send a JPEG, PNG, WebP or TIFF photo, or a PDF (an iPhone saves JPEG under Settings › Camera › Formats › Most Compatible).';
    expect(byApi.statusCode).toBe(415);
    expect(byApi.json()).toMatchObject({ code: 'unsupported_media_type', error: sentence });
    expect(byConsole.statusCode).toBe(415);
    expect(byConsole.body).toContain(sentence);
    expect(await storedMedia(asset)).toEqual([]);
  });
});

describe("refusals in people's units", () => {
  it('the console says a file over the limit is larger than 40 MB, never the setting', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    const response = await uploadThroughConsole(asset, {
      name: 'huge.jpg',
      type: 'image/jpeg',
      bytes: Buffer.concat([camera, Buffer.alloc(41 * 1024 * 1024 - camera.length)]),
    });
    expect(response.statusCode).toBe(413);
    expect(response.body).toContain('The file is larger than 40 MB.');
    expect(response.body).not.toContain('AVS_MEDIA');
  });

  it('the console says an image over the pixel limit has more than 100 megapixels', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    const response = await uploadThroughConsole(asset, {
      name: 'bomb.webp',
      type: 'image/webp',
      bytes: await webpBomb(),
    });
    expect(response.statusCode).toBe(422);
    expect(response.body).toContain('The picture has more than 100 megapixels; send a smaller one.');
    expect(response.body).not.toContain('AVS_MEDIA');
  });
});

describe('switching a medium between public and private while the certificate is pending', () => {
  const patch = (asset: CreatedAsset, mediaId: string, body: unknown, auth = owner.auth) =>
    context.app.inject({
      method: 'PATCH',
      url: `/api/v1/assets/artworks/${asset.id}/media/${mediaId}`,
      headers: { ...auth, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  it('records each switch in the history, once however often it is asked, and refuses it after the issue', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    const photo = await uploaded(asset, fixturePhoto('dune.jpg'), 'image/jpeg');
    const report = await uploaded(asset, fixturePhoto('wood.jpg'), 'image/jpeg', '?public=true');

    const madePublic = await patch(asset, photo.id, { public: true });
    expect(madePublic.statusCode, madePublic.body).toBe(200);
    expect(madePublic.json()).toMatchObject({ id: photo.id, public: true, commitment_salt: null });
    expect((await patch(asset, photo.id, { public: true })).json()).toMatchObject({ public: true });

    const madePrivate = (await patch(asset, report.id, { public: false })).json<MediaRecordType>();
    expect(madePrivate.public).toBe(false);
    expect(madePrivate.commitment_salt).toMatch(/^[0-9a-f]{64}$/);

    const switches = (await historyOf(asset)).filter(
      (event) => event.event_type === 'MEDIA_VISIBILITY_CHANGED',
    );
    expect(switches.map((event) => event.payload)).toEqual([
      {
        source: 'api',
        api_key_id: owner.apiKey.id,
        media_id: photo.id,
        public: true,
        sha256: photo.sha256,
        content_type: 'image/jpeg',
        bytes: photo.bytes,
      },
      {
        source: 'api',
        api_key_id: owner.apiKey.id,
        media_id: report.id,
        public: false,
        commitment: commitmentOf(madePrivate.commitment_salt!, report.sha256),
      },
    ]);

    const stranger = await context.createAccountWithKey();
    expect((await patch(asset, photo.id, { public: false }, stranger.auth)).statusCode).toBe(404);
    expect((await patch(asset, randomUUID(), { public: false })).json().code).toBe('media_not_found');
    expect((await patch(asset, photo.id, { public: 'yes' })).statusCode).toBe(400);

    await issueCertificateForTest(context.db, asset);
    const late = await patch(asset, photo.id, { public: false });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('Cannot change media visibility on an asset whose certificate is issued.');
    // The signed credential lists the media public at the issue: the one made public, not the one made private.
    const credential = (await publicCredential(context.app, asset.certificate_number)) as {
      relatedResource: { id: string }[];
    };
    expect(credential.relatedResource.map((resource) => resource.id)).toEqual([
      `${CREDENTIALS_TEST_CONFIG.AVS_PUBLIC_URL}/files/v1/media/${photo.id}`,
    ]);
  });

  it("is a control on the console's asset page while pending, gone once issued", async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    const photo = await uploaded(asset, fixturePhoto('aqua.jpg'), 'image/jpeg');
    const path = `/console/assets/artworks/${asset.id}`;
    const page = await context.app.inject({ method: 'GET', url: path, headers: { cookie: editor.cookie } });
    expect(page.body).toContain(`action="${path}/media/${photo.id}/visibility"`);
    expect(page.body).toContain('Make public');

    const switched = await context.app.inject({
      method: 'POST',
      url: `${path}/media/${photo.id}/visibility`,
      headers: { cookie: editor.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ _csrf: editor.csrf, visibility: 'public' }).toString(),
    });
    expect(switched.statusCode, switched.body).toBe(303);
    const after = await context.app.inject({ method: 'GET', url: path, headers: { cookie: editor.cookie } });
    expect(after.body).toContain('The file is now public');
    expect(after.body).toContain('Make private');
    expect((await storedMedia(asset))[0]!.public).toBe(true);
    const events = await historyOf(asset);
    expect(events.at(-1)).toMatchObject({
      event_type: 'MEDIA_VISIBILITY_CHANGED',
      payload: { source: 'console', media_id: photo.id, public: true },
    });

    await issueCertificateForTest(context.db, asset);
    const issued = await context.app.inject({ method: 'GET', url: path, headers: { cookie: editor.cookie } });
    expect(issued.body).not.toContain('/visibility"');
    const late = await context.app.inject({
      method: 'POST',
      url: `${path}/media/${photo.id}/visibility`,
      headers: { cookie: editor.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ _csrf: editor.csrf, visibility: 'private' }).toString(),
    });
    expect(late.statusCode).toBe(409);
  });

  it('keeps both photo-search indexes right: a stolen asset found by either visibility, shown only when public and issued', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    const painting = fixturePhoto('lady-bird.jpg');
    const photo = await uploaded(asset, painting, 'image/jpeg');
    const searcher = await context.createAccountWithKey({ name: 'Pawnbroker' });
    const keyed = async (auth: { authorization: string }) => {
      const response = await context.app.inject({
        method: 'POST',
        url: '/files/v1/search',
        headers: { ...auth, 'content-type': 'image/jpeg' },
        payload: painting,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response
        .json<PhotoSearchResponseType>()
        .matches.filter((match) => match.certificate_number === asset.certificate_number);
    };
    const keyless = async () => {
      const response = await context.app.inject({
        method: 'POST',
        url: '/c/search',
        headers: { 'content-type': 'image/jpeg' },
        payload: painting,
        remoteAddress: `10.47.5.${Math.floor(Math.random() * 250)}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response
        .json<PhotoSearchResponseType>()
        .matches.filter((match) => match.certificate_number === asset.certificate_number);
    };

    // Pending: the owner finds its own image either way; another key and the public find nothing.
    await patch(asset, photo.id, { public: true });
    expect((await keyed(owner.auth)).map((match) => match.image_url)).toEqual([photo.url]);
    expect(await keyed(searcher.auth)).toEqual([]);
    expect(await keyless()).toEqual([]);

    // Reported stolen: found by anyone, public or private, never shown before the issue.
    const raised = await context.app.inject({
      method: 'POST',
      url: `/api/v1/assets/artworks/${asset.id}/alerts`,
      headers: owner.auth,
      payload: { kind: 'stolen', occurred_at: '2026-01-05' },
    });
    expect(raised.statusCode, raised.body).toBe(201);
    for (const visibility of [false, true]) {
      await patch(asset, photo.id, { public: visibility });
      expect((await keyless()).map((match) => match.image_url)).toEqual([null]);
      expect((await keyed(searcher.auth)).map((match) => match.image_url)).toEqual([null]);
    }
    // Issued while public: shown to anyone.
    await issueCertificateForTest(context.db, asset);
    expect((await keyless()).map((match) => match.image_url)).toEqual([photo.url]);
  });
});
