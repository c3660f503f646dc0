import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { limits } from '../../src/limits.js';
import { fanOutOutbox, NOT_QUEUED_ERROR } from '../../src/modules/webhooks/deliveries.repository.js';
import { insertOutboxEvent } from '../../src/modules/webhooks/outbox.repository.js';
import { createAssetViaApi } from '../helpers/asset-factory.js';
import { useTestContext, type TestContext } from '../helpers/test-app.js';
import { waitFor } from '../helpers/wait-for.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';

// Webhooks across tenants and scopes (docs/webhooks.md, "Planet scope" and "Limits"; docs/reliability.md): planet
// scope, fair delivery and caps, webhook URL input (control characters, the normalised URL) and extreme cursors.
// The delivery log as a DNS oracle is in delivery.security.test.ts; the masked secret in reliability/idempotency.

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

async function register(
  context: TestContext,
  auth: { authorization: string },
  url: string,
  events?: string[],
) {
  return context.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks',
    headers: auth,
    payload: events ? { url, events } : { url },
  });
}

describe('webhooks take the planet scope of the key that registered them', () => {
  const context = useTestContext({
    config: {
      AVS_WEBHOOK_DELIVERY: true,
      AVS_WEBHOOK_ALLOW_INSECURE_TARGETS: true,
      AVS_WEBHOOK_RETRY_SCHEDULE: [60_000],
      AVS_WEBHOOK_TIMEOUT_MS: 2_000,
    },
  });
  const receivers: Receiver[] = [];
  afterAll(async () => {
    await Promise.all(receivers.map((receiver) => receiver.close()));
  });

  it('delivers an artworks-scoped webhook only artworks events: asset, verification and certificate', async () => {
    const receiver = await startReceiver();
    receivers.push(receiver);
    const { accountId, auth: everyPlanet } = await context.createAccountWithKey();
    const artworksKey = await context.createApiKey(accountId, { planetScope: ['artworks'] });
    const created = await register(context, bearer(artworksKey.key), receiver.url);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ planet_scope: ['artworks'] });

    // The same account, through an unscoped key: a watches asset, verified, and an artworks one, verified.
    const watch = await createAssetViaApi(context.app, everyPlanet, 'watches', { title: 'Submariner' });
    const painting = await createAssetViaApi(context.app, everyPlanet, 'artworks', { title: 'Nocturne' });
    for (const asset of [watch, painting]) {
      const verified = await context.app.inject({
        method: 'POST',
        url: '/api/v1/verify',
        headers: everyPlanet,
        payload: { planet: asset.planet, asset_id: asset.id },
      });
      expect(verified.statusCode).toBe(200);
    }
    // A certificate event without an asset planet cannot be placed: a scoped webhook does not get it.
    await insertOutboxEvent(context.db, {
      accountId,
      eventType: 'certificate.issued',
      payload: { asset: { planet: 'watches', id: watch.id } },
    });
    await insertOutboxEvent(context.db, {
      accountId,
      eventType: 'certificate.issued',
      payload: { asset: { planet: 'artworks', id: painting.id } },
    });
    await insertOutboxEvent(context.db, { accountId, eventType: 'certificate.issued', payload: { n: 1 } });

    await waitFor(async () => {
      const { rows } = await context.db.query('SELECT 1 FROM webhook_outbox WHERE dispatched_at IS NULL');
      return rows.length === 0;
    });
    await waitFor(() => receiver.received.length >= 3, { message: 'the three artworks events' });
    // Give a wrongly fanned-out watches event the time to arrive too.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const received = receiver.received.map(
      (request) => JSON.parse(request.body) as { type: string; data: Record<string, unknown> },
    );
    expect(received.map((event) => event.type).sort()).toEqual([
      'asset.created',
      'certificate.issued',
      'verification.completed',
    ]);
    expect(JSON.stringify(received)).not.toContain('watches');
    expect(JSON.stringify(received)).not.toContain(watch.id);
  });

  it('an unscoped key’s webhook still receives every planet', async () => {
    const receiver = await startReceiver();
    receivers.push(receiver);
    const { auth } = await context.createAccountWithKey();
    const created = await register(context, auth, receiver.url, ['asset.created']);
    expect(created.json()).toMatchObject({ planet_scope: [] });
    await createAssetViaApi(context.app, auth, 'watches', { title: 'Speedmaster' });
    await createAssetViaApi(context.app, auth, 'artworks', { title: 'Haystacks' });
    await waitFor(() => receiver.received.length === 2, { message: 'both events' });
  });

  it('listing, reading, the log, test events and deleting obey the key’s scope: a webhook outside it is 404', async () => {
    const { accountId, auth: everyPlanet } = await context.createAccountWithKey();
    const artworks = bearer((await context.createApiKey(accountId, { planetScope: ['artworks'] })).key);
    const watches = bearer((await context.createApiKey(accountId, { planetScope: ['watches'] })).key);
    const both = bearer(
      (await context.createApiKey(accountId, { planetScope: ['artworks', 'watches'] })).key,
    );
    const unscopedHook = (await register(context, everyPlanet, 'https://hooks.example.com/all')).json<{
      id: string;
    }>();
    const artworksHook = (await register(context, artworks, 'https://hooks.example.com/art')).json<{
      id: string;
    }>();
    const listed = async (auth: { authorization: string }) =>
      (await context.app.inject({ url: '/api/v1/webhooks', headers: auth }))
        .json<{ data: Array<{ id: string }> }>()
        .data.map((webhook) => webhook.id)
        .sort();

    expect(await listed(everyPlanet)).toEqual([unscopedHook.id, artworksHook.id].sort());
    expect(await listed(both)).toEqual([artworksHook.id]);
    expect(await listed(artworks)).toEqual([artworksHook.id]);
    expect(await listed(watches)).toEqual([]);

    const routes = (id: string) => [
      { method: 'GET' as const, url: `/api/v1/webhooks/${id}` },
      { method: 'GET' as const, url: `/api/v1/webhooks/${id}/deliveries` },
      { method: 'POST' as const, url: `/api/v1/webhooks/${id}/test` },
      { method: 'DELETE' as const, url: `/api/v1/webhooks/${id}` },
    ];
    for (const [auth, id] of [
      [watches, artworksHook.id],
      [watches, unscopedHook.id],
      [artworks, unscopedHook.id],
    ] as const) {
      for (const route of routes(id)) {
        const response = await context.app.inject({ ...route, headers: auth });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(404);
        expect(response.json()).toMatchObject({ code: 'webhook_not_found' });
      }
    }
    const { rows } = await context.db.query<{ status: string }>(
      'SELECT status FROM webhooks WHERE account_id = $1',
      [accountId],
    );
    expect(rows.map((row) => row.status)).toEqual(['active', 'active']);
    for (const route of routes(artworksHook.id)) {
      const response = await context.app.inject({ ...route, headers: artworks });
      expect(response.statusCode, `${route.method} ${route.url}`).toBeLessThan(300);
    }
  });
});

