import { beforeAll, describe, expect, it } from 'vitest';
import { createAssetViaApi, issueCertificateForTest } from '../helpers/asset-factory.js';
import { appendEventsForTest } from '../helpers/long-history.js';
import { useTestContext } from '../helpers/test-app.js';

// A verification re-hashes the whole history (404 ms of CPU at 10,001 events), so it
// draws one token per 1,000 events it hashes from the caller's bucket, before it hashes anything.
const BURST = 17;

describe('verification draws from the caller’s bucket by the length of the history it hashes', () => {
  // One token per 1,000 s: nothing refills while the test runs, however slow the machine.
  const context = useTestContext({
    config: { AVS_RATE_LIMIT_PER_SECOND: 0.001, AVS_RATE_LIMIT_BURST: BURST },
  });
  let owner: Awaited<ReturnType<typeof context.createAccountWithKey>>;
  let long: { id: string; certificate_number: string };
  let short: { id: string; certificate_number: string };
  /** CREATED, 3,000 UPDATED, CERTIFICATE_ISSUED: 3,002 events, 3 tokens until a verification records its check. */
  async function longHistory(title: string) {
    const asset = await createAssetViaApi(context.app, owner.auth, 'artworks', { title });
    await appendEventsForTest(context.db, asset, 3_000);
    await issueCertificateForTest(context.db, asset);
    return asset;
  }
  beforeAll(async () => {
    owner = await context.createAccountWithKey();
    long = await longHistory('A long history');
    short = await createAssetViaApi(context.app, owner.auth, 'artworks', { title: 'A short history' });
    // The short one has 2 events (no token).
    await issueCertificateForTest(context.db, short);
    await untilLogged();
  });

  /**
   * Until the log has integrated every event: a verification's check point records the log leaves it found, so a
   * leaf that arrives between two verifications makes the second check it (the costs below are counted on a log
   * at rest).
   */
  async function untilLogged() {
    for (const started = Date.now(); Date.now() - started < 60_000;) {
      const { rows } = await context.db.query<{ n: number }>('SELECT count(*)::int AS n FROM tlog_pending');
      if (rows[0]!.n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the log did not integrate the events within a minute');
  }

  async function verify(auth: { authorization: string }, body: Record<string, string>) {
    return context.app.inject({ method: 'POST', url: '/api/v1/verify', headers: auth, payload: body });
  }
  const remaining = (response: { headers: Record<string, unknown> }) =>
    Number(response.headers['ratelimit-remaining']);
  async function recordedVerifications(assetId: string): Promise<number> {
    const { rows } = await context.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM verifications WHERE asset_id = $1',
      [assetId],
    );
    return rows[0]!.count;
  }

  it('a 3,002-event history costs the request’s token and 3 more, by either form; the history still checks out', async () => {
    const { auth } = await context.createAccountWithKey();
    const byNumber = await longHistory('A long history verified by its number');
    await untilLogged();
    const first = await verify(auth, { planet: 'artworks', asset_id: long.id });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ verified: true });
    expect(remaining(first)).toBe(BURST - 4);
    const second = await verify(auth, { certificate_number: byNumber.certificate_number });
    expect(second.statusCode, second.body).toBe(200);
    expect(remaining(second)).toBe(BURST - 8);
    // Each recorded the check point it reached (docs/api.md, "Verification"): the next re-hashes no 1,000 events.
    const again = await verify(auth, { certificate_number: long.certificate_number });
    expect(again.statusCode, again.body).toBe(200);
    expect(remaining(again)).toBe(BURST - 9);
  });

  it('a short history costs only the request’s token', async () => {
    const { auth } = await context.createAccountWithKey();
    const responses = [
      await verify(auth, { planet: 'artworks', asset_id: short.id }),
      await verify(auth, { certificate_number: short.certificate_number }),
    ];
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(responses.map(remaining)).toEqual([BURST - 1, BURST - 2]);
  });

  it('an empty bucket answers 429 rate_limited with Retry-After before the history is read, and records nothing', async () => {
    const { auth } = await context.createAccountWithKey();
    const unchecked = await longHistory('A long history no verification has checked');
    const statuses: number[] = [];
    for (let i = 0; i < BURST - 1; i++)
      statuses.push((await verify(auth, { planet: 'artworks', asset_id: short.id })).statusCode);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const before = await recordedVerifications(unchecked.id);
    // One token left: the request's own takes it, and the bucket is empty when the history's 3 are drawn.
    const refused = await verify(auth, { planet: 'artworks', asset_id: unchecked.id });
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'rate_limited',
      error: expect.stringMatching(/3,002 events/),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.headers['ratelimit-limit']).toBe(String(BURST));
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(await recordedVerifications(unchecked.id)).toBe(before);
    const after = await verify(auth, { planet: 'artworks', asset_id: short.id });
    expect(after.statusCode).toBe(429);
  });
});

describe('a history costlier than the whole bucket: never a cap on its length', () => {
  const context = useTestContext({ config: { AVS_RATE_LIMIT_PER_SECOND: 0.001, AVS_RATE_LIMIT_BURST: 2 } });

  it('verifies while the bucket holds a token, takes the whole cost, and the key then waits it out', async () => {
    const { auth } = await context.createAccountWithKey();
    const long = await createAssetViaApi(context.app, auth, 'artworks', { title: 'Longer than the bucket' });
    await appendEventsForTest(context.db, long, 3_000);
    const verifier = { authorization: `Bearer ${(await context.createAccountWithKey()).key}` };
    const verified = await context.app.inject({
      method: 'POST',
      url: '/api/v1/verify',
      headers: verifier,
      payload: { planet: 'artworks', asset_id: long.id },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json<{ checks: unknown[] }>().checks).toContainEqual({
      name: 'history_intact',
      passed: true,
    });
    expect(verified.headers['ratelimit-remaining']).toBe('0');
    const next = await context.app.inject({
      method: 'GET',
      url: `/api/v1/assets/artworks/${long.id}`,
      headers: verifier,
    });
    expect(next.statusCode).toBe(429);
    // 2 tokens, less 1 and 3: the key owes 2 and waits for 3 at one token per 1,000 s (not for one token only).
    expect(Number(next.headers['retry-after'])).toBeGreaterThan(2_900);
  });
});
