import { describe, expect, it } from 'vitest';
import { useTestContext } from '../helpers/test-app.js';

describe('errors, request ids and operations endpoints', () => {
  const context = useTestContext();

  it('answers an unknown route with a JSON 404 carrying error, code and request_id', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/no/such/route' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json();
    expect(body).toEqual({
      error: expect.any(String),
      code: 'route_not_found',
      request_id: response.headers['x-request-id'],
    });
  });

  it('answers a known path with the wrong method with a JSON 405 and an Allow header', async () => {
    const response = await context.app.inject({ method: 'DELETE', url: '/healthz' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET');
    expect(response.json()).toMatchObject({ code: 'method_not_allowed', error: expect.any(String) });
  });

  it('keeps a sane x-request-id from the caller and replaces an unsafe one', async () => {
    const kept = await context.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(kept.headers['x-request-id']).toBe('abc-123');
    const replaced = await context.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'bad id with spaces\u0000' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reports readiness from the database and Prometheus metrics', async () => {
    expect((await context.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await context.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
    const metrics = await context.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.headers['content-type']).toMatch(/^text\/plain/);
    expect(metrics.body).toContain('avs_http_requests_total{method="GET",route="/healthz",status="200"}');
    expect(metrics.body).toContain('process_resident_memory_bytes');
  });
});
