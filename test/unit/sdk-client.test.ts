import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  AvsApiError,
  AvsConnectionError,
  createAvsClient,
  retryAfterMs,
  retryingFetch,
  verifyWebhook,
  WebhookVerificationError,
  type RetryEvent,
} from '../../sdk/src/index.js';

interface Seen {
  method: string;
  key: string | null;
  authorization: string | null;
  body: string;
}

/** A fetch that records each attempt and answers from the script, in order (an Error is a network failure). */
function scripted(answers: (Response | Error)[]) {
  const seen: Seen[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    seen.push({
      method: request.method,
      key: request.headers.get('idempotency-key'),
      authorization: request.headers.get('authorization'),
      body: await request.text(),
    });
    const answer = answers[seen.length - 1] ?? new Response('{}', { status: 200 });
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { fetch: fetch, seen };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('retryingFetch', () => {
  it('reads Retry-After as seconds or an HTTP-date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs('Wed, 21 Oct 2026 07:28:05 GMT', Date.parse('Wed, 21 Oct 2026 07:28:00 GMT'))).toBe(
      5000,
    );
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
  });

  it('gives a POST one Idempotency-Key, the same on every attempt, and resends its body', async () => {
    const { fetch, seen } = scripted([
      new TypeError('fetch failed'),
      json(429, {}, { 'retry-after': '0' }),
      json(201, {}),
    ]);
    const events: RetryEvent[] = [];
    const response = await retryingFetch({ baseDelayMs: 1, onRetry: (e) => void events.push(e) }, fetch)(
      'http://avs.test/api/v1/assets/artworks',
      { method: 'POST', body: '{"title":"x"}', headers: { 'content-type': 'application/json' } },
    );
    expect(response.status).toBe(201);
    expect(seen).toHaveLength(3);
    expect(new Set(seen.map((s) => s.key)).size).toBe(1);
    expect(seen[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen.map((s) => s.body)).toEqual(Array(3).fill('{"title":"x"}'));
    expect(events.map((e) => [e.attempt, e.status])).toEqual([
      [1, undefined],
      [2, 429],
    ]);
    expect(events[1]!.delayMs).toBe(0);
  });

  it('retries a POST answered 409 idempotency_request_in_progress (its lost first attempt still running), not other 409s', async () => {
    const running = { error: 'still', code: 'idempotency_request_in_progress', request_id: 'r' };
    const { fetch, seen } = scripted([json(409, running), json(201, {})]);
    const response = await retryingFetch({ baseDelayMs: 1 }, fetch)('http://avs.test/x', {
      method: 'POST',
      body: '{}',
    });
    expect(response.status).toBe(201);
    expect(seen[1]!.key).toBe(seen[0]!.key);
    const other = scripted([json(409, { ...running, code: 'invalid_state' }), json(201, {})]);
    expect(
      (
        await retryingFetch({ baseDelayMs: 1 }, other.fetch)('http://avs.test/x', {
          method: 'POST',
          body: '{}',
        })
      ).status,
    ).toBe(409);
    expect(other.seen).toHaveLength(1);
  });

  it("keeps the caller's Idempotency-Key, and a new call gets a new key", async () => {
    const { fetch, seen } = scripted([json(503, {}, { 'retry-after': '0' }), json(201, {}), json(201, {})]);
    const retrying = retryingFetch({ baseDelayMs: 1 }, fetch);
    await retrying('http://avs.test/x', {
      method: 'POST',
      body: '{}',
      headers: { 'idempotency-key': 'mine-1' },
    });
    await retrying('http://avs.test/x', { method: 'POST', body: '{}' });
    expect(seen.map((s) => s.key).slice(0, 2)).toEqual(['mine-1', 'mine-1']);
    expect(seen[2]!.key).not.toBe('mine-1');
  });

  it('retries GET, PUT and DELETE without a key, never PATCH, and not other statuses', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const { fetch, seen } = scripted([json(503, {}), json(200, {})]);
      expect((await retryingFetch({ baseDelayMs: 1 }, fetch)('http://avs.test/x', { method })).status).toBe(
        200,
      );
      expect(seen.map((s) => s.key)).toEqual([null, null]);
    }
    const patch = scripted([json(503, {}), json(200, {})]);
    expect(
      (
        await retryingFetch({ baseDelayMs: 1 }, patch.fetch)('http://avs.test/x', {
          method: 'PATCH',
          body: '{}',
        })
      ).status,
    ).toBe(503);
    expect(patch.seen).toHaveLength(1);
    const other = scripted([json(500, {}), json(200, {})]);
    expect((await retryingFetch({ baseDelayMs: 1 }, other.fetch)('http://avs.test/x')).status).toBe(500);
    expect(other.seen).toHaveLength(1);
  });

  it('stops after maxAttempts, and at a Retry-After longer than maxDelayMs; backoff is jittered within its bound', async () => {
    const down = scripted([json(503, {}), json(503, {}), json(503, {}), json(200, {})]);
    const events: RetryEvent[] = [];
    const answer = await retryingFetch(
      { maxAttempts: 3, baseDelayMs: 8, onRetry: (e) => void events.push(e) },
      down.fetch,
    )('http://avs.test/x');
    expect(answer.status).toBe(503);
    expect(down.seen).toHaveLength(3);
    // Full jitter: a wait in [0, base·2^(attempt-1)).
    expect(events[0]!.delayMs).toBeLessThan(8);
    expect(events[1]!.delayMs).toBeLessThan(16);
    const far = scripted([json(429, {}, { 'retry-after': '3600' }), json(200, {})]);
    expect((await retryingFetch({ maxDelayMs: 1000 }, far.fetch)('http://avs.test/x')).status).toBe(429);
    expect(far.seen).toHaveLength(1);
    const unreachable = scripted([new TypeError('a'), new TypeError('b')]);
    const error = await retryingFetch(
      { maxAttempts: 2, baseDelayMs: 1 },
      unreachable.fetch,
    )('http://avs.test/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AvsConnectionError);
    expect(error).toMatchObject({ attempts: 2, cause: expect.objectContaining({ message: 'b' }) });
  });
});

