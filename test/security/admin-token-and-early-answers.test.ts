import { describe, expect, it } from 'vitest';
import { useTestContext } from '../helpers/test-app.js';

// The server's edges (docs/reliability.md, "the server's edges"): admin token guessing and answers given before any route.
const ADMIN_TOKEN = 'admin-token-for-guessing-tests-0123456789';

describe('admin token guessing', () => {
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

/** The security headers of an ordinary JSON answer, to compare the early answers with. */
const SECURITY_HEADER_NAMES = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
];

describe('answers given before any route', () => {
  const context = useTestContext();

  async function ordinaryHeaders() {
    const response = await context.app.inject({ method: 'GET', url: '/no/such/route' });
    expect(response.statusCode).toBe(404);
    return Object.fromEntries(SECURITY_HEADER_NAMES.map((name) => [name, response.headers[name]]));
  }

  it.each([
    ['a broken %-escape', '/api/v1/certificates/%ZZ', 400, 'validation_failed'],
    ['a broken %-escape outside the API', '/admin/%ZZ', 400, 'validation_failed'],
    ['a path segment over 4,096 characters', `/api/v1/certificates/${'A'.repeat(5000)}`, 414, 'uri_too_long'],
  ])(
    'answers %s with the error shape, x-request-id and the security headers',
    async (_case, url, status, code) => {
      const expected = await ordinaryHeaders();
      const response = await context.app.inject({
        method: 'GET',
        url,
        headers: { 'x-request-id': 'probe-8' },
      });
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ error: expect.any(String), code, request_id: 'probe-8' });
      expect(response.headers['x-request-id']).toBe('probe-8');
      for (const name of SECURITY_HEADER_NAMES) expect(response.headers[name], name).toBe(expected[name]);
    },
  );

  it('keeps the public page’s HTML 404 for an unreadable /c/ path', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/c/ART-2026-%ZZ' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });
});
