import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { ReplicatedDatabase } from '../db/replicas.js';
import { AppError } from '../errors/error-catalogue.js';
import { secretsMatch } from '../lib/secrets.js';
import { sendError } from './error-handler.js';
import { API_SECURITY_HEADERS } from './security-headers.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Prometheus text of this process's metrics. */
    metricsText(): Promise<{ contentType: string; body: string }>;
    /** Where other plugins register their metrics. */
    metricsRegistry: Registry;
    /** What /readyz adds to its 200 answer, by name (a part that never makes the service unready). */
    readinessFacts: Map<string, () => unknown>;
  }
}

const BEARER = /^bearer +(\S+) *$/i;

/**
 * GET /metrics, on the main port or the metrics port: with AVS_METRICS_TOKEN, only for its bearer
 * (a wrong token counts as a failed authentication of the client address, as a wrong API key does).
 */
async function serveMetrics(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const token = app.config.AVS_METRICS_TOKEN;
  if (token) {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match || !secretsMatch(match[1], token)) {
      try {
        await app.onAuthenticationFailure(request);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // instanceof narrows the generic class to AppError<any>; every AppError has some catalogue code.
        const refusal = error as AppError;
        return sendError(reply.headers(refusal.headers), refusal);
      }
      return sendError(
        reply.header('www-authenticate', 'Bearer'),
        new AppError('unauthorized', 'metrics_token'),
      );
    }
  }
  const { contentType, body } = await app.metricsText();
  return reply.header('cache-control', 'no-store').type(contentType).send(body);
}

/**
 * The second listener of AVS_METRICS_PORT: /metrics only, so that it can be reachable from the
 * monitoring network alone. The caller closes it.
 */
export async function listenForMetrics(
  app: FastifyInstance,
  where: { port: number; host: string },
): Promise<FastifyInstance> {
  const metrics = Fastify({ logger: false, trustProxy: false });
  metrics.addHook('onRequest', async (_request, reply) => {
    void reply.headers(API_SECURITY_HEADERS);
  });
  metrics.get('/metrics', async (request, reply) => serveMetrics(app, request, reply));
  metrics.setNotFoundHandler(async (request, reply) =>
    sendError(
      reply,
      new AppError('route_not_found', 'no_route', {
        method: request.method,
        path: request.url.split('?', 1)[0] ?? '/',
      }),
    ),
  );
  await metrics.listen(where);
  return metrics;
}

/** /healthz, /readyz and /metrics, plus the one log line per request. */
export const observabilityPlugin = fp(
  async (app: FastifyInstance) => {
    const registry = new Registry();
    // The event-loop delay is sampled once a second, not every 10 ms: 100 wake-ups a second cost an idle
    // service ~0.7 % of a core here, while a loop blocked long enough to matter still shows (docs/performance.md).
    collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 1_000 });
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

    if (app.db instanceof ReplicatedDatabase) {
      // DATABASE_READ_URL: where lag-tolerant reads went (docs/scaling.md), read from the database's counters.
      const stats = app.db.stats;
      new Counter({
        name: 'avs_db_reads_total',
        help: 'Lone reads by where they were served (replica or primary), and why the primary served a lag-tolerant one.',
        labelNames: ['outcome'] as const,
        registers: [registry],
        collect() {
          this.reset();
          this.inc({ outcome: 'replica' }, stats.replicaReads);
          this.inc({ outcome: 'primary' }, stats.primaryReads);
          this.inc({ outcome: 'replica_empty_retried' }, stats.emptyRetries);
          this.inc({ outcome: 'replica_failed' }, stats.replicaFailures);
          this.inc({ outcome: 'replica_skipped' }, stats.skippedReplicas);
        },
      });
    }

    // Children per label set, made once: labels are bounded (route patterns), and a lookup by object
    // on every request costs a label-key build in prom-client.
    const requestCounters = new Map<string, ReturnType<typeof requests.labels>>();
    const durationHistograms = new Map<string, ReturnType<typeof durations.labels>>();

    app.addHook('onResponse', (request, reply, done) => {
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
      done();
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
        const facts = [...app.readinessFacts].map(([name, fact]) => [name, fact()]);
        return { status: 'ready', ...Object.fromEntries(facts) };
      } catch {
        return sendError(reply, new AppError('service_unavailable', 'database_not_answering'));
      }
    });

    app.decorate('metricsRegistry', registry);
    app.decorate('readinessFacts', new Map<string, () => unknown>());
    app.decorate('metricsText', async () => ({
      contentType: registry.contentType,
      body: await registry.metrics(),
    }));
    // With a metrics port, the public port does not serve them at all.
    if (app.config.AVS_METRICS_PORT === undefined)
      app.get('/metrics', { schema: { hide: true } }, async (request, reply) =>
        serveMetrics(app, request, reply),
      );
  },
  { name: 'observability', dependencies: ['error-handler'] },
);
