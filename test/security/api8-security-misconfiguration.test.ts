import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../helpers/test-app.js';

// OWASP API8:2023 Security Misconfiguration: headers, CORS, verbose errors, unexpected methods.
describe('API8 security misconfiguration', () => {
  const context = useTestContext();
  let auth: { authorization: string };
  beforeAll(async () => {
    ({ auth } = await context.createAccountWithKey());
  });

  const assetUrl = () => `/api/v1/assets/artworks/${randomUUID()}`;

  it('sends security headers on API responses, errors included, and no X-Powered-By', async () => {
    for (const request of [
      { method: 'GET' as const, url: assetUrl(), headers: auth },
      { method: 'GET' as const, url: assetUrl() },
      { method: 'GET' as const, url: '/healthz' },
      { method: 'GET' as const, url: '/no/such/route' },
    ]) {
      const response = await context.app.inject(request);
      const headers = response.headers;
      expect(headers['content-security-policy'], request.url).toContain("default-src 'none'");
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['referrer-policy']).toBe('no-referrer');
      expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(headers['x-powered-by']).toBeUndefined();
      expect(headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('lets the /docs reference UI load its own scripts and styles, and nothing from elsewhere', async () => {
    const page = await context.app.inject({ method: 'GET', url: '/docs/' });
    expect(page.statusCode).toBe(200);
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    // Every script the page loads is a file the app serves, so script-src 'self' suffices.
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)|<script(?![^>]*\bsrc=)[^>]*>\s*\S/);
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const url = new URL(script, 'http://localhost/docs/').pathname;
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
    }
    const initializer = await context.app.inject({
      method: 'GET',
      url: '/docs/static/swagger-initializer.js',
    });
    expect(initializer.body).toContain('"validatorUrl":null');
  });

  it('keeps CORS closed by default: no Access-Control-Allow-Origin, preflight refused', async () => {
    const simple = await context.app.inject({
      method: 'GET',
      url: assetUrl(),
      headers: { ...auth, origin: 'https://evil.example' },
    });
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await context.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/assets/artworks',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.statusCode).toBeGreaterThanOrEqual(400);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(typeof preflight.json().error).toBe('string');
  });

  it('refuses TRACE and other unexpected methods with a JSON error', async () => {
    for (const method of ['TRACE', 'PUT', 'DELETE'] as const) {
      const response = await context.app.inject({ method, url: '/api/v1/assets/artworks', headers: auth });
      expect([404, 405], method).toContain(response.statusCode);
      expect(typeof response.json().error).toBe('string');
    }
  });

  it('shows no stack trace, SQL or internal path when the database fails under a request', async () => {
    const { auth: ownAuth } = await context.createAccountWithKey();
    // A broken schema turns the insert into a database error the client must not see the details of.
    await context.db.exec('ALTER TABLE asset_events RENAME TO asset_events_hidden');
    try {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/v1/assets/artworks',
        headers: ownAuth,
        payload: { title: 'Broken' },
      });
      expect(response.statusCode).toBe(500);
      const body = response.json();
      expect(typeof body.error).toBe('string');
      expect(response.body).not.toMatch(
        /asset_events|relation|SELECT|INSERT|at .*\.(ts|js):\d+|node_modules/i,
      );
    } finally {
      await context.db.exec('ALTER TABLE asset_events_hidden RENAME TO asset_events');
    }
  });

  it('does not list routes or configuration on unknown paths', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/.env' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toMatch(/DATABASE_URL|REDIS_URL|\/api\/v1\/assets/);
  });
});

describe('API8 CORS when origins are configured', () => {
  const context = useTestContext({ config: { AVS_CORS_ORIGINS: ['https://app.example.com'] } });
  let auth: { authorization: string };
  beforeAll(async () => {
    ({ auth } = await context.createAccountWithKey());
  });

  it('answers a preflight from a listed origin without an API key', async () => {
    const preflight = await context.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/assets/artworks',
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,idempotency-key',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://app.example.com');
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain(
      'idempotency-key',
    );
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('allows a listed origin and exposes the rate-limit headers', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/v1/assets/artworks/${randomUUID()}`,
      headers: { ...auth, origin: 'https://app.example.com' },
    });
    expect(response.headers['access-control-allow-origin']).toBe('https://app.example.com');
    expect(String(response.headers['access-control-expose-headers']).toLowerCase()).toContain(
      'ratelimit-remaining',
    );
  });

  it('does not allow an origin that is not listed', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/v1/assets/artworks/${randomUUID()}`,
      headers: { ...auth, origin: 'https://evil.example' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('never opens the admin application to other origins', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/admin/login',
      headers: { origin: 'https://app.example.com' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});
