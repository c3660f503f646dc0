import { describe, expect, it } from 'vitest';
import { CHALLENGES_PER_CLIENT_BUCKET } from '../../src/modules/passkeys/passkeys.service.js';
import { useTestContext, type TestContext } from '../helpers/test-app.js';

// Round 3 from outside, item 4: POST /console/passkey-sign-in/options answered 5,834 of 5,834 (583/s), each a row.

function askForOptions(context: TestContext, remoteAddress: string) {
  return context.app.inject({
    method: 'POST',
    url: '/console/passkey-sign-in/options',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    payload: {},
    remoteAddress,
  });
}

async function challengeCount(context: TestContext): Promise<number> {
  const { rows } = await context.db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM webauthn_challenges',
  );
  return rows[0]!.count;
}

describe('the public per-address bucket', () => {
  const context = useTestContext({
    config: { AVS_PUBLIC_RATE_LIMIT_PER_SECOND: 0.001, AVS_PUBLIC_RATE_LIMIT_BURST: 3 },
  });

  it('refuses a flood of sign-in challenges from one address with 429, writing nothing more', async () => {
    for (let round = 0; round < 3; round++) {
      expect((await askForOptions(context, '198.51.100.10')).statusCode).toBe(200);
    }
    const refused = await askForOptions(context, '198.51.100.10');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    expect(await challengeCount(context)).toBe(3);
    // Another address has its own bucket.
    expect((await askForOptions(context, '198.51.100.11')).statusCode).toBe(200);
  });

  it('refuses a flood of invitation challenges from one address too', async () => {
    const statuses: number[] = [];
    for (let round = 0; round < 4; round++) {
      const response = await context.app.inject({
        method: 'POST',
        url: `/console/invitations/${'A'.repeat(43)}/passkey/options`,
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
        payload: {},
        remoteAddress: '198.51.100.12',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 429]);
  });
});

describe('the challenges one address holds', () => {
  const context = useTestContext({
    config: { AVS_PUBLIC_RATE_LIMIT_PER_SECOND: 1_000, AVS_PUBLIC_RATE_LIMIT_BURST: 1_000 },
  });

  it(`are at most ${CHALLENGES_PER_CLIENT_BUCKET} (its newest), counted per /64 for IPv6`, async () => {
    const asked = CHALLENGES_PER_CLIENT_BUCKET + 15;
    const tokens: string[] = [];
    for (let round = 0; round < asked; round++) {
      const response = await askForOptions(context, `2001:db8:77:1::${(round + 1).toString(16)}`);
      expect(response.statusCode).toBe(200);
      tokens.push(response.json<{ challenge_token: string }>().challenge_token);
    }
    expect(await challengeCount(context)).toBe(CHALLENGES_PER_CLIENT_BUCKET);
    // The newest is kept: it is still there to be answered; the oldest is gone.
    const live = await context.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM webauthn_challenges WHERE id = encode(sha256(convert_to($1, 'UTF8')), 'hex')`,
      [tokens.at(-1)],
    );
    expect(live.rows[0]!.count).toBe(1);
    const oldest = await context.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM webauthn_challenges WHERE id = encode(sha256(convert_to($1, 'UTF8')), 'hex')`,
      [tokens[0]],
    );
    expect(oldest.rows[0]!.count).toBe(0);

    // Another address keeps its own.
    expect((await askForOptions(context, '198.51.100.20')).statusCode).toBe(200);
    expect(await challengeCount(context)).toBe(CHALLENGES_PER_CLIENT_BUCKET + 1);
  });

  it('are swept once expired', async () => {
    await context.db.query(`UPDATE webauthn_challenges SET expires_at = now() - interval '1 second'`);
    expect((await askForOptions(context, '198.51.100.21')).statusCode).toBe(200);
    expect(await challengeCount(context)).toBe(1);
  });
});
