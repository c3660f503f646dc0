import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { listenForMetrics } from '../../src/plugins/observability.js';
import { useTestContext } from '../helpers/test-app.js';

// /metrics can be restricted by a token or moved to a port of its own.
const METRICS_TOKEN = 'metrics-token-for-tests-0123456789abcdef';

describe('with neither setting', () => {
  const context = useTestContext();
  it('serves /metrics on the main port to anyone, as before', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('avs_http_requests_total');
  });
});

describe('AVS_METRICS_TOKEN', () => {
  const context = useTestContext({ config: { AVS_METRICS_TOKEN: METRICS_TOKEN } });

  it.each([
    ['no Authorization', {}],
    ['a wrong token', { authorization: `Bearer ${'x'.repeat(40)}` }],
    ['the token in another scheme', { authorization: `Basic ${METRICS_TOKEN}` }],
  ])('refuses %s with 401 and the error shape', async (_case, headers) => {
    const response = await context.app.inject({ method: 'GET', url: '/metrics', headers });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expect(response.json()).toMatchObject({ code: 'unauthorized', request_id: expect.any(String) });
    expect(response.body).not.toContain('avs_http_requests_total');
  });

  it('serves the metrics to its bearer', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('avs_http_requests_total');
  });

  it('counts wrong tokens as failed authentications (429 after a flood)', async () => {
    let status = 0;
    for (let index = 0; index < 400 && status !== 429; index++) {
      status = (
        await context.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: { authorization: `Bearer guess-${index}` },
          remoteAddress: '192.0.2.77',
        })
      ).statusCode;
    }
    expect(status).toBe(429);
  });
});

describe('AVS_METRICS_PORT', () => {
  const context = useTestContext({ config: { AVS_METRICS_PORT: 9464, AVS_METRICS_TOKEN: METRICS_TOKEN } });
  let listener: FastifyInstance | undefined;
  afterAll(async () => {
    await listener?.close();
  });

  it('answers /metrics with 404 on the main port', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'route_not_found' });
  });

  it('serves /metrics only, on a second listener, with the token', async () => {
    // Port 0 stands in for AVS_METRICS_PORT: a free port, as server.ts would bind the configured one.
    listener = await listenForMetrics(context.app, { port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(listener.server.address() as AddressInfo).port}`;
    await context.app.inject({ method: 'GET', url: '/healthz' });
    const refused = await fetch(`${base}/metrics`);
    expect(refused.status).toBe(401);
    const served = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(served.status).toBe(200);
    expect(await served.text()).toContain(
      'avs_http_requests_total{method="GET",route="/healthz",status="200"}',
    );
    const other = await fetch(`${base}/healthz`);
    expect(other.status).toBe(404);
    expect(other.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
