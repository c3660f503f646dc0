import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { useTestContext, testConfig } from '../helpers/test-app.js';

const ADMIN_TOKEN = 'another-admin-token-for-tests-42';
const bearer = { authorization: `Bearer ${ADMIN_TOKEN}` };
type IdList = { data: Array<{ id: string }> };

// A key cache as in production, so that revocation has to clear it.
const context = useTestContext({
  config: { AVS_ADMIN_TOKEN: ADMIN_TOKEN, AVS_KEY_CACHE_TTL_MS: 2_000 },
});

const api = (
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = bearer,
) =>
  context.app.inject({
    method,
    url,
    headers,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

describe('admin token', () => {
  it.each([
    ['a wrong token', { authorization: 'Bearer not-the-token' }],
    ['another scheme', { authorization: `Basic ${ADMIN_TOKEN}` }],
    ['an API key', { authorization: 'Bearer pk_svc_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }],
  ])('refuses %s with 401 admin_unauthorized', async (_case, headers) => {
    const response = await api('GET', '/admin/api/accounts', undefined, headers);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'admin_unauthorized' });
    expect(response.headers['www-authenticate']).toBe('Bearer');
  });

  it('accepts the scheme word in any case', async () => {
    const response = await api('GET', '/admin/api/accounts', undefined, {
      authorization: `bEaReR ${ADMIN_TOKEN}`,
    });
    expect(response.statusCode).toBe(200);
  });

  it('is refused when AVS_ADMIN_TOKEN is not set', async () => {
    const app = await buildApp({ config: testConfig(), db: context.db, migrate: false, logger: false });
    try {
      const response = await app.inject({ method: 'GET', url: '/admin/api/accounts', headers: bearer });
      expect(response.statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('has no session to describe', async () => {
    expect((await api('GET', '/admin/api/session')).statusCode).toBe(400);
  });
});

describe('accounts', () => {
  it('creates an account (201) and lists it with key and asset counts', async () => {
    const created = await api('POST', '/admin/api/accounts', { name: '  Galerie Nord  ' });
    expect(created.statusCode).toBe(201);
    const account = created.json<{ id: string }>();
    expect(account).toEqual({ id: expect.any(String), name: 'Galerie Nord', created_at: expect.any(String) });
    await context.createApiKey(account.id);
    const list = await api('GET', '/admin/api/accounts');
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toContainEqual({ ...account, key_count: 1, asset_count: 0 });
  });

  it.each([
    ['no name', {}],
    ['an empty name', { name: '' }],
    ['a blank name', { name: '   ' }],
    ['a long name', { name: 'x'.repeat(201) }],
    ['an unknown field', { name: 'ok', id: '00000000-0000-4000-8000-000000000000' }],
    ['a non-string name', { name: 42 }],
  ])('refuses %s with 400', async (_case, body) => {
    const response = await api('POST', '/admin/api/accounts', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed', error: expect.any(String) });
  });

  it('answers malformed JSON with 400 invalid_json', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/admin/api/accounts',
      headers: { ...bearer, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('invalid_json');
  });
});

describe('API keys', () => {
  let accountId: string;
  beforeAll(async () => {
    accountId = (await api('POST', '/admin/api/accounts', { name: 'Key Holder' })).json().id;
  });

  it('creates a scoped, expiring key: the full key once, then only its prefix', async () => {
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const response = await api('POST', '/admin/api/keys', {
      account_id: accountId,
      name: 'Website',
      planet_scope: ['artworks'],
      expires_at: expiresAt,
    });
    expect(response.statusCode).toBe(201);
    const key = response.json<{ id: string; key: string; prefix: string }>();
    expect(key).toMatchObject({
      account_id: accountId,
      name: 'Website',
      planet_scope: ['artworks'],
      expires_at: expiresAt,
      status: 'active',
      revoked_at: null,
    });
    expect(key.key).toMatch(/^pk_svc_[A-Za-z0-9_-]{43}$/);
    expect(key.key.startsWith(key.prefix)).toBe(true);
    expect(await context.app.apiKeys.authenticate(key.key)).toMatchObject({
      accountId,
      planetScope: ['artworks'],
    });

    const list = await api('GET', `/admin/api/keys?account_id=${accountId}`);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(key.key);
    expect(list.json<IdList>().data.map((item) => item.id)).toContain(key.id);
  });

  it('revokes a key: 200, listed as revoked, refused at once on this instance', async () => {
    const created = (await api('POST', '/admin/api/keys', { account_id: accountId })).json<{
      id: string;
      key: string;
    }>();
    // Cached as valid for the next 2 seconds…
    expect(await context.app.apiKeys.authenticate(created.key)).toBeDefined();
    const response = await api('POST', `/admin/api/keys/${created.id}/revoke`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: created.id,
      status: 'revoked',
      revoked_at: expect.any(String),
    });
    // …but the revocation clears the cache.
    expect(await context.app.apiKeys.authenticate(created.key)).toBeUndefined();

    const revoked = await api('GET', `/admin/api/keys?account_id=${accountId}&status=revoked`);
    expect(revoked.json<IdList>().data.map((item) => item.id)).toEqual([created.id]);
    const active = await api('GET', `/admin/api/keys?account_id=${accountId}&status=active`);
    expect(active.json<IdList>().data.map((item) => item.id)).not.toContain(created.id);
  });

  it('answers 404 for an unknown key and 400 for a malformed id', async () => {
    const unknown = await api('POST', '/admin/api/keys/00000000-0000-4000-8000-000000000000/revoke');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('api_key_not_found');
    const malformed = await api('POST', '/admin/api/keys/not-a-uuid/revoke');
    expect(malformed.statusCode).toBe(400);
  });

  it.each([
    ['an unknown planet', { planet_scope: ['moon'] }, 400, 'invalid_planet'],
    ['a past expiry', { expires_at: '2001-01-01T00:00:00.000Z' }, 400, 'validation_failed'],
    ['a malformed expiry', { expires_at: 'tomorrow' }, 400, 'validation_failed'],
    ['an unknown field', { key: 'pk_svc_mine' }, 400, 'validation_failed'],
  ])('refuses %s', async (_case, extra, status, code) => {
    const response = await api('POST', '/admin/api/keys', { account_id: accountId, ...extra });
    expect(response.statusCode).toBe(status);
    expect(response.json().code).toBe(code);
  });

  it('answers 404 for an unknown account and 400 for a missing one', async () => {
    const unknown = await api('POST', '/admin/api/keys', {
      account_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('account_not_found');
    expect((await api('POST', '/admin/api/keys', {})).statusCode).toBe(400);
  });

  it('refuses an unknown status filter', async () => {
    expect((await api('GET', '/admin/api/keys?status=lost')).statusCode).toBe(400);
  });
});
