import { randomUUID } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAssetViaApi, issueCertificateForTest } from '../helpers/asset-factory.js';
import { useTestContext, type TestContext } from '../helpers/test-app.js';
import { jpegImage, pngImage, progressiveJpegBomb, webpBomb } from './media-fixtures.js';

// A 34-byte image that decodes to 16000² pixels. The refusal must come from
// the image's header, before libvips decodes anything: shown here by watching sharp itself (its
// `metadata()` reads the header only; every decode goes through `toBuffer()`), never by timing.

afterEach(() => {
  vi.restoreAllMocks();
});

function watchSharp() {
  return { headers: vi.spyOn(sharp.prototype, 'metadata'), decodes: vi.spyOn(sharp.prototype, 'toBuffer') };
}

function uploadTo(
  context: TestContext,
  auth: Record<string, string>,
  target: { id: string; planet?: string },
  file: Buffer,
  contentType: string,
) {
  return context.app.inject({
    method: 'POST',
    url: `/files/v1/assets/${target.planet ?? 'artworks'}/${target.id}/media`,
    headers: { ...auth, 'content-type': contentType },
    payload: file,
  });
}

describe('an image whose header asks for too many pixels (AVS_MEDIA_MAX_PIXELS, default 100 megapixels)', () => {
  const context = useTestContext();

  it('refuses a 34-byte lossless WebP of 16000×16000 from its header: 422 naming the limit, no decode', async () => {
    const { auth } = await context.createAccountWithKey();
    const asset = await createAssetViaApi(context.app, auth);
    const bomb = await webpBomb();
    expect(bomb.length).toBeLessThan(40);
    expect(await sharp(bomb).metadata()).toMatchObject({ width: 16_000, height: 16_000 });
    const sharpCalls = watchSharp();

    const response = await uploadTo(context, auth, asset, bomb, 'image/webp');
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual({
      code: 'invalid_media',
      error: 'The image has 256 megapixels (16000 × 16000), more than 100 megapixels.',
      request_id: expect.any(String),
    });
    expect(sharpCalls.headers).toHaveBeenCalledTimes(1);
    expect(sharpCalls.decodes).not.toHaveBeenCalled();
  });

  it('refuses a progressive JPEG whose frame header says 16000×16000 the same way', async () => {
    const { auth } = await context.createAccountWithKey();
    const asset = await createAssetViaApi(context.app, auth);
    const bomb = await progressiveJpegBomb();
    const sharpCalls = watchSharp();

    const response = await uploadTo(context, auth, asset, bomb, 'image/jpeg');
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json<{ error: string }>().error).toContain('more than 100 megapixels');
    expect(sharpCalls.decodes).not.toHaveBeenCalled();
  });

  it('answers a bomb for an asset that does not exist with 404 without reading even its header', async () => {
    const { auth } = await context.createAccountWithKey();
    const bomb = await webpBomb();
    const sharpCalls = watchSharp();
    const response = await uploadTo(context, auth, { id: randomUUID() }, bomb, 'image/webp');
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('asset_not_found');
    expect(sharpCalls.headers).not.toHaveBeenCalled();
    expect(sharpCalls.decodes).not.toHaveBeenCalled();
  });

  it('answers 8 concurrent bombs with 422 and keeps answering other requests meanwhile', async () => {
    const { auth } = await context.createAccountWithKey();
    const asset = await createAssetViaApi(context.app, auth);
    const bombs = [
      ...(await Promise.all([0, 1, 2, 3].map(() => webpBomb()))),
      ...(await Promise.all([0, 1, 2, 3].map(() => progressiveJpegBomb()))),
    ];
    const sharpCalls = watchSharp();

    const [health, read, ...refusals] = await Promise.all([
      context.app.inject({ method: 'GET', url: '/healthz' }),
      context.app.inject({ method: 'GET', url: `/api/v1/assets/artworks/${asset.id}`, headers: auth }),
      ...bombs.map((bomb, index) =>
        uploadTo(context, auth, asset, bomb, index < 4 ? 'image/webp' : 'image/jpeg'),
      ),
    ]);
    expect(health.statusCode).toBe(200);
    expect(read.statusCode).toBe(200);
    expect(refusals.map((response) => response.statusCode)).toEqual(Array(8).fill(422));
    expect(sharpCalls.decodes).not.toHaveBeenCalled();
  });

  it('checks in order: key, planet scope, declared type, declared length, asset and state, then the body', async () => {
    const owner = await context.createAccountWithKey();
    const pending = await createAssetViaApi(context.app, owner.auth);
    const issued = await createAssetViaApi(context.app, owner.auth);
    await issueCertificateForTest(context.db, issued);
    const scoped = await context.createApiKey(owner.accountId, { planetScope: ['watches'] });
    const scopedAuth = { authorization: `Bearer ${scoped.key}` };
    const missing = { id: randomUUID() };
    // Past the default AVS_MEDIA_MAX_BYTES (40 MiB).
    const tooLarge = Buffer.alloc(41 * 1024 * 1024);
    const bomb = await webpBomb();
    const pngAsJpeg = pngImage();
    const sharpCalls = watchSharp();

    const cases: [string, Record<string, string>, { id: string }, Buffer, string, number, string][] = [
      [
        'a bad key before all',
        { authorization: 'Bearer pk_svc_nope' },
        missing,
        tooLarge,
        'text/plain',
        401,
        'unauthorized',
      ],
      [
        'the scope before the type',
        scopedAuth,
        missing,
        tooLarge,
        'text/plain',
        400,
        'planet_scope_mismatch',
      ],
      [
        'the type before the length',
        owner.auth,
        missing,
        tooLarge,
        'text/plain',
        415,
        'unsupported_media_type',
      ],
      ['the length before the asset', owner.auth, missing, tooLarge, 'image/png', 413, 'payload_too_large'],
      ['the asset before the bytes', owner.auth, missing, pngAsJpeg, 'image/jpeg', 404, 'asset_not_found'],
      ['the state before the bytes', owner.auth, issued, pngAsJpeg, 'image/jpeg', 409, 'invalid_state'],
      [
        'then the bytes: their type',
        owner.auth,
        pending,
        pngAsJpeg,
        'image/jpeg',
        415,
        'unsupported_media_type',
      ],
      ['then the bytes: their pixels', owner.auth, pending, bomb, 'image/webp', 422, 'invalid_media'],
    ];
    for (const [name, auth, target, file, type, status, code] of cases) {
      const response = await uploadTo(context, auth, target, file, type);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(status);
      expect(response.json<{ code: string }>().code, name).toBe(code);
    }
    // Only the last case reached the image header; none reached the decoder.
    expect(sharpCalls.headers).toHaveBeenCalledTimes(1);
    expect(sharpCalls.decodes).not.toHaveBeenCalled();
  });
});

