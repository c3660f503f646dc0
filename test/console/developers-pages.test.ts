import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/modules/accounts/accounts.service.js';
import { form, FORM } from '../admin/admin-helpers.js';
import { useTestContext } from '../helpers/test-app.js';
import { waitFor } from '../helpers/wait-for.js';
import { answer, LOCAL_DELIVERY, startReceiver, type Receiver } from '../helpers/webhook-receiver.js';
import { joinedMember } from '../members/member-helpers.js';

const PUBLIC_URL = 'https://registry.example.org';
const WEBHOOKS = '/console/developers/webhooks';

const context = useTestContext({ config: { AVS_PUBLIC_URL: PUBLIC_URL, ...LOCAL_DELIVERY } });
const receivers: Receiver[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close()));
});

let counter = 0;
const email = (role: string) => `${role}${++counter}-${randomUUID().slice(0, 8)}@example.com`;
const get = (url: string, cookie: string) => context.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, cookie: string, fields: Record<string, string | string[]>) =>
  context.app.inject({ method: 'POST', url, headers: { ...FORM, cookie }, payload: form(fields) });

/** An account with an owner, an editor and a viewer signed in, and a receiver answering 200. */
async function setUp() {
  const accountId = (await createAccount(context.db, { name: `Developers Gallery ${++counter}` })).id;
  const member = (role: 'owner' | 'editor' | 'viewer') =>
    joinedMember(context.app, context.db, accountId, email(role), role);
  const [owner, editor, viewer] = [await member('owner'), await member('editor'), await member('viewer')];
  const receiver = await startReceiver(answer(200, 'thanks'));
  receivers.push(receiver);
  return { accountId, owner, editor, viewer, receiver };
}

async function register(member: { cookie: string; csrf: string }, url: string, events: string[]) {
  const response = await post(WEBHOOKS, member.cookie, { _csrf: member.csrf, url, events });
  const secret = /<output id="webhook-secret"[^>]*>(whsec_[^<]+)<\/output>/.exec(response.body)?.[1];
  const id = /data-webhook-id="([0-9a-f-]{36})"/.exec(response.body)?.[1];
  return { response, secret, id };
}

/** The delivery log's rows: id, event type, status, attempts and response code, as the page shows them. */
async function logRows(webhookId: string, cookie: string) {
  const page = await get(`${WEBHOOKS}/${webhookId}`, cookie);
  expect(page.statusCode).toBe(200);
  return [...page.body.matchAll(/<tr data-delivery-id="([^"]+)">([\s\S]*?)<\/tr>/g)].map(([, id, row]) => ({
    id: id!,
    event: /data-label="Event"><code>([^<]+)<\/code>/.exec(row!)?.[1],
    status: /class="badge badge-(\w+)"/.exec(row!)?.[1],
    attempts: Number(/data-label="Attempts" class="number">(\d+)</.exec(row!)?.[1]),
    code: /data-label="Response code" class="number">([^<]+)</.exec(row!)?.[1]?.trim(),
  }));
}

describe('/console/developers', () => {
  it('links the parts; API keys for an owner only', async () => {
    const { owner, viewer } = await setUp();
    const ownerPage = await get('/console/developers', owner.cookie);
    expect(ownerPage.statusCode).toBe(200);
    for (const href of [
      '/console/keys',
      '/console/developers/webhooks',
      '/console/developers/events',
      '/console/developers/sdk',
    ]) {
      expect(ownerPage.body).toContain(`href="${href}"`);
    }
    const viewerPage = await get('/console/developers', viewer.cookie);
    expect(viewerPage.statusCode).toBe(200);
    expect(viewerPage.body).not.toContain('href="/console/keys"');
    expect(viewerPage.body).toContain('href="/console/developers/webhooks"');
  });
});