describe('createAvsClient', () => {
  it('sends the key as Bearer and throws AvsApiError with status, code, request_id and the message', async () => {
    const { fetch, seen } = scripted([
      json(409, { error: 'The asset is archived.', code: 'invalid_state', request_id: 'req-1' }),
    ]);
    const avs = createAvsClient({ baseUrl: 'http://avs.test/', apiKey: 'avs_live_k', fetch });
    const error = await avs.assets.get('artworks', 'a').catch((e: unknown) => e);
    expect(seen[0]!.authorization).toBe('Bearer avs_live_k');
    expect(error).toBeInstanceOf(AvsApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'invalid_state',
      request_id: 'req-1',
      message: 'The asset is archived.',
    });
  });
});

describe('verifyWebhook (Standard Webhooks)', () => {
  const secretBytes = Buffer.from('an example secret of 32 bytes!!!');
  const secret = `whsec_${secretBytes.toString('base64')}`;
  const body = JSON.stringify({
    id: 'evt-1',
    type: 'asset.created',
    timestamp: '2026-11-23T10:00:00.000Z',
    data: {},
  });
  // The signature computed by hand from the specification, not by the library under test.
  const sign = (id: string, timestamp: number, payload: string) =>
    `v1,${createHmac('sha256', secretBytes).update(`${id}.${timestamp}.${payload}`).digest('base64')}`;
  const now = Math.floor(Date.now() / 1000);

  it('accepts a signature made by the specification, among several, with Headers or a plain object', () => {
    const headers = {
      'webhook-id': 'evt-1',
      'webhook-timestamp': String(now),
      'webhook-signature': `v1,bm9wZQ== ${sign('evt-1', now, body)}`,
    };
    expect(verifyWebhook(secret, body, headers)).toMatchObject({ id: 'evt-1', type: 'asset.created' });
    expect(verifyWebhook(secret, new TextEncoder().encode(body), new Headers(headers)).id).toBe('evt-1');
  });

  it('refuses a changed body, another id, and a timestamp outside the tolerance', () => {
    const ok = {
      'webhook-id': 'evt-1',
      'webhook-timestamp': String(now),
      'webhook-signature': sign('evt-1', now, body),
    };
    expect(() => verifyWebhook(secret, body.replace('evt-1', 'evt-2'), ok)).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(secret, body, { ...ok, 'webhook-id': 'evt-2' })).toThrow(
      WebhookVerificationError,
    );
    const old = now - 6 * 60;
    expect(() =>
      verifyWebhook(secret, body, {
        'webhook-id': 'evt-1',
        'webhook-timestamp': String(old),
        'webhook-signature': sign('evt-1', old, body),
      }),
    ).toThrow(WebhookVerificationError);
  });
});