describe('the pixel limit and the decode bound, configured', () => {
  const context = useTestContext({
    config: { AVS_MEDIA_MAX_PIXELS: 64 * 48, AVS_MEDIA_DECODE_CONCURRENCY: 1 },
  });

  it('takes an image of exactly AVS_MEDIA_MAX_PIXELS and refuses one pixel row more', async () => {
    const { auth } = await context.createAccountWithKey();
    const asset = await createAssetViaApi(context.app, auth);
    const atLimit = await uploadTo(context, auth, asset, pngImage(64, 48), 'image/png');
    expect(atLimit.statusCode, atLimit.body).toBe(201);
    const over = await uploadTo(context, auth, asset, pngImage(64, 49), 'image/png');
    expect(over.statusCode).toBe(422);
    expect(over.json<{ error: string }>().error).toBe(
      'The image has 3,136 pixels (64 × 49), more than 3,072 pixels.',
    );
  });

  it('decodes no more than AVS_MEDIA_DECODE_CONCURRENCY images at once; the others wait their turn', async () => {
    const { auth } = await context.createAccountWithKey();
    const asset = await createAssetViaApi(context.app, auth);
    const files = await Promise.all([
      jpegImage(60, 40),
      jpegImage(61, 40),
      jpegImage(62, 40),
      jpegImage(63, 40),
    ]);
    const decode = sharp.prototype.toBuffer;
    let running = 0;
    let most = 0;
    vi.spyOn(sharp.prototype, 'toBuffer').mockImplementation(async function (
      this: Sharp,
      ...args: unknown[]
    ) {
      running += 1;
      most = Math.max(most, running);
      try {
        return await (decode as (...a: unknown[]) => Promise<unknown>).apply(this, args);
      } finally {
        running -= 1;
      }
    });
    const responses = await Promise.all(
      files.map((file) => uploadTo(context, auth, asset, file, 'image/jpeg')),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201]);
    expect(most).toBe(1);
  });
});
