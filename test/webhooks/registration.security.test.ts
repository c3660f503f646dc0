import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeApiKey } from '../../src/modules/keys/keys.service.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';

// Every host that must never be a webhook target, in the forms an attacker would try.
const FORBIDDEN_URLS = [
  'https://localhost/',
  'https://LOCALHOST:8443/x',
  'https://localhost./',
  'https://api.localhost/',
  'https://127.0.0.1/',
  'https://127.1/',
  'https://127.0.0.1./',
  'https://0x7f.1/',
  'https://0x7f000001/',
  'https://2130706433/',
  'https://017700000001/',
  'https://0177.0.0.1/',
  'https://127.255.255.254/',
  'https://0.0.0.0/',
  'https://0/',
  'https://10.0.0.1/',
  'https://10.255.255.255/',
  'https://172.16.0.1/',
  'https://172.31.255.255/',
  'https://192.168.1.1/',
  'https://100.64.0.1/',
  'https://169.254.169.254/latest/meta-data/',
  'https://224.0.0.1/',
  'https://239.255.255.250/',
  'https://255.255.255.255/',
  'https://[::1]/',
  'https://[0:0:0:0:0:0:0:1]/',
  'https://[::]/',
  'https://[::ffff:127.0.0.1]/',
  'https://[::ffff:7f00:1]/',
  'https://[0:0:0:0:0:ffff:10.0.0.1]/',
  'https://[::ffff:169.254.169.254]/',
  'https://[::127.0.0.1]/',
  'https://[fe80::1]/',
  'https://[febf:ffff::1]/',
  'https://[fc00::1]/',
  'https://[fd12:3456:789a::1]/',
  'https://[ff02::1]/',
  'https://[64:ff9b::7f00:1]/',
  'https://[2002:7f00:1::]/',
];

describe('POST /api/v1/webhooks refuses private and local targets', () => {
  let context: TestContext;
  let auth: { authorization: string };
  beforeAll(async () => {
    context = await createTestContext();
    ({ auth } = await context.createAccountWithKey());
  });
  afterAll(() => context.close());

  for (const url of FORBIDDEN_URLS) {
    it(`refuses ${url}`, async () => {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks',
        headers: auth,
        payload: { url },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('invalid_webhook_url');
      expect(response.json().error).toMatch(
        /localhost|loopback|private|link-local|unique-local|multicast|unspecified|reserved|site-local/,
      );
    });
  }

  it('stores none of them', async () => {
    const { rows } = await context.db.query('SELECT url FROM webhooks');
    expect(rows).toEqual([]);
  });
});

describe('POST /api/v1/webhooks with AVS_WEBHOOK_ALLOW_INSECURE_TARGETS=on', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestContext({ config: { AVS_WEBHOOK_ALLOW_INSECURE_TARGETS: true } });
  });
  afterAll(() => context.close());

  it('accepts http and private targets for local development', async () => {
    const { auth } = await context.createAccountWithKey();
    for (const url of ['http://127.0.0.1:9999/hook', 'https://localhost/x', 'http://[::1]:8080/']) {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks',
        headers: auth,
        payload: { url },
      });
      expect(response.statusCode, url).toBe(201);
    }
  });

  it('still refuses other schemes', async () => {
    const { auth } = await context.createAccountWithKey();
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: auth,
      payload: { url: 'file:///etc/passwd' },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('webhook routes: authentication and ownership', () => {
  let context: TestContext;
  let owner: { auth: { authorization: string }; accountId: string };
  let webhookId: string;
  const badCredentials: Record<string, string | undefined> = {};
  beforeAll(async () => {
    context = await createTestContext();
    owner = await context.createAccountWithKey();
    webhookId = (
      await context.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks',
        headers: owner.auth,
        payload: { url: 'https://hooks.example.com/owner' },
      })
    ).json().id;
    const revoked = await context.createApiKey(owner.accountId);
    await revokeApiKey(context.db, revoked.id);
    const expired = await context.createApiKey(owner.accountId, { expiresAt: new Date(Date.now() + 500) });
    await context.db.query("UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1", [
      expired.id,
    ]);
    Object.assign(badCredentials, {
      'no key': undefined,
      'unknown key': `Bearer pk_svc_${'B'.repeat(43)}`,
      'revoked key': `Bearer ${revoked.key}`,
      'expired key': `Bearer ${expired.key}`,
    });
  });
  afterAll(() => context.close());

  const routes = () => [
    { method: 'POST' as const, url: '/api/v1/webhooks', payload: { url: 'https://hooks.example.com/x' } },
    { method: 'GET' as const, url: '/api/v1/webhooks' },
    { method: 'GET' as const, url: `/api/v1/webhooks/${webhookId}` },
    { method: 'DELETE' as const, url: `/api/v1/webhooks/${webhookId}` },
    { method: 'GET' as const, url: `/api/v1/webhooks/${webhookId}/deliveries` },
    { method: 'POST' as const, url: `/api/v1/webhooks/${webhookId}/test` },
  ];

  it('answers 401 to no key, an unknown key, a revoked key and an expired key on every route', async () => {
    for (const route of routes()) {
      for (const [label, authorization] of Object.entries(badCredentials)) {
        const response = await context.app.inject({
          ...route,
          headers: authorization ? { authorization } : {},
        });
        expect(response.statusCode, `${label} ${route.method} ${route.url}`).toBe(401);
        expect(response.json().code).toBe('unauthorized');
        expect(response.headers['www-authenticate']).toBe('Bearer');
      }
    }
    const { rows } = await context.db.query("SELECT count(*)::int AS n FROM webhooks WHERE url LIKE '%/x'");
    expect(rows[0]!.n).toBe(0);
  });

  it("treats another account's webhook as absent: 404 on read, delete, log, test", async () => {
    const intruder = await context.createAccountWithKey();
    for (const route of routes().slice(2)) {
      const response = await context.app.inject({ ...route, headers: intruder.auth });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(404);
      expect(response.json().code).toBe('webhook_not_found');
    }
    const list = await context.app.inject({ url: '/api/v1/webhooks', headers: intruder.auth });
    expect(list.json().data).toEqual([]);
    const still = await context.app.inject({ url: `/api/v1/webhooks/${webhookId}`, headers: owner.auth });
    expect(still.json().status).toBe('active');
  });
});