describe('one tenant cannot starve another’s delivery', () => {
  // Long enough that none of the attacker's attempts times out during the test: they stay hanging throughout.
  const TIMEOUT_MS = 10_000;
  const context = useTestContext({
    config: {
      AVS_WEBHOOK_DELIVERY: true,
      AVS_WEBHOOK_ALLOW_INSECURE_TARGETS: true,
      AVS_WEBHOOK_RETRY_SCHEDULE: [60_000],
      AVS_WEBHOOK_TIMEOUT_MS: TIMEOUT_MS,
      // The attack of the report: 48 test events; the per-minute cap has its own test below.
      AVS_WEBHOOK_TEST_EVENTS_PER_MINUTE: 100,
    },
  });
  const receivers: Receiver[] = [];
  afterAll(async () => {
    await Promise.all(receivers.map((receiver) => receiver.close()));
  });

  it('48 test events at a never-answering target leave another account’s delivery within 2 s', async () => {
    const silent = await startReceiver(() => undefined);
    const healthy = await startReceiver();
    receivers.push(silent, healthy);
    const attacker = await context.createAccountWithKey();
    const hook = (await register(context, attacker.auth, silent.url)).json<{ id: string }>();
    for (let index = 0; index < 48; index++) {
      const response = await context.app.inject({
        method: 'POST',
        url: `/api/v1/webhooks/${hook.id}/test`,
        headers: attacker.auth,
      });
      expect(response.statusCode).toBe(202);
    }
    await waitFor(() => silent.received.length >= context.config.AVS_WEBHOOK_ACCOUNT_CONCURRENCY, {
      message: 'the attacker’s first deliveries hanging',
    });

    const other = await context.createAccountWithKey();
    expect((await register(context, other.auth, healthy.url, ['asset.created'])).statusCode).toBe(201);
    const started = Date.now();
    await createAssetViaApi(context.app, other.auth);
    await waitFor(() => healthy.received.length === 1, {
      timeoutMs: 2_000,
      intervalMs: 20,
      message: 'the other account’s delivery within 2 s',
    });
    const elapsed = Date.now() - started;
    // Structural: it went out while the attacker's deliveries were still hanging, before any timed out.
    expect(elapsed).toBeLessThan(Math.min(2_000, TIMEOUT_MS));
    expect(silent.received.length).toBeLessThanOrEqual(context.config.AVS_WEBHOOK_ACCOUNT_CONCURRENCY);
    const { rows } = await context.db.query<{ leased: number }>(
      `SELECT count(*)::int AS leased FROM webhook_deliveries
       WHERE webhook_id = $1 AND status = 'pending' AND locked_until > now()`,
      [hook.id],
    );
    expect(rows[0]!.leased).toBeLessThanOrEqual(context.config.AVS_WEBHOOK_ACCOUNT_CONCURRENCY);
  });
});

