import { beforeAll, describe, expect, it } from 'vitest';
import { ImmutableResponses, matchesIfNoneMatch } from '../../src/lib/immutable-responses.js';
import { createAssetViaApi, issueCertificateForTest } from '../helpers/asset-factory.js';
import { useTestContext, type TestContext } from '../helpers/test-app.js';

// Answers that never change once they exist come from memory, with an ETag and 304.
describe('immutable public answers: credentials and log tiles', () => {
  const context = useTestContext({
    config: {
      AVS_TLOG_INTERVAL_MS: 3_600_000,
      AVS_PUBLIC_RATE_LIMIT_PER_SECOND: 1_000_000,
      AVS_PUBLIC_RATE_LIMIT_BURST: 1_000_000,
    },
  });
  let owner: Awaited<ReturnType<TestContext['createAccountWithKey']>>;
  beforeAll(async () => {
    owner = await context.createAccountWithKey();
  });
  const get = (url: string, headers: Record<string, string> = {}) =>
    context.app.inject({ method: 'GET', url, headers });

  it('serves a credential with a strong ETag, the same body again from memory, and 304 to a matching If-None-Match', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    await issueCertificateForTest(context.db, asset);
    const url = `/c/${asset.certificate_number}/credential`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    // The second read answers without the database: the stored credential is not read again.
    await context.db.exec('ALTER TABLE certificate_credentials RENAME TO certificate_credentials_away');
    try {
      const second = await get(url);
      expect(second.statusCode).toBe(200);
      expect(second.body).toBe(first.body);
      expect(second.headers.etag).toBe(etag);
    } finally {
      await context.db.exec('ALTER TABLE certificate_credentials_away RENAME TO certificate_credentials');
    }
    const notModified = await get(url, { 'if-none-match': `"other", ${etag}` });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(etag);
    expect(notModified.headers['cache-control']).toBe('public, max-age=300');
    expect((await get(url, { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('never keeps an answer that can still change: a pending certificate is 409 until issued, then served', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    const url = `/c/${asset.certificate_number}/credential`;
    expect((await get(url)).statusCode).toBe(409);
    await issueCertificateForTest(context.db, asset);
    expect((await get(url)).statusCode).toBe(200);
  });

  it('serves a log tile with an ETag and 304', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    await issueCertificateForTest(context.db, asset);
    await context.app.tlogIntegrator!.runOnce();
    const url = '/tlog/tile/0/000.p/1';
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    const again = await get(url);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const notModified = await get(url, { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps at most its byte budget, and reads If-None-Match lists, weak tags and *', () => {
    const cache = new ImmutableResponses(10);
    cache.put('a', '123456');
    cache.put('b', '123456');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')?.body).toBe('123456');
    const { etag } = cache.get('b')!;
    expect(matchesIfNoneMatch(`W/${etag}`, etag)).toBe(true);
    expect(matchesIfNoneMatch('*', etag)).toBe(true);
    expect(matchesIfNoneMatch(undefined, etag)).toBe(false);
    expect(matchesIfNoneMatch('"x"', etag)).toBe(false);
  });
});
