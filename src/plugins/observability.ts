import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { AppError } from '../errors/error-catalogue.js';
import { sendError } from './error-handler.js';

/** /healthz, /readyz and /metrics, plus the one log line per request. */
export const observabilityPlugin = fp(
  async (app: FastifyInstance) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const requests = new Counter({
      name: 'avs_http_requests_total',
      help: 'HTTP requests by method, route and status.',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    });
    const durations = new Histogram({
      name: 'avs_http_request_duration_seconds',
      help: 'HTTP request duration by method and route.',
      labelNames: ['method', 'route'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });

    // Children per label set, made once: labels are bounded (route patterns), and a lookup by object
    // on every request costs a label-key build in prom-client.
    const requestCounters = new Map<string, ReturnType<typeof requests.labels>>();
    const durationHistograms = new Map<string, ReturnType<typeof durations.labels>>();

    app.addHook('onResponse', async (request, reply) => {
      // The route pattern, not the URL: bounded label values and no ids in logs.
      const route = request.routeOptions.url ?? 'unmatched';
      const duration = reply.elapsedTime;
      const routeKey = `${request.method} ${route}`;
      const countKey = `${routeKey} ${reply.statusCode}`;
      let counter = requestCounters.get(countKey);
      if (!counter) {
        counter = requests.labels(request.method, route, String(reply.statusCode));
        requestCounters.set(countKey, counter);
      }
      counter.inc();
      let histogram = durationHistograms.get(routeKey);
      if (!histogram) {
        histogram = durations.labels(request.method, route);
        durationHistograms.set(routeKey, histogram);
      }
      histogram.observe(duration / 1000);
      request.log.info(
        {
          method: request.method,
          route,
          status: reply.statusCode,
          duration_ms: Math.round(duration * 100) / 100,
          api_key_id: request.principal?.apiKeyId,
        },
        'request completed',
      );
    });

    app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

    app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
      try {
        await Promise.race([
          app.db.query('SELECT 1'),
          new Promise((_resolve, reject) =>
            setTimeout(() => reject(new Error('readiness timeout')), 2_000).unref(),
          ),
        ]);
        return { status: 'ready' };
      } catch {
        return sendError(reply, new AppError('service_unavailable', 'database_not_answering'));
      }
    });

    app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  },
  { name: 'observability', dependencies: ['error-handler'] },
);
