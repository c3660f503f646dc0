import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAssetViaApi, issueCertificateForTest } from '../helpers/asset-factory.js';
import { useTestContext } from '../helpers/test-app.js';

// Client input that reached PostgreSQL (or the stack) and came back as a 500.
const ADMIN_TOKEN = 'client-input-admin-token-for-the-tests-0042';
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

// Arrays: two bytes a level, so 32,000 levels stay under the 64 KiB body limit.
function nestedJson(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

describe('client input never makes a 5xx', () => {
  const context = useTestContext({
    config: { AVS_ADMIN_TOKEN: ADMIN_TOKEN, AVS_RATE_LIMIT_BURST: 100_000 },
  });
  let auth: { authorization: string };
  let accountId: string;
  let asset: { id: string; certificate_number: string };
  beforeAll(async () => {
    ({ auth, accountId } = await context.createAccountWithKey());
    asset = await createAssetViaApi(context.app, auth);
    await issueCertificateForTest(context.db, asset);
  });

  describe('a `urn:uuid:` id passes ajv-formats but not PostgreSQL: 400 validation_failed', () => {
    const urn = (): string => `urn:uuid:${randomUUID()}`;
    it('in the asset_id of /verify', async () => {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/v1/verify',
        headers: auth,
        payload: { planet: 'artworks', asset_id: urn() },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed' });
    });

    it('in the to_account_id of a transfer', async () => {
      const response = await context.app.inject({
        method: 'POST',
        url: `/api/v1/assets/artworks/${asset.id}/transfer`,
        headers: auth,
        payload: { to_account_id: urn() },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed' });
    });

    it('in the asset path of a read (404, as any id that names nothing)', async () => {
      const response = await context.app.inject({
        method: 'GET',
        url: `/api/v1/assets/artworks/${encodeURIComponent(`urn:uuid:${asset.id}`)}`,
        headers: auth,
      });
      expect(response.statusCode).toBe(404);
    });

    it.each<[string, 'GET' | 'POST', string, Record<string, string> | undefined]>([
      ['a key for an account', 'POST', '/admin/api/keys', { account_id: `urn:uuid:${randomUUID()}` }],
      ['a key list filter', 'GET', `/admin/api/keys?account_id=urn%3Auuid%3A${randomUUID()}`, undefined],
      ['a key revocation', 'POST', `/admin/api/keys/urn%3Auuid%3A${randomUUID()}/revoke`, undefined],
    ])('in %s (admin API)', async (_case, method, url, payload) => {
      const response = await context.app.inject({
        method,
        url,
        headers: admin,
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed' });
    });
  });

  it('a body nested 32,000 deep with an Idempotency-Key is 400, not a stack overflow', async () => {
    for (const url of ['/api/v1/assets/artworks', `/api/v1/assets/artworks/${asset.id}/transfer`]) {
      const response = await context.app.inject({
        method: 'POST',
        url,
        headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        payload: `{"title":"deep","extra":${nestedJson(32_000)}}`,
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ code: 'validation_failed' });
    }
    const withoutKey = await context.app.inject({
      method: 'POST',
      url: '/api/v1/assets/artworks',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: `{"title":"deep","extra":${nestedJson(32_000)}}`,
    });
    expect(withoutKey.statusCode).toBe(400);
  });

  describe('NUL in a name or a reason is 400 validation_failed', () => {
    it('in an account name', async () => {
      const response = await context.app.inject({
        method: 'POST',
        url: '/admin/api/accounts',
        headers: admin,
        payload: { name: 'Gallery\u0000' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed' });
    });

    it('in a key name', async () => {
      const response = await context.app.inject({
        method: 'POST',
        url: '/admin/api/keys',
        headers: admin,
        payload: { account_id: accountId, name: 'ci\u0000key' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed' });
    });

    it('in the reason of a certificate move', async () => {
      const response = await context.app.inject({
        method: 'POST',
        url: `/admin/api/certificates/${asset.certificate_number}/suspend`,
        headers: admin,
        payload: { reason: 'stolen\u0000' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed' });
    });
  });
});
