import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAssetViaApi } from '../helpers/asset-factory.js';
import { expectSecurityRefusals, securityCases } from '../helpers/security-cases.js';
import { useTestContext } from '../helpers/test-app.js';

// OWASP API2:2023 Broken Authentication. Also covered: test/foundation/authentication.test.ts (one 401 for
// every bad credential), test/reliability/rate-limits.test.ts (failed authentications limited per address),
// test/postgres-only/revocation-across-instances.test.ts (a revocation reaches every instance within 2 s).
describe('API2 authentication on every /api/v1 endpoint', () => {
  const context = useTestContext();
  let requests: InjectOptions[];
  beforeAll(async () => {
    const { auth } = await context.createAccountWithKey();
    const asset = await createAssetViaApi(context.app, auth);
    const webhook = randomUUID();
    const assetUrl = `/api/v1/assets/artworks/${asset.id}`;
    requests = [
      { method: 'POST', url: '/api/v1/assets/artworks', payload: { title: 'x' } },
      { method: 'GET', url: assetUrl },
      { method: 'PATCH', url: assetUrl, payload: { title: 'x' } },
      { method: 'POST', url: `${assetUrl}/archive` },
      { method: 'POST', url: `${assetUrl}/transfer`, payload: { to_account_id: randomUUID() } },
      { method: 'GET', url: `${assetUrl}/history` },
      { method: 'GET', url: `/api/v1/certificates/${asset.certificate_number}` },
      { method: 'POST', url: '/api/v1/verify', payload: { planet: 'artworks', asset_id: asset.id } },
      { method: 'POST', url: '/api/v1/webhooks', payload: { url: 'https://hooks.example.com/x' } },
      { method: 'GET', url: '/api/v1/webhooks' },
      { method: 'GET', url: `/api/v1/webhooks/${webhook}` },
      { method: 'DELETE', url: `/api/v1/webhooks/${webhook}` },
      { method: 'GET', url: `/api/v1/webhooks/${webhook}/deliveries` },
      { method: 'POST', url: `/api/v1/webhooks/${webhook}/deliveries/${randomUUID()}/retry` },
      { method: 'POST', url: `/api/v1/webhooks/${webhook}/test` },
      { method: 'GET', url: '/api/v1/transfers' },
      { method: 'POST', url: `/api/v1/transfers/${randomUUID()}/accept` },
      { method: 'POST', url: `/api/v1/transfers/${randomUUID()}/decline` },
      { method: 'POST', url: `/api/v1/transfers/${randomUUID()}/cancel` },
    ];
  });

  it('refuses no key, an unknown, revoked or expired key and another scheme with the same 401', async () => {
    const cases = await securityCases(context);
    for (const request of requests) await expectSecurityRefusals(context, cases, request);
  });

  it('refuses a valid key sent anywhere but the Authorization header', async () => {
    const { key } = await context.createAccountWithKey();
    for (const request of [
      { method: 'GET' as const, url: `/api/v1/webhooks?api_key=${key}` },
      { method: 'GET' as const, url: '/api/v1/webhooks', headers: { 'x-api-key': key } },
      { method: 'GET' as const, url: '/api/v1/webhooks', headers: { cookie: `api_key=${key}` } },
      { method: 'GET' as const, url: '/api/v1/webhooks', headers: { authorization: key } },
    ]) {
      const response = await context.app.inject(request);
      expect(response.statusCode, JSON.stringify(request)).toBe(401);
    }
  });

  it('stores a key only as its SHA-256 hash and a display prefix', async () => {
    const { key, apiKey } = await context.createAccountWithKey();
    const { rows } = await context.db.query('SELECT * FROM api_keys WHERE id = $1', [apiKey.id]);
    expect(JSON.stringify(rows[0])).not.toContain(key.slice(16));
  });
});