describe('/console/developers/webhooks', () => {
  it('an editor registers a webhook: its secret shown once, listed after, disabled on confirmation', async () => {
    const { accountId, editor, receiver } = await setUp();
    const { response, secret, id } = await register(editor, receiver.url, [
      'asset.created',
      'watch.triggered',
    ]);
    expect(response.statusCode).toBe(201);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(id).toBeDefined();
    const { rows } = await context.db.query<{ secret: string; events: string[]; account_id: string }>(
      'SELECT secret, events, account_id FROM webhooks WHERE id = $1',
      [id],
    );
    expect(rows[0]).toEqual({ secret, events: ['asset.created', 'watch.triggered'], account_id: accountId });

    const list = await get(WEBHOOKS, editor.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret);
    expect(list.body).not.toContain('whsec_');
    expect(list.body).toContain(`<code>${receiver.url}</code>`);
    // Each type it receives by what happens, its API name beside it.
    expect(list.body).toMatch(/<li>An object is registered <code>asset\.created<\/code><\/li>/);
    expect(list.body).toMatch(/<li>A watched certificate changes <code>watch\.triggered<\/code><\/li>/);
    expect(list.body).toContain(`href="${WEBHOOKS}/${id}/disable"`);
    expect(list.body).toMatch(/<caption class="visually-hidden">\s*Webhooks of the account/);

    const confirm = await get(`${WEBHOOKS}/${id}/disable`, editor.cookie);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain(`action="${WEBHOOKS}/${id}/disable"`);
    const disabled = await post(`${WEBHOOKS}/${id}/disable`, editor.cookie, { _csrf: editor.csrf });
    expect(disabled.statusCode).toBe(303);
    expect(disabled.headers.location).toBe(WEBHOOKS);
    const after = await get(WEBHOOKS, editor.cookie);
    expect(after.body).toContain(`Webhook ${receiver.url} disabled.`);
    expect(after.body).toContain('badge-disabled');
    expect(after.body).not.toContain(`href="${WEBHOOKS}/${id}/disable"`);
    const { rows: stored } = await context.db.query<{ status: string }>(
      'SELECT status FROM webhooks WHERE id = $1',
      [id],
    );
    expect(stored[0]!.status).toBe('disabled');
  });

  it('refuses what the API refuses, on the page, keeping what was typed', async () => {
    const { editor, receiver } = await setUp();
    const none = await register(editor, receiver.url, []);
    expect(none.response.statusCode).toBe(400);
    expect(none.response.body).toContain('role="alert"');
    expect(none.response.body).toContain(`value="${receiver.url}"`);
    expect(none.response.body).not.toContain('<output id="webhook-secret"');
    const badUrl = await register(editor, 'ftp://example.org/hook', ['asset.created']);
    expect(badUrl.response.statusCode).toBe(400);
    expect(badUrl.response.body).toContain('value="ftp://example.org/hook"');
    // The box ticked stays ticked, the others not.
    expect(badUrl.response.body).toMatch(/value="asset\.created"\s+checked/);
    expect(badUrl.response.body).not.toMatch(/value="certificate\.issued"\s+checked/);
    const unknown = await register(editor, receiver.url, ['asset.exploded']);
    expect(unknown.response.statusCode).toBe(400);
    const { rows } = await context.db.query('SELECT 1 FROM webhooks WHERE url LIKE $1', [`${receiver.url}%`]);
    expect(rows).toHaveLength(0);
  });

  it('a fresh form offers every event type, the opt-in ones unticked', async () => {
    const { editor } = await setUp();
    const page = await get(WEBHOOKS, editor.cookie);
    for (const type of ['asset.created', 'verification.completed', 'certificate.issued']) {
      expect(page.body).toMatch(new RegExp(`value="${type.replace('.', '\\.')}"\\s+checked`));
    }
    for (const type of ['asset.alert_raised', 'asset.alert_resolved', 'watch.triggered']) {
      expect(page.body).toContain(`value="${type}"`);
      expect(page.body).not.toMatch(new RegExp(`value="${type.replace('.', '\\.')}"\\s+checked`));
    }
  });

  it('logs deliveries with status and response code; replay makes a new attempt; a test event is queued and sent', async () => {
    const { accountId, editor, receiver } = await setUp();
    const { id } = await register(editor, receiver.url, ['asset.created']);
    const key = await context.createApiKey(accountId);
    const created = await context.app.inject({
      method: 'POST',
      url: '/api/v1/assets/artworks',
      headers: { authorization: `Bearer ${key.key}` },
      payload: { title: 'Nocturne', artist: 'A. Painter', year: 1901 },
    });
    expect(created.statusCode).toBe(201);

    const [delivery] = await waitFor(async () => {
      const rows = await logRows(id!, editor.cookie);
      return rows[0]?.status === 'succeeded' ? rows : undefined;
    });
    expect(delivery).toMatchObject({ event: 'asset.created', status: 'succeeded', attempts: 1, code: '200' });
    expect(receiver.received).toHaveLength(1);

    receiver.setResponder(answer(500, 'down for maintenance'));
    const replay = await post(`${WEBHOOKS}/${id}/deliveries/${delivery!.id}/replay`, editor.cookie, {
      _csrf: editor.csrf,
    });
    expect(replay.statusCode).toBe(303);
    expect(replay.headers.location).toBe(`${WEBHOOKS}/${id}`);
    expect((await get(`${WEBHOOKS}/${id}`, editor.cookie)).body).toContain('Delivery replayed');
    // The replay is a new attempt of the same delivery: the receiver is called again, its answer logged.
    const replayed = await waitFor(async () => {
      const rows = await logRows(id!, editor.cookie);
      return rows[0]?.attempts === 2 && rows[0].code === '500' ? rows[0] : undefined;
    });
    expect(replayed.id).toBe(delivery!.id);
    expect(receiver.received.length).toBeGreaterThanOrEqual(2);
    expect(receiver.received[1]!.headers['webhook-id']).toBe(receiver.received[0]!.headers['webhook-id']);
    const log = await get(`${WEBHOOKS}/${id}`, editor.cookie);
    expect(log.body).toContain('The receiver answered 500.');
    expect(log.body).toContain('down for maintenance');

    receiver.setResponder(answer(204));
    const test = await post(`${WEBHOOKS}/${id}/test`, editor.cookie, { _csrf: editor.csrf });
    expect(test.statusCode).toBe(303);
    const { rows: queued } = await context.db.query<{ event_type: string }>(
      'SELECT event_type FROM webhook_deliveries WHERE webhook_id = $1 AND outbox_id IS NULL',
      [id],
    );
    expect(queued).toEqual([{ event_type: 'webhook.test' }]);
    expect((await get(`${WEBHOOKS}/${id}`, editor.cookie)).body).toContain('Test event queued');
    const sent = await waitFor(async () =>
      (await logRows(id!, editor.cookie)).find((row) => row.event === 'webhook.test' && row.code === '204'),
    );
    expect(sent).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(receiver.received.some((request) => JSON.parse(request.body).type === 'webhook.test')).toBe(true);

    // Filtered by status: the test event, succeeded, is not among the failed.
    const failed = await get(`${WEBHOOKS}/${id}?status=failed`, editor.cookie);
    expect(failed.statusCode).toBe(200);
    expect(failed.body).not.toContain('<code>webhook.test</code>');
  });

  it('a test event past the per-minute cap is refused on the log, with Retry-After', async () => {
    const { editor, receiver } = await setUp();
    const { id } = await register(editor, receiver.url, ['asset.created']);
    const cap = context.config.AVS_WEBHOOK_TEST_EVENTS_PER_MINUTE;
    for (let sent = 0; sent < cap; sent += 1) {
      expect((await post(`${WEBHOOKS}/${id}/test`, editor.cookie, { _csrf: editor.csrf })).statusCode).toBe(
        303,
      );
    }
    const refused = await post(`${WEBHOOKS}/${id}/test`, editor.cookie, { _csrf: editor.csrf });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.body).toContain('role="alert"');
    expect(refused.body).toContain('<h1>Delivery log</h1>');
  });

  it('a viewer reads the list and the log without buttons, and is refused every change', async () => {
    const { editor, viewer, receiver } = await setUp();
    const { id } = await register(editor, receiver.url, ['asset.created']);
    expect((await post(`${WEBHOOKS}/${id}/test`, editor.cookie, { _csrf: editor.csrf })).statusCode).toBe(
      303,
    );
    const delivery = await waitFor(async () => (await logRows(id!, editor.cookie))[0]);

    const list = await get(WEBHOOKS, viewer.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(`<code>${receiver.url}</code>`);
    expect(list.body).not.toContain('<form method="post" action="/console/developers/webhooks"');
    expect(list.body).not.toContain('/disable');
    expect(list.body).not.toContain('Register webhook');
    const log = await get(`${WEBHOOKS}/${id}`, viewer.cookie);
    expect(log.statusCode).toBe(200);
    expect(log.body).toContain('<code>webhook.test</code>');
    expect(log.body).not.toContain('/replay');
    expect(log.body).not.toContain('Send test event');

    const refusals = [
      await post(WEBHOOKS, viewer.cookie, {
        _csrf: viewer.csrf,
        url: receiver.url,
        events: ['asset.created'],
      }),
      await post(`${WEBHOOKS}/${id}/test`, viewer.cookie, { _csrf: viewer.csrf }),
      await post(`${WEBHOOKS}/${id}/deliveries/${delivery.id}/replay`, viewer.cookie, { _csrf: viewer.csrf }),
      await post(`${WEBHOOKS}/${id}/disable`, viewer.cookie, { _csrf: viewer.csrf }),
      await get(`${WEBHOOKS}/${id}/disable`, viewer.cookie),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(403);
      expect(refused.body).toContain('Your role in this account does not allow this');
    }
    const { rows } = await context.db.query<{ status: string }>('SELECT status FROM webhooks WHERE id = $1', [
      id,
    ]);
    expect(rows[0]!.status).toBe('active');
  });

  it("another account's webhook is the 404 page", async () => {
    const first = await setUp();
    const second = await setUp();
    const { id } = await register(first.editor, first.receiver.url, ['asset.created']);
    for (const response of [
      await get(`${WEBHOOKS}/${id}`, second.editor.cookie),
      await get(`${WEBHOOKS}/${id}/disable`, second.editor.cookie),
      await post(`${WEBHOOKS}/${id}/disable`, second.editor.cookie, { _csrf: second.editor.csrf }),
      await post(`${WEBHOOKS}/${id}/test`, second.editor.cookie, { _csrf: second.editor.csrf }),
      await get(`${WEBHOOKS}/not-a-uuid`, second.editor.cookie),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('<h1>Not found</h1>');
    }
    expect((await get(WEBHOOKS, second.editor.cookie)).body).not.toContain(first.receiver.url);
  });
});

describe('/console/developers/events', () => {
  it("shows the account's events, newest first, paged by the feed's cursor and filtered by type", async () => {
    const { accountId, viewer } = await setUp();
    const other = await setUp();
    const key = await context.createApiKey(accountId);
    const otherKey = await context.createApiKey(other.accountId);
    const create = (apiKey: string, title: string) =>
      context.app.inject({
        method: 'POST',
        url: '/api/v1/assets/artworks',
        headers: { authorization: `Bearer ${apiKey}` },
        payload: { title, artist: 'A. Painter', year: 1901 },
      });
    const ids: string[] = [];
    for (const title of ['First light', 'Second light', 'Third light']) {
      const response = await create(key.key, title);
      expect(response.statusCode).toBe(201);
      ids.push(response.json<{ id: string }>().id);
    }
    expect((await create(otherKey.key, 'Not yours')).statusCode).toBe(201);

    const page = await get('/console/developers/events', viewer.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<code>asset.created</code>');
    expect(page.body).toContain('Third light');
    expect(page.body).not.toContain('Not yours');
    expect(page.body.indexOf('Third light')).toBeLessThan(page.body.indexOf('First light'));

    const first = await get('/console/developers/events?limit=2&type=asset.created', viewer.cookie);
    expect(first.body).toContain('Third light');
    expect(first.body).not.toContain('First light');
    const next = /<a href="([^"]+)" rel="next">/.exec(first.body)?.[1]?.replace(/&amp;/g, '&');
    expect(next).toMatch(/type=asset.created/);
    const second = await get(next!, viewer.cookie);
    expect(second.statusCode).toBe(200);
    expect(second.body).toContain('First light');
    expect(second.body).not.toContain('Third light');

    const none = await get('/console/developers/events?type=watch.triggered', viewer.cookie);
    expect(none.body).toContain('No events in the retention window.');
    const bad = await get('/console/developers/events?cursor=nonsense', viewer.cookie);
    expect(bad.statusCode).toBe(400);
  });
});

describe('/console/developers/sdk', () => {
  it('fills in the public URL and leaves the key to the environment, never a real one', async () => {
    const { accountId, owner, viewer } = await setUp();
    const key = await context.createApiKey(accountId);
    const page = await get('/console/developers/sdk', owner.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`baseUrl: &#39;${PUBLIC_URL}&#39;`);
    expect(page.body).toContain('process.env.AVS_API_KEY');
    expect(page.body).toContain('href="/console/keys"');
    expect(page.body).not.toContain(key.key);
    expect(page.body).not.toContain(key.prefix);
    expect(page.body).not.toMatch(/avs_[A-Za-z0-9_-]{20,}/);
    const viewerPage = await get('/console/developers/sdk', viewer.cookie);
    expect(viewerPage.statusCode).toBe(200);
    expect(viewerPage.body).toContain(PUBLIC_URL);
    expect(viewerPage.body).not.toContain('href="/console/keys"');
  });
});
