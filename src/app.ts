import fastifyAccepts from '@fastify/accepts';
import { randomUUID } from 'node:crypto';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Config } from './config.js';
import { limits } from './limits.js';
import { batchedStdout } from './lib/log-destination.js';
import { requestValidator, type RequestPart } from './lib/schema-formats.js';
import { responseSerializer } from './lib/response-serializers.js';
import type { Database } from './db/database.js';
import { migrate } from './db/migrate.js';
import { openDatabase } from './db/open-database.js';
import { answerClientError, errorHandlerPlugin, sendFrameworkError } from './plugins/error-handler.js';
import { ApiKeyAuthenticator } from './modules/keys/keys.service.js';
import { authenticateApiKey } from './plugins/auth.js';
import { idempotencyPlugin } from './plugins/commit-change.js';
import { publicReadsPlugin } from './modules/public-reads/public-reads.plugin.js';
import { registerJsonBodyParser } from './plugins/json-body.js';
import { refusedBodiesPlugin } from './plugins/refused-bodies.js';
import { observabilityPlugin } from './plugins/observability.js';
import { readRoutingPlugin } from './plugins/read-routing.js';
import { enforceRateLimit, rateLimitPlugin } from './plugins/rate-limit.js';
import { DOCS_CSP, registerCors, securityHeadersPlugin } from './plugins/security-headers.js';
import { v1Routes } from './modules/v1-routes.js';
import { declareHolderRoute } from './modules/holders/holder-rules.js';
import { publicBaseUrl } from './modules/signing/issuer-identity.js';
import { completeDocument, documentHeader } from './openapi/contract.js';
import { adminPlugin } from './modules/admin/admin.plugin.js';
import { consolePlugin } from './modules/console/console.plugin.js';
import { collectionPlugin } from './modules/collection/collection.plugin.js';
import {
  publicPagesPlugin,
  sendNoPage,
  sendUndecodablePage,
} from './modules/public-pages/public-pages.plugin.js';
import { photoSearchPageRoutes } from './modules/public-pages/photo-search-page.routes.js';
import { tapPlugin } from './modules/tags/tap.plugin.js';
import { webhookDeliveryPlugin } from './modules/webhooks/delivery.plugin.js';
import { mailPlugin } from './modules/mail/mail.plugin.js';
import { importsPlugin } from './modules/inventory/imports.plugin.js';
import { noticesPlugin } from './modules/notices/notices.plugin.js';
import { eventPruningPlugin } from './modules/event-feed/event-pruning.plugin.js';
import { historyRecheckPlugin } from './modules/history/history-recheck.plugin.js';
import { verificationPartitionsPlugin } from './modules/verification/verification-partitions.plugin.js';
import { credentialsPlugin } from './modules/credentials/credentials.plugin.js';
import { holdingProofReceiptRoutes } from './modules/holding-proofs/holding-proof-receipts.routes.js';
import { tlogPlugin } from './modules/tlog/tlog.plugin.js';
import { mediaPlugin } from './modules/media/media.plugin.js';
import { recognitionPlugin } from './modules/recognition/recognition.plugin.js';
import { serviceBrandPlugin } from './modules/web-pages/service-brand.plugin.js';
import { correctionFileRoutes } from './modules/corrections/correction-files.routes.js';
import { inventoryFileRoutes } from './modules/inventory/inventory-files.routes.js';
import { photoSearchRoutes } from './modules/photo-search/photo-search.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    apiKeys: ApiKeyAuthenticator;
    /** Called on every failed API-key authentication (rate limiting of guessing hooks in here). */
    onAuthenticationFailure: (request: FastifyRequest) => Promise<void>;
    /** Writes the log lines gathered so far (batched on standard output), before other output to it. */
    flushLog: () => void;
  }
}

export interface BuildAppOptions {
  config: Config;
  /** An open database; when absent the app opens one from config and closes it on app.close(). */
  db?: Database;
  /** Apply pending migrations before serving (default true). */
  migrate?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** Prefix of the Redis keys of the shared rate limits (default "avs:ratelimit:"). */
  redisKeyPrefix?: string;
}

