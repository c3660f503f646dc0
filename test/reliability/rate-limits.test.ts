import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AUTH_FAILURE_POLICY } from '../../src/plugins/rate-limit.js';
import { createTestContext, useTestContext } from '../helpers/test-app.js';

const assetUrl = () => `/api/v1/assets/artworks/${randomUUID()}`;

describe('rate limits in memory', () => {
  // One token per 100 s: no refill during a test however slow the machine is.
  const context = useTestContext({
    config: { AVS_RATE_LIMIT_PER_SECOND: 0.01, AVS_RATE_LIMIT_BURST: 5 },
  });

  it('sends RateLimit-* headers on successful responses', async () => {
    const { auth } = await context.createAccountWithKey();
    const response = await context.app.inject({ method: 'GET', url: assetUrl(), headers: auth });
    expect(response.statusCode).toBe(404);
    expect(response.headers['ratelimit-limit']).toBe('5');
    expect(response.headers['ratelimit-remaining']).toBe('4');
    expect(Number(response.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(1);
  });

  it('answers 429 rate_limited with Retry-After once a key has used its burst', async () => {
    const { auth } = await context.createAccountWithKey();
    const responses = [];
    for (let i = 0; i < 7; i++)
      responses.push(await context.app.inject({ method: 'GET', url: assetUrl(), headers: auth }));
    const statuses = responses.map((response) => response.statusCode);
    const limited = responses[6]!;
    expect(statuses.slice(0, 5)).toEqual([404, 404, 404, 404, 404]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect(limited.json()).toMatchObject({ code: 'rate_limited', error: expect.any(String) });
    expect(limited.headers['content-type']).toMatch(/^application\/json/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(limited.headers['ratelimit-limit']).toBe('5');
    expect(limited.headers['ratelimit-remaining']).toBe('0');
    expect(Number(limited.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(1);
  });

  it('counts each key separately', async () => {
    const first = await context.createAccountWithKey();
    const second = await context.createAccountWithKey();
    for (let i = 0; i < 6; i++)
      await context.app.inject({ method: 'GET', url: assetUrl(), headers: first.auth });
    const other = await context.app.inject({ method: 'GET', url: assetUrl(), headers: second.auth });
    expect(other.statusCode).toBe(404);
  });

  it('refills the bucket over time', async () => {
    const refilling = await createTestContext({
      config: { AVS_RATE_LIMIT_PER_SECOND: 1, AVS_RATE_LIMIT_BURST: 5 },
    });
    const { auth } = await refilling.createAccountWithKey();
    let limited = await refilling.app.inject({ method: 'GET', url: assetUrl(), headers: auth });
    for (let i = 0; i < 20 && limited.statusCode !== 429; i++)
      limited = await refilling.app.inject({ method: 'GET', url: assetUrl(), headers: auth });
    expect(limited.statusCode).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const refilled = await refilling.app.inject({ method: 'GET', url: assetUrl(), headers: auth });
    expect(refilled.statusCode).toBe(404);
    await refilling.close();
  });

  it('limits failed authentications per client address, while valid keys from it still pass', async () => {
    const bad = { authorization: `Bearer pk_svc_${'B'.repeat(43)}` };
    const address = '203.0.113.7';
    const statuses: number[] = [];
    // The bucket refills (5 a second) while the loop runs, slowly on a loaded machine, so guess
    // until refused and read the refusal itself: a later guess may find a token refilled.
    let refused;
    while (statuses.at(-1) !== 429 && statuses.length < AUTH_FAILURE_POLICY.burst * 2) {
      refused = await context.app.inject({
        method: 'GET',
        url: assetUrl(),
        headers: bad,
        remoteAddress: address,
      });
      statuses.push(refused.statusCode);
    }
    expect(statuses.filter((status) => status === 401).length).toBeGreaterThanOrEqual(
      AUTH_FAILURE_POLICY.burst,
    );
    expect(statuses.at(-1)).toBe(429);
    if (!refused) throw new Error('no guess was sent');
    expect(refused.json().code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    // Another address is not affected, nor is a valid key from the same address.
    const elsewhere = await context.app.inject({
      method: 'GET',
      url: assetUrl(),
      headers: bad,
      remoteAddress: '203.0.113.8',
    });
    expect(elsewhere.statusCode).toBe(401);
    const { auth } = await context.createAccountWithKey();
    const valid = await context.app.inject({
      method: 'GET',
      url: assetUrl(),
      headers: auth,
      remoteAddress: address,
    });
    expect(valid.statusCode).toBe(404);
  });
});

describe('rate limits at the default settings', () => {
  // A cached key keeps the batch fast, so refill during it stays small.
  const context = useTestContext({ config: { AVS_KEY_CACHE_TTL_MS: 2_000 } });

  it('allows a burst of 200 and then refuses', async () => {
    const { auth } = await context.createAccountWithKey();
    // A query refused by validation (400) passes the limiter but never waits on the database, so a
    // batch this size outruns a 100/s refill even on a loaded machine.
    const batch = 2_000;
    const responses = await Promise.all(
      Array.from({ length: batch }, () =>
        context.app.inject({ method: 'GET', url: `${assetUrl()}/history?limit=0`, headers: auth }),
      ),
    );
    const limited = responses.filter((response) => response.statusCode === 429).length;
    const served = responses.filter((response) => response.statusCode === 400).length;
    const others = responses.filter((response) => ![400, 429].includes(response.statusCode));
    expect(served + limited, others[0]?.body).toBe(batch);
    // 200 of burst, plus whatever refilled at 100/s while the batch ran.
    expect(served).toBeGreaterThanOrEqual(200);
    expect(limited).toBeGreaterThan(0);
    expect(responses[0]!.headers['ratelimit-limit']).toBe('200');
  });
});