describe('webhook caps: per account, per queue, test events per minute', () => {
  const context = useTestContext();

  it('refuses a 21st active webhook with 409 webhook_limit_reached (AVS_WEBHOOK_LIMIT, default 20)', async () => {
    expect(context.config.AVS_WEBHOOK_LIMIT).toBe(20);
    const { auth, accountId } = await context.createAccountWithKey();
    const ids: string[] = [];
    for (let index = 0; index < 20; index++) {
      const response = await register(context, auth, `https://hooks.example.com/${index}`);
      expect(response.statusCode).toBe(201);
      ids.push(response.json<{ id: string }>().id);
    }
    const over = await register(context, auth, 'https://hooks.example.com/21');
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'webhook_limit_reached' });
    expect(over.json<{ error: string }>().error).toMatch(/20 active webhooks/);
    const { rows } = await context.db.query('SELECT 1 FROM webhooks WHERE account_id = $1', [accountId]);
    expect(rows).toHaveLength(20);
    // A deleted (disabled) webhook frees its place; another account has its own 20.
    const deleted = await context.app.inject({
      method: 'DELETE',
      url: `/api/v1/webhooks/${ids[0]}`,
      headers: auth,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await register(context, auth, 'https://hooks.example.com/again')).statusCode).toBe(201);
    const other = await context.createAccountWithKey();
    expect((await register(context, other.auth, 'https://hooks.example.com/other')).statusCode).toBe(201);
  });

  it('rate-limits test events per account: the 11th in a minute is 429 with Retry-After', async () => {
    expect(context.config.AVS_WEBHOOK_TEST_EVENTS_PER_MINUTE).toBe(10);
    const { auth } = await context.createAccountWithKey();
    const first = (await register(context, auth, 'https://hooks.example.com/one')).json<{ id: string }>();
    const second = (await register(context, auth, 'https://hooks.example.com/two')).json<{ id: string }>();
    for (let index = 0; index < 10; index++) {
      const hook = index % 2 === 0 ? first : second;
      const response = await context.app.inject({
        method: 'POST',
        url: `/api/v1/webhooks/${hook.id}/test`,
        headers: auth,
      });
      expect(response.statusCode).toBe(202);
    }
    // Spreading over the account's webhooks does not help: the limit is the account's.
    for (const hook of [first, second]) {
      const limited = await context.app.inject({
        method: 'POST',
        url: `/api/v1/webhooks/${hook.id}/test`,
        headers: auth,
      });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'rate_limited' });
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    // Another account is not affected.
    const other = await context.createAccountWithKey();
    const hook = (await register(context, other.auth, 'https://hooks.example.com/x')).json<{ id: string }>();
    const response = await context.app.inject({
      method: 'POST',
      url: `/api/v1/webhooks/${hook.id}/test`,
      headers: other.auth,
    });
    expect(response.statusCode).toBe(202);
  });

  it('caps the queued deliveries of a webhook: a full queue refuses test events and logs new events as not queued', async () => {
    const { auth, accountId } = await context.createAccountWithKey();
    const hook = (await register(context, auth, 'https://hooks.example.com/full', ['asset.created'])).json<{
      id: string;
    }>();
    await context.db.query(
      `INSERT INTO webhook_deliveries (id, webhook_id, event_type, payload, event_created_at, next_attempt_at)
       SELECT gen_random_uuid(), $1, 'asset.created', '{}'::jsonb, now(), now() + interval '1 hour'
       FROM generate_series(1, $2)`,
      [hook.id, limits.webhookQueuedDeliveries],
    );
    const test = await context.app.inject({
      method: 'POST',
      url: `/api/v1/webhooks/${hook.id}/test`,
      headers: auth,
    });
    expect(test.statusCode).toBe(429);
    expect(test.json<{ error: string }>().error).toMatch(/queue is full/);

    // Delivery is off in this context: the fan-out is run by hand.
    const eventId = await insertOutboxEvent(context.db, {
      accountId,
      eventType: 'asset.created',
      payload: { asset: { planet: 'artworks' } },
    });
    while ((await fanOutOutbox(context.db, 200)) > 0);
    const { rows } = await context.db.query<{ status: string; last_error: string | null }>(
      'SELECT status, last_error FROM webhook_deliveries WHERE outbox_id = $1',
      [eventId],
    );
    expect(rows).toEqual([{ status: 'failed', last_error: NOT_QUEUED_ERROR }]);
    const { rows: pending } = await context.db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM webhook_deliveries WHERE webhook_id = $1 AND status = 'pending'",
      [hook.id],
    );
    expect(pending[0]!.count).toBe(limits.webhookQueuedDeliveries);
  });
});

