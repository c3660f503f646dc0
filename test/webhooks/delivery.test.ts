import { afterAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { insertOutboxEvent } from '../../src/modules/webhooks/outbox.repository.js';
import type { WebhookEventType } from '../../src/modules/webhooks/webhook-event-types.js';
import { useTestContext } from '../helpers/test-app.js';
import { answer, startReceiver, type Receiver } from '../helpers/webhook-receiver.js';
import { waitFor } from '../helpers/wait-for.js';

// Long enough that a loaded machine answers a healthy receiver in time; short enough to wait for in a test.
const TIMEOUT_MS = 2_000;

describe('webhook delivery to a local receiver (AVS_WEBHOOK_DELIVERY=on, insecure targets allowed)', () => {
  const context = useTestContext({
    config: {
      AVS_WEBHOOK_DELIVERY: true,
      AVS_WEBHOOK_ALLOW_INSECURE_TARGETS: true,
      AVS_WEBHOOK_RETRY_SCHEDULE: [100, 200, 400],
      AVS_WEBHOOK_TIMEOUT_MS: TIMEOUT_MS,
    },
  });
  const receivers: Receiver[] = [];
  afterAll(async () => {
    await Promise.all(receivers.map((receiver) => receiver.close()));
  });

  async function setUp(responder?: Parameters<typeof startReceiver>[0], events?: string[]) {
    const receiver = await startReceiver(responder);
    receivers.push(receiver);
    const { auth, accountId } = await context.createAccountWithKey();
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: auth,
      payload: events ? { url: receiver.url, events } : { url: receiver.url },
    });
    expect(response.statusCode).toBe(201);
    const webhook = response.json<{ id: string; secret: string }>();
    const emit = (eventType: WebhookEventType, payload: Record<string, unknown> = { asset_id: 'a1' }) =>
      insertOutboxEvent(context.db, { accountId, eventType, payload });
    const deliveries = async () =>
      (await context.app.inject({ url: `/api/v1/webhooks/${webhook.id}/deliveries`, headers: auth })).json()
        .data as Array<Record<string, unknown>>;
    const webhookRecord = async () =>
      (await context.app.inject({ url: `/api/v1/webhooks/${webhook.id}`, headers: auth })).json<{
        status: string;
      }>();
    return { receiver, webhook, auth, accountId, emit, deliveries, webhookRecord };
  }

  it('POSTs {type, timestamp, data} with Standard Webhooks headers the standardwebhooks verifier accepts', async () => {
    const { receiver, webhook, emit, deliveries } = await setUp();
    const eventId = await emit('asset.created', {
      asset_id: 'asset-1',
      planet: 'artworks',
      title: 'Nocturne',
    });
    await waitFor(() => receiver.received.length === 1, { message: 'one delivery' });
    const [request] = receiver.received;
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['webhook-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(request!.headers['webhook-timestamp']).toMatch(/^\d{10}$/);
    expect(request!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const verified = new Webhook(webhook.secret).verify(
      request!.body,
      request!.headers as Record<string, string>,
    );
    expect(verified).toMatchObject({
      type: 'asset.created',
      data: { asset_id: 'asset-1', planet: 'artworks', title: 'Nocturne' },
    });
    const body = JSON.parse(request!.body) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['data', 'timestamp', 'type']);
    expect(body.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // A signature made with another secret is refused: the check above is not vacuous.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(
        request!.body,
        request!.headers as Record<string, string>,
      ),
    ).toThrow();

    const log = await waitFor(async () => {
      const rows = await deliveries();
      return rows[0]?.status === 'succeeded' ? rows : undefined;
    });
    expect(log).toHaveLength(1);
    // webhook-id is the event's id (the id GET /api/v1/events lists), not the delivery's.
    expect(request!.headers['webhook-id']).toBe(eventId);
    expect(log[0]).toMatchObject({
      event_id: eventId,
      event_type: 'asset.created',
      status: 'succeeded',
      attempts: 1,
      last_status_code: 200,
      last_error: null,
      next_attempt_at: null,
    });
  });

  it('retries a receiver answering 500, 500 then 200: the third attempt succeeds, with one webhook-id', async () => {
    const { receiver, emit, deliveries } = await setUp((_request, index, response) =>
      answer(index < 2 ? 500 : 200, index < 2 ? 'boom' : 'ok')(_request, index, response),
    );
    await emit('asset.created');
    const log = await waitFor(async () => {
      const rows = await deliveries();
      return rows[0]?.status === 'succeeded' ? rows : undefined;
    });
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((request) => request.headers['webhook-id'])).size).toBe(1);
    expect(log[0]).toMatchObject({ status: 'succeeded', attempts: 3, last_status_code: 200 });
    const [first, second, third] = receiver.received.map((request) => request.receivedAt);
    // Schedule 100 ms then 200 ms, ±10 % jitter.
    expect(second! - first!).toBeGreaterThanOrEqual(85);
    expect(third! - second!).toBeGreaterThanOrEqual(175);
  });

  it('cuts off a receiver that never answers at AVS_WEBHOOK_TIMEOUT_MS and retries', async () => {
    const { receiver, emit, deliveries } = await setUp(() => undefined);
    await emit('asset.created');
    await waitFor(() => receiver.received.length >= 2, { message: 'a retry after the timeout' });
    const gap = receiver.received[1]!.receivedAt - receiver.received[0]!.receivedAt;
    expect(gap).toBeGreaterThanOrEqual(TIMEOUT_MS);
    expect(gap).toBeLessThan(TIMEOUT_MS + 110 + 1_000);
    const log = await deliveries();
    expect(String(log[0]!.last_error)).toMatch(/timed out/);
    expect(log[0]!.last_status_code).toBeNull();
  });

  it('marks the delivery failed after the last scheduled attempt, and disables an endpoint that never accepted', async () => {
    const { receiver, emit, deliveries, webhookRecord } = await setUp(answer(503, 'down'));
    await emit('asset.created');
    const log = await waitFor(async () => {
      const rows = await deliveries();
      return rows[0]?.status === 'failed' ? rows : undefined;
    });
    expect(receiver.received).toHaveLength(4);
    expect(log[0]).toMatchObject({ attempts: 4, last_status_code: 503, next_attempt_at: null });
    expect(String(log[0]!.last_error)).toMatch(/503.*No attempts left/);
    expect((await webhookRecord()).status).toBe('disabled');
  });

  it('disables the webhook when the receiver answers 410 Gone, and sends it nothing more', async () => {
    const { receiver, emit, deliveries, webhookRecord } = await setUp(answer(410, 'gone'));
    await emit('asset.created');
    await waitFor(async () => (await webhookRecord()).status === 'disabled', { message: 'disabled' });
    const log = await deliveries();
    expect(log[0]).toMatchObject({ status: 'failed', attempts: 1, last_status_code: 410 });
    await emit('asset.created');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(receiver.received).toHaveLength(1);
    expect(await deliveries()).toHaveLength(1);
  });

  it('does not follow redirects: a 302 is a failed attempt', async () => {
    const { receiver, emit, deliveries } = await setUp((_request, _index, response) =>
      response.writeHead(302, { location: '/elsewhere' }).end(),
    );
    await emit('asset.created');
    const log = await waitFor(async () => {
      const rows = await deliveries();
      return rows[0]?.last_status_code === 302 ? rows : undefined;
    });
    expect(String(log[0]!.last_error)).toMatch(/redirects are not followed/);
    expect(receiver.received.every((request) => request.headers.host?.endsWith(`:${receiver.port}`))).toBe(
      true,
    );
    expect(receiver.received.length).toBeLessThanOrEqual(4);
  });

  it('reads at most 64 KiB of a response and stores only a short excerpt', async () => {
    const { emit, deliveries } = await setUp((_request, _index, response) =>
      response.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(2 * 1024 * 1024)),
    );
    await emit('asset.created');
    const log = await waitFor(async () => {
      const rows = await deliveries();
      return rows[0]?.status === 'succeeded' ? rows : undefined;
    });
    expect(String(log[0]!.last_response_excerpt).length).toBeLessThanOrEqual(256);
    expect(String(log[0]!.last_response_excerpt)).toMatch(/^x+$/);
  });

  it('sends an endpoint only the event types it subscribed to, and only its own account’s events', async () => {
    const { receiver, emit } = await setUp(undefined, ['certificate.issued']);
    const other = await setUp();
    await emit('asset.created');
    await emit('verification.completed');
    await emit('certificate.issued', { certificate_number: 'ART-2026-000001' });
    await emit('ownership.transferred');
    await waitFor(() => receiver.received.length >= 1 && other.receiver.received.length === 0, {
      message: 'the subscribed event',
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received.map((request) => (JSON.parse(request.body) as { type: string }).type)).toEqual([
      'certificate.issued',
    ]);
    expect(other.receiver.received).toHaveLength(0);
  });

  it('lists the delivery log newest first with paging, and validates its query', async () => {
    const { auth, webhook, emit, receiver } = await setUp();
    for (let index = 0; index < 3; index++) await emit('asset.created', { n: index });
    await waitFor(() => receiver.received.length === 3);
    const first = await context.app.inject({
      url: `/api/v1/webhooks/${webhook.id}/deliveries?limit=2`,
      headers: auth,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toHaveLength(2);
    expect(first.json().has_more).toBe(true);
    const second = await context.app.inject({
      url: `/api/v1/webhooks/${webhook.id}/deliveries?limit=2&cursor=${first.json().next_cursor}`,
      headers: auth,
    });
    expect(second.json()).toMatchObject({ has_more: false, next_cursor: null });
    const ids = [...first.json().data, ...second.json().data].map((delivery: { id: string }) => delivery.id);
    expect(new Set(ids).size).toBe(3);
    for (const query of ['limit=0', 'limit=101', 'cursor=nope', 'status=lost']) {
      const bad = await context.app.inject({
        url: `/api/v1/webhooks/${webhook.id}/deliveries?${query}`,
        headers: auth,
      });
      expect(bad.statusCode, query).toBe(400);
    }
  });

  it('POST /test sends a signed webhook.test event to the endpoint', async () => {
    const { auth, webhook, receiver } = await setUp(undefined, ['asset.created']);
    const response = await context.app.inject({
      method: 'POST',
      url: `/api/v1/webhooks/${webhook.id}/test`,
      headers: auth,
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ event_type: 'webhook.test', status: 'pending', event_id: null });
    await waitFor(() => receiver.received.length === 1);
    const request = receiver.received[0]!;
    expect(request.headers['webhook-id']).toBe(response.json().id);
    const verified = new Webhook(webhook.secret).verify(
      request.body,
      request.headers as Record<string, string>,
    );
    expect(verified).toMatchObject({ type: 'webhook.test', data: { webhook_id: webhook.id } });
  });

  it('POST /deliveries/{id}/retry sends a failed delivery again with the same webhook-id', async () => {
    let accept = false;
    const { auth, webhook, receiver, emit, deliveries } = await setUp((request, index, response) =>
      answer(accept ? 200 : 500)(request, index, response),
    );
    // Keep the endpoint alive: an earlier success means exhaustion does not disable it.
    await context.db.query(
      `INSERT INTO webhook_deliveries (id, webhook_id, event_type, payload, event_created_at, status, last_attempt_at, created_at)
       VALUES (gen_random_uuid(), $1, 'webhook.test', '{}', now(), 'succeeded', now() + interval '1 hour', now() - interval '1 hour')`,
      [webhook.id],
    );
    await emit('asset.created');
    const failed = await waitFor(async () => (await deliveries()).find((row) => row.status === 'failed'));
    expect(receiver.received).toHaveLength(4);
    accept = true;
    const retried = await context.app.inject({
      method: 'POST',
      url: `/api/v1/webhooks/${webhook.id}/deliveries/${String(failed.id)}/retry`,
      headers: auth,
    });
    expect(retried.statusCode).toBe(202);
    expect(retried.json()).toMatchObject({ id: failed.id, status: 'pending' });
    await waitFor(
      async () => (await deliveries()).find((row) => row.id === failed.id)?.status === 'succeeded',
    );
    expect(receiver.received).toHaveLength(5);
    expect(receiver.received[4]!.headers['webhook-id']).toBe(failed.event_id);

    for (const id of ['nope', '00000000-0000-0000-0000-000000000000']) {
      const missing = await context.app.inject({
        method: 'POST',
        url: `/api/v1/webhooks/${webhook.id}/deliveries/${id}/retry`,
        headers: auth,
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe('delivery_not_found');
    }
    const intruder = await context.createAccountWithKey();
    const foreign = await context.app.inject({
      method: 'POST',
      url: `/api/v1/webhooks/${webhook.id}/deliveries/${String(failed.id)}/retry`,
      headers: intruder.auth,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('webhook_not_found');
  });

  it('refuses test and retry on a disabled webhook with 409', async () => {
    const { auth, webhook } = await setUp();
    await context.app.inject({ method: 'DELETE', url: `/api/v1/webhooks/${webhook.id}`, headers: auth });
    const response = await context.app.inject({
      method: 'POST',
      url: `/api/v1/webhooks/${webhook.id}/test`,
      headers: auth,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('invalid_state');
  });
});
