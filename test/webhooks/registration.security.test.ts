import { beforeAll, describe, expect, it } from 'vitest';
import { revokeApiKey } from '../../src/modules/keys/keys.service.js';
import {
  FORBIDDEN_HOST_REASON,
  FORBIDDEN_TARGET_FORMS,
  FORBIDDEN_TARGET_HOSTS,
} from '../helpers/ssrf-cases.js';
import { useTestContext } from '../helpers/test-app.js';

describe('POST /api/v1/webhooks refuses private and local targets', () => {
  const context = useTestContext();
  let auth: { authorization: string };
  beforeAll(async () => {
    ({ auth } = await context.createAccountWithKey());
  });

  for (const url of FORBIDDEN_TARGET_HOSTS) {
    it(`refuses ${url}`, async () => {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks',
        headers: auth,
        payload: { url },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('invalid_webhook_url');
      expect(response.json().error).toMatch(FORBIDDEN_HOST_REASON);
    });
  }

  for (const url of FORBIDDEN_TARGET_FORMS) {
    it(`refuses ${url}`, async () => {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks',
        headers: auth,
        payload: { url },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('invalid_webhook_url');
    });
  }

  it('stores none of them', async () => {
    const { rows } = await context.db.query('SELECT url FROM webhooks');
    expect(rows).toEqual([]);
  });
});

describe('POST /api/v1/webhooks with AVS_WEBHOOK_ALLOW_INSECURE_TARGETS=on', () => {
  const context = useTestContext({ config: { AVS_WEBHOOK_ALLOW_INSECURE_TARGETS: true } });

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
  const context = useTestContext();
  let owner: { auth: { authorization: string }; accountId: string };
  let webhookId: string;
  const badCredentials: Record<string, string | undefined> = {};
  beforeAll(async () => {
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
    await revokeApiKey(context.db, revoked.id, { actor: { admin: true } });
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
