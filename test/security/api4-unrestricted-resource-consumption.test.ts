import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAssetViaApi } from '../helpers/asset-factory.js';
import { useTestContext } from '../helpers/test-app.js';

// OWASP API4:2023 Unrestricted Resource Consumption. Also covered: test/api/assets-create.test.ts (title and
// string lengths, 50 pass-through fields, 5 levels deep), test/reliability/rate-limits.test.ts (429 per key,
// failed authentications per address), test/reliability/idempotency.test.ts (key at most 255 characters).
describe('API4 unrestricted resource consumption', () => {
  const context = useTestContext({
    config: { AVS_RATE_LIMIT_PER_SECOND: 1, AVS_RATE_LIMIT_BURST: 400 },
  });
  let auth: { authorization: string };
  let assetId: string;
  let webhookId: string;
  beforeAll(async () => {
    ({ auth } = await context.createAccountWithKey());
    assetId = (await createAssetViaApi(context.app, auth)).id;
    const webhook = await context.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: auth,
      payload: { url: 'https://hooks.example.com/api4' },
    });
    webhookId = webhook.json().id;
  });

  it('refuses a body over 64 KiB on every endpoint with a body: 413 payload_too_large', async () => {
    const big = JSON.stringify({ title: 'x', note: 'y'.repeat(65 * 1024) });
    for (const [method, url] of [
      ['POST', '/api/v1/assets/artworks'],
      ['PATCH', `/api/v1/assets/artworks/${assetId}`],
      ['POST', `/api/v1/assets/artworks/${assetId}/transfer`],
      ['POST', `/api/v1/transfers/${assetId}/accept`],
      ['POST', '/api/v1/verify'],
      ['POST', '/api/v1/webhooks'],
    ] as const) {
      const response = await context.app.inject({
        method,
        url,
        headers: { ...auth, 'content-type': 'application/json' },
        payload: big,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(413);
      expect(response.json()).toMatchObject({ code: 'payload_too_large', error: expect.any(String) });
    }
  });

  it('caps every page at 100: a larger limit is 400, not a bigger page', async () => {
    for (const url of [
      `/api/v1/assets/artworks/${assetId}/history`,
      '/api/v1/webhooks',
      `/api/v1/webhooks/${webhookId}/deliveries`,
      '/api/v1/transfers',
    ]) {
      for (const limit of ['101', '1000000', '0', '-1']) {
        const response = await context.app.inject({
          method: 'GET',
          url: `${url}?limit=${limit}`,
          headers: auth,
        });
        expect(response.statusCode, `${url}?limit=${limit}`).toBe(400);
        expect(response.json().code).toBe('validation_failed');
      }
      const full = await context.app.inject({ method: 'GET', url: `${url}?limit=100`, headers: auth });
      expect(full.statusCode).toBe(200);
    }
  });

  it('refuses more than 50 pass-through fields and a deeply nested value', async () => {
    const fields = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`field_${i}`, i]));
    const many = await context.app.inject({
      method: 'POST',
      url: '/api/v1/assets/artworks',
      headers: auth,
      payload: { title: 'Too many fields', ...fields },
    });
    expect(many.statusCode).toBe(400);
    let nested: unknown = 'deep';
    for (let i = 0; i < 1_000; i++) nested = { nested };
    const deep = await context.app.inject({
      method: 'POST',
      url: '/api/v1/assets/artworks',
      headers: auth,
      payload: { title: 'Deep', nested },
    });
    expect(deep.statusCode).toBe(400);
  });

  it('answers an absurdly long path parameter with a JSON 4xx, not work', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/v1/assets/artworks/${'a'.repeat(20_000)}`,
      headers: auth,
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(typeof response.json().error).toBe('string');
  });

  it('limits requests per key: 429 rate_limited with Retry-After once the burst is spent', async () => {
    const { auth: limited } = await context.createAccountWithKey();
    const statuses: number[] = [];
    for (let i = 0; i < 420; i++) {
      const response = await context.app.inject({
        method: 'GET',
        url: `/api/v1/assets/artworks/${randomUUID()}`,
        headers: limited,
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        break;
      }
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.length).toBeGreaterThan(399);
  });
});