describe('webhook URLs: control characters refused, the normalised URL stored; extreme cursors', () => {
  const context = useTestContext();

  it.each([
    ['NUL', 'https://hooks.example.com/a\u0000b'],
    ['a trailing NUL', 'https://hooks.example.com/\u0000'],
    ['a tab in the path', 'https://hooks.example.com/a\tb'],
    ['a newline in the host', 'https://hooks.exa\nmple.com/'],
    ['a trailing newline', 'https://hooks.example.com/\n'],
    ['a leading carriage return', '\rhttps://hooks.example.com/'],
    ['an escape', 'https://hooks.example.com/\u001b[31m'],
    ['DEL', 'https://hooks.example.com/\u007f'],
    ['a C1 control', 'https://hooks.example.com/\u0085'],
  ])('refuses a url with %s: 400 invalid_webhook_url, nothing stored', async (_name, url) => {
    const { auth, accountId } = await context.createAccountWithKey();
    const response = await register(context, auth, url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_webhook_url' });
    expect(response.json<{ error: string }>().error).toMatch(/control characters/);
    const { rows } = await context.db.query('SELECT 1 FROM webhooks WHERE account_id = $1', [accountId]);
    expect(rows).toHaveLength(0);
  });

  it('stores and shows the normalised URL (WHATWG href)', async () => {
    const { auth, accountId } = await context.createAccountWithKey();
    const response = await register(context, auth, '  HTTPS://Hooks.EXAMPLE.com:443/a/./b/../c?x=1  ');
    expect(response.statusCode).toBe(201);
    const normalised = 'https://hooks.example.com/a/c?x=1';
    expect(response.json()).toMatchObject({ url: normalised });
    const { rows } = await context.db.query<{ url: string }>(
      'SELECT url FROM webhooks WHERE account_id = $1',
      [accountId],
    );
    expect(rows).toEqual([{ url: normalised }]);
    const read = await context.app.inject({
      url: `/api/v1/webhooks/${response.json<{ id: string }>().id}`,
      headers: auth,
    });
    expect(read.json()).toMatchObject({ url: normalised });
  });

  it.each([
    '+275760-09-13T00:00:00.000Z',
    '-271821-04-20T00:00:00.000Z',
    '0000-01-01T00:00:00.000Z',
    '+010000-01-01T00:00:00.000Z',
  ])('answers 400, not 500, to a cursor dated %s on the webhook list and the delivery log', async (date) => {
    const { auth } = await context.createAccountWithKey();
    const hook = (await register(context, auth, 'https://hooks.example.com/c')).json<{ id: string }>();
    const cursor = Buffer.from(JSON.stringify([date, randomUUID()])).toString('base64url');
    for (const url of [
      `/api/v1/webhooks?cursor=${cursor}`,
      `/api/v1/webhooks/${hook.id}/deliveries?cursor=${cursor}`,
    ]) {
      const response = await context.app.inject({ url, headers: auth });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed' });
    }
  });
});
