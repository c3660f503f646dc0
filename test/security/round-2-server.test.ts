import { describe, expect, it } from 'vitest';
import { useTestContext } from '../helpers/test-app.js';

// #14 (security round 2): the findings of the outside attack on the server's edges, one test each.
const ADMIN_TOKEN = 'admin-token-for-round-2-tests-0123456789';

describe('admin token guessing (#14 item 4)', () => {
  const context = useTestContext({ config: { AVS_ADMIN_TOKEN: ADMIN_TOKEN } });

  it('counts wrong admin tokens like wrong API keys: a flood from one address ends in 429', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 400 && !statuses.includes(429); index++) {
      const response = await context.app.inject({
        method: 'GET',
        url: '/admin/api/accounts',
        headers: { authorization: `Bearer guess-${index}-${'x'.repeat(32)}` },
        remoteAddress: '192.0.2.44',
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json()).toMatchObject({ code: 'rate_limited' });
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toContain(429);
    // The burst of the failed-authentication bucket, plus what refills while the loop runs.
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(220);
    // Another address with the right token is not affected.
    const ok = await context.app.inject({
      method: 'GET',
      url: '/admin/api/accounts',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      remoteAddress: '192.0.2.45',
    });
    expect(ok.statusCode).toBe(200);
  });
});
