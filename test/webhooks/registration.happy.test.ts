import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../helpers/test-app.js';

const ALL_EVENTS = [
  'asset.created',
  'verification.completed',
  'certificate.issued',
  'certificate.updated',
  'ownership.transferred',
];

describe('POST /api/v1/webhooks (delivery off, the default)', () => {
  const context = useTestContext();
  let auth: { authorization: string };
  let accountId: string;
  beforeAll(async () => {
    ({ auth, accountId } = await context.createAccountWithKey());
  });

  const register = (payload: unknown) =>
    context.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: auth,
      payload: payload as object,
    });

  it('answers 201 with the record: id, url, events, account_id, status active, created_at, message', async () => {
    const response = await register({ url: 'https://hooks.example.com/avs', events: ['asset.created'] });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.url).toBe('https://hooks.example.com/avs');
    expect(body.events).toEqual(['asset.created']);
    expect(body.account_id).toBe(accountId);
    expect(body.status).toBe('active');
    expect(body.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(body.message).toMatch(/future release/);
  });

  it('subscribes to all five event types when events is omitted', async () => {
    const response = await register({ url: 'https://hooks.example.com/all' });
    expect(response.statusCode).toBe(201);
    expect(response.json().events).toEqual(ALL_EVENTS);
  });

  it('collapses duplicate event types', async () => {
    const response = await register({
      url: 'https://hooks.example.com/dup',
      events: ['certificate.issued', 'certificate.issued', 'asset.created'],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().events).toEqual(['certificate.issued', 'asset.created']);
  });

  it('shows a whsec_ secret once: at creation, never on GET', async () => {
    const created = (await register({ url: 'https://hooks.example.com/secret' })).json<{
      id: string;
      secret: string;
    }>();
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32,44}={0,2}$/);
    const decoded = Buffer.from(created.secret.slice(6), 'base64');
    expect(decoded.length).toBeGreaterThanOrEqual(24);
    expect(decoded.length).toBeLessThanOrEqual(32);

    const fetched = await context.app.inject({ url: `/api/v1/webhooks/${created.id}`, headers: auth });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json()).not.toHaveProperty('secret');
    const { secret: _secret, ...rest } = created;
    expect(fetched.json()).toEqual(rest);
    const listed = await context.app.inject({ url: '/api/v1/webhooks', headers: auth });
    expect(JSON.stringify(listed.json())).not.toContain(created.secret);
  });

  it('gives each webhook its own secret', async () => {
    const first = (await register({ url: 'https://hooks.example.com/a' })).json();
    const second = (await register({ url: 'https://hooks.example.com/a' })).json();
    expect(first.secret).not.toBe(second.secret);
  });

  it('accepts a URL of exactly 2048 characters and public IP literals', async () => {
    const base = 'https://hooks.example.com/';
    const long = base + 'a'.repeat(2048 - base.length);
    expect((await register({ url: long })).statusCode).toBe(201);
    expect((await register({ url: 'https://93.184.216.34/hook' })).statusCode).toBe(201);
    expect((await register({ url: 'https://[2606:4700::1111]/hook' })).statusCode).toBe(201);
  });

  it('lists the account webhooks newest first with cursor paging', async () => {
    const { auth: other } = await context.createAccountWithKey();
    const ids: string[] = [];
    for (let index = 0; index < 5; index++) {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks',
        headers: other,
        payload: { url: `https://hooks.example.com/${index}` },
      });
      ids.push(response.json<{ id: string }>().id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=2&cursor=${cursor}` : '?limit=2';
      const page = await context.app.inject({ url: `/api/v1/webhooks${query}`, headers: other });
      expect(page.statusCode).toBe(200);
      const body = page.json<{
        data: Array<{ id: string }>;
        next_cursor: string | null;
        has_more: boolean;
      }>();
      expect(body.data.length).toBeLessThanOrEqual(2);
      seen.push(...body.data.map((webhook) => webhook.id));
      cursor = body.next_cursor;
      expect(body.has_more).toBe(cursor !== null);
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
  });

  it('DELETE disables the webhook: 200 with the record, status disabled, still readable', async () => {
    const created = (await register({ url: 'https://hooks.example.com/bye' })).json();
    const deleted = await context.app.inject({
      method: 'DELETE',
      url: `/api/v1/webhooks/${created.id}`,
      headers: auth,
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ id: created.id, status: 'disabled' });
    expect(deleted.json().disabled_at).toMatch(/Z$/);
    const fetched = await context.app.inject({ url: `/api/v1/webhooks/${created.id}`, headers: auth });
    expect(fetched.json().status).toBe('disabled');
    const again = await context.app.inject({
      method: 'DELETE',
      url: `/api/v1/webhooks/${created.id}`,
      headers: auth,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().disabled_at).toBe(deleted.json().disabled_at);
  });
});

describe('POST /api/v1/webhooks with delivery on', () => {
  const context = useTestContext({ config: { AVS_WEBHOOK_DELIVERY: true } });

  it('says in message that delivery is active', async () => {
    const { auth } = await context.createAccountWithKey();
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: auth,
      payload: { url: 'https://hooks.example.com/on' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toMatch(/delivery is active/i);
    expect(response.json().message).not.toMatch(/future release/);
  });
});
