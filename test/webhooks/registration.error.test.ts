import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../helpers/test-app.js';

describe('POST /api/v1/webhooks refuses bad input with a 400 JSON error', () => {
  const context = useTestContext();
  let auth: { authorization: string };
  beforeAll(async () => {
    ({ auth } = await context.createAccountWithKey());
  });

  const register = (payload: unknown, headers: Record<string, string> = {}) =>
    context.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: { ...auth, 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  const expect400 = async (payload: unknown, pattern?: RegExp) => {
    const response = await register(payload);
    expect(response.statusCode, JSON.stringify(payload).slice(0, 200)).toBe(400);
    const body = response.json<{ error: string; code: string; request_id: string }>();
    expect(typeof body.error).toBe('string');
    expect(body.code).toMatch(/^[a-z_]+$/);
    expect(body.request_id).toBe(response.headers['x-request-id']);
    if (pattern) expect(body.error).toMatch(pattern);
    return body;
  };

  it('refuses a missing url', async () => {
    await expect400({}, /url/);
    await expect400({ events: ['asset.created'] }, /url/);
  });

  it('refuses a url that is not a string', async () => {
    for (const url of [42, null, true, ['https://a.example'], { href: 'https://a.example' }]) {
      await expect400({ url }, /url/);
    }
  });

  it('refuses a url that is not an absolute URL', async () => {
    for (const url of [
      '',
      '   ',
      'hooks.example.com/x',
      '/relative',
      'https://',
      'https//x.example',
      'not a url',
    ]) {
      await expect400({ url }, /url/);
    }
  });

  it('refuses every scheme but https', async () => {
    for (const url of [
      'http://hooks.example.com/x',
      'ftp://hooks.example.com/x',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/plain,hi',
      'gopher://hooks.example.com/',
      'ws://hooks.example.com/',
    ]) {
      const body = await expect400({ url }, /https/);
      expect(body.code).toBe('invalid_webhook_url');
    }
  });

  it('refuses a url longer than 2048 characters', async () => {
    const base = 'https://hooks.example.com/';
    await expect400({ url: base + 'a'.repeat(2049 - base.length) }, /2048/);
  });

  it('refuses credentials in the url', async () => {
    await expect400({ url: 'https://user:pass@hooks.example.com/x' }, /credentials/);
  });

  it('refuses an empty events list', async () => {
    const body = await expect400({ url: 'https://hooks.example.com/x', events: [] }, /at least one/);
    expect(body.code).toBe('invalid_event_type');
  });

  it('refuses events that is not a list', async () => {
    for (const events of ['asset.created', 1, { 0: 'asset.created' }, null, true]) {
      await expect400({ url: 'https://hooks.example.com/x', events }, /events/);
    }
  });

  it('refuses an unknown event type, naming it', async () => {
    for (const bad of ['asset.deleted', 'ASSET.CREATED', '', 'webhook.test', 'CREATED']) {
      const body = await expect400(
        { url: 'https://hooks.example.com/x', events: ['asset.created', bad] },
        new RegExp(JSON.stringify(bad).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
      );
      expect(body.code).toBe('invalid_event_type');
    }
  });

  it('refuses non-string entries in events', async () => {
    await expect400({ url: 'https://hooks.example.com/x', events: [1] }, /events/);
    await expect400({ url: 'https://hooks.example.com/x', events: [null] }, /events/);
  });

  it('refuses malformed JSON and non-object bodies', async () => {
    await expect400('{"url": ');
    await expect400('[]');
    await expect400('"https://hooks.example.com"');
    await expect400('null');
  });

  it('answers 404 JSON for a webhook id that does not exist or is malformed', async () => {
    for (const id of [
      randomUUID(),
      'not-a-uuid',
      '1',
      "'; DROP TABLE webhooks; --",
      'a'.repeat(3000),
      '%00',
    ]) {
      for (const method of ['GET', 'DELETE'] as const) {
        const response = await context.app.inject({
          method,
          url: `/api/v1/webhooks/${encodeURIComponent(id)}`,
          headers: auth,
        });
        expect(response.statusCode, `${method} ${id.slice(0, 20)}`).toBe(404);
        expect(response.json().code).toBe('webhook_not_found');
      }
    }
  });

  it('refuses a bad limit or cursor on the list with 400', async () => {
    for (const query of [
      'limit=0',
      'limit=101',
      'limit=abc',
      'cursor=garbage',
      'cursor=' + 'x'.repeat(600),
    ]) {
      const response = await context.app.inject({ url: `/api/v1/webhooks?${query}`, headers: auth });
      expect(response.statusCode, query).toBe(400);
      expect(typeof response.json().error).toBe('string');
    }
  });

  it('answers 500 webhook_registration_failed when the database refuses the row', async () => {
    await context.db.query(
      "ALTER TABLE webhooks ADD CONSTRAINT test_refuse CHECK (url NOT LIKE '%refuse-me%') NOT VALID",
    );
    try {
      const response = await register({ url: 'https://hooks.example.com/refuse-me' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({
        code: 'webhook_registration_failed',
        error: 'The webhook could not be registered.',
      });
      expect(response.body).not.toMatch(/test_refuse|constraint|INSERT/i);
    } finally {
      await context.db.query('ALTER TABLE webhooks DROP CONSTRAINT test_refuse');
    }
  });
});