// A sane client-supplied request id is kept so that callers can correlate; anything else is replaced.
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** A hop count trusts that many hops from the socket (Fastify's own number form trusts none). */
function trustedHops(
  setting: Config['AVS_TRUST_PROXY'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

/** Builds the whole service; server.ts listens, tests inject. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const batchedLog =
    options.logger === undefined && config.AVS_LOG_FLUSH_MS > 0 && config.LOG_LEVEL !== 'silent'
      ? batchedStdout(config.AVS_LOG_FLUSH_MS)
      : undefined;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-admin-token"]'],
      ...(batchedLog && { stream: batchedLog.destination }),
    },
    bodyLimit: limits.bodyBytes,
    // One line per request is written by the observability plugin, not Fastify's two.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'request_id' }),
    requestIdHeader: false,
    genReqId: (request) => {
      const supplied = request.headers['x-request-id'];
      return typeof supplied === 'string' && REQUEST_ID_PATTERN.test(supplied) ? supplied : randomUUID();
    },
    routerOptions: { maxParamLength: 4096, ignoreTrailingSlash: true },
    return503OnClosing: true,
    // Behind a proxy every client would share its address (one log-in throttle, one failed-auth bucket)
    // and every request would look like http (no Secure cookie) unless the forwarded headers are believed:
    // only as many hops (or only the proxies) the operator named, never a client's own X-Forwarded-For.
    trustProxy: trustedHops(config.AVS_TRUST_PROXY),
    // Slow clients may not hold connections: whole request, headers, idle keep-alive.
    requestTimeout: config.AVS_REQUEST_TIMEOUT_MS,
    keepAliveTimeout: config.AVS_KEEP_ALIVE_TIMEOUT_MS,
    http: {
      // Node refuses a headers timeout above the request timeout.
      headersTimeout: Math.min(config.AVS_HEADERS_TIMEOUT_MS, config.AVS_REQUEST_TIMEOUT_MS),
      requestTimeout: config.AVS_REQUEST_TIMEOUT_MS,
      // Node checks both timeouts only this often (30 s by default, which would stretch them).
      connectionsCheckingInterval: Math.max(
        100,
        Math.min(5_000, Math.floor(config.AVS_HEADERS_TIMEOUT_MS / 4)),
      ),
    },
    // Malformed HTTP, timeouts and oversized headers get the error body too, not Node's bare status line.
    clientErrorHandler: answerClientError,
    // A path the router cannot read (a broken %-escape, a huge segment): the public pages' 404 page under
    // /c/ (a person may have typed it), else the JSON error body.
    frameworkErrors: (error, request, reply) => {
      if (!sendUndecodablePage(request, reply)) sendFrameworkError(error, request, reply);
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  // Connections past the cap are closed at once instead of queueing work for a flood.
  app.server.maxConnections = config.AVS_MAX_CONNECTIONS;

  app.setValidatorCompiler(({ schema, httpPart }) => requestValidator(schema, httpPart as RequestPart));
  app.setSerializerCompiler(({ schema }) => responseSerializer(schema));
  registerJsonBodyParser(app);

  const db = options.db ?? (await openDatabase(config));
  if (options.migrate !== false) await migrate(db);

  const apiKeys = new ApiKeyAuthenticator(db, {
    cacheTtlMs: config.AVS_KEY_CACHE_TTL_MS,
    onError: (error) => app.log.warn({ err: error }, 'could not record API key use'),
  });
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('apiKeys', apiKeys);
  // Every hand-over and collection route names its rule of who may act (holder-rules.ts; the rules test reads them).
  app.addHook('onRoute', declareHolderRoute(app.server));

  await app.register(readRoutingPlugin);
  // Accept-Language weighing for the pages' language (src/i18n/request-language.ts).
  await app.register(fastifyAccepts);
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onClose', async () => {
    await apiKeys.close();
    if (!options.db) await db.close();
    batchedLog?.close();
  });
  app.decorate('flushLog', () => batchedLog?.flushNow());

  // A browser asking for an address without a page gets one in the public pages' look (docs/public-page.md).
  await app.register(errorHandlerPlugin, { noPage: sendNoPage });
  // The largest body any route takes is a media upload: a refused one is drained up to twice that.
  await app.register(refusedBodiesPlugin, { drainBytes: 2 * config.AVS_MEDIA_MAX_BYTES });
  await app.register(securityHeadersPlugin);
  await app.register(observabilityPlugin);
  await app.register(rateLimitPlugin, { redisKeyPrefix: options.redisKeyPrefix });
  await app.register(webhookDeliveryPlugin);
  await app.register(mailPlugin);
  await app.register(importsPlugin);
  await app.register(noticesPlugin);
  await app.register(eventPruningPlugin);
  await app.register(historyRecheckPlugin);
  await app.register(verificationPartitionsPlugin);
  await app.register(idempotencyPlugin);
  await app.register(publicReadsPlugin);
  await app.register(credentialsPlugin);
  // A proof of holding's signed receipt, keyless like the credentials (docs/collectors.md).
  await app.register(holdingProofReceiptRoutes);
  await app.register(tlogPlugin);

  await app.register(swagger, {
    openapi: documentHeader(publicBaseUrl(config)),
    // Headers, error examples and path parameters every operation shares are added once (src/openapi/contract.ts).
    transformObject: (document) =>
      'openapiObject' in document ? completeDocument(document.openapiObject) : document.swaggerObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    // validatorUrl null: the UI must not call validator.swagger.io (served offline).
    uiConfig: { docExpansion: 'list', validatorUrl: null },
    staticCSP: DOCS_CSP,
  });
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(mediaPlugin);
  await app.register(recognitionPlugin);
  await app.register(serviceBrandPlugin);
  await app.register(photoSearchRoutes, { prefix: '/files/v1' });
  await app.register(inventoryFileRoutes, { prefix: '/files/v1' });
  await app.register(correctionFileRoutes, { prefix: '/files/v1' });
  await app.register(
    async (v1) => {
      // The API speaks JSON only: a text/plain body is 415 like any other type, not a string to validate.
      v1.removeContentTypeParser('text/plain');
      await registerCors(v1, config.AVS_CORS_ORIGINS);
      v1.addHook('onRequest', authenticateApiKey);
      v1.addHook('onRequest', enforceRateLimit);
      await v1.register(v1Routes);
    },
    { prefix: '/api/v1' },
  );
  await app.register(adminPlugin);
  await app.register(consolePlugin);
  await app.register(collectionPlugin);
  await app.register(publicPagesPlugin);
  // Beside the pages, in a scope of its own: its body parsers, a search's cost, JSON or page errors by what was sent.
  await app.register(photoSearchPageRoutes, { prefix: '/c' });
  await app.register(tapPlugin);

  return app;
}
