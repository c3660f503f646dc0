import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { addressBucket } from '../lib/address-bucket.js';
import { limits } from '../limits.js';
import { AppError, type ErrorDetailArgs } from '../errors/error-catalogue.js';
import {
  FallbackTokenBuckets,
  MemoryTokenBuckets,
  RedisTokenBuckets,
  type BucketDecision,
  type BucketPolicy,
  type TokenBucketStore,
} from '../lib/token-bucket.js';

/**
 * Failed authentications per client address: generous enough for a client with a wrong key to see
 * its 401s, tight enough to stop a flood of guesses (which cost a hash and a lookup each).
 */
export const AUTH_FAILURE_POLICY: BucketPolicy = { ratePerSecond: 5, burst: 200 };

interface RateLimits {
  /** One request of an authenticated API key (or `cost` tokens of its bucket: see drawForHashedHistory). */
  takeForApiKey(apiKeyId: string, cost?: number): Promise<BucketDecision>;
  /** One failed authentication from a client address (counted by its addressBucket, as every per-address limit). */
  takeForFailedAuthentication(address: string): Promise<BucketDecision>;
  /** One request from a client address to a public surface (no key: pages, credentials, DID documents). */
  takeForPublicAddress(address: string, cost?: number): Promise<BucketDecision>;
  /** 'memory', 'redis', 'memory (redis connecting)' or 'memory (redis unavailable)'. */
  readonly store: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
  }
}

export interface RateLimitOptions {
  /** Prefix of every Redis key (tests use a unique one). */
  redisKeyPrefix?: string;
}

function rateLimitHeaders(decision: BucketDecision): Record<string, string> {
  return {
    'ratelimit-limit': String(decision.limit),
    'ratelimit-remaining': String(decision.remaining),
    'ratelimit-reset': String(decision.resetSeconds),
  };
}

function tooManyRequests(decision: BucketDecision, ...detail: ErrorDetailArgs<'rate_limited'>): AppError {
  return new AppError('rate_limited', ...detail).withHeaders({
    ...rateLimitHeaders(decision),
    'retry-after': String(decision.retryAfterSeconds),
  });
}

function connectRedis(app: FastifyInstance, url: string): Redis {
  const redis = new Redis(url, {
    // Fail a command at once while disconnected (the in-memory limiter takes over) instead of queueing it.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 500,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  // Connection errors repeat on every reconnect attempt; the store switch below logs once per outage.
  redis.on('error', (error) => app.log.debug({ err: error }, 'redis connection error'));
  return redis;
}

/** Per-key token buckets for /api/v1 and per-address limits on failed authentications. */
export const rateLimitPlugin = fp<RateLimitOptions>(
  async (app: FastifyInstance, options: RateLimitOptions) => {
    const { config } = app;
    const keyPolicy: BucketPolicy = {
      ratePerSecond: config.AVS_RATE_LIMIT_PER_SECOND,
      burst: config.AVS_RATE_LIMIT_BURST,
    };
    const publicPolicy: BucketPolicy = {
      ratePerSecond: config.AVS_PUBLIC_RATE_LIMIT_PER_SECOND,
      burst: config.AVS_PUBLIC_RATE_LIMIT_BURST,
    };
    const local = new MemoryTokenBuckets();
    let store: TokenBucketStore = local;
    let storeName = () => 'memory';
    let redis: Redis | undefined;
    let closing = false;

    if (config.REDIS_URL) {
      redis = connectRedis(app, config.REDIS_URL);
      const client = redis;
      const fallback = new FallbackTokenBuckets(
        new RedisTokenBuckets(client, options.redisKeyPrefix ?? 'avs:ratelimit:'),
        local,
        () => client.status === 'ready',
        (toFallback, error) => {
          if (toFallback)
            app.log.warn(
              { err: error },
              'Redis is unavailable: rate limits now use this instance’s memory until it returns',
            );
          else app.log.info('Redis is available again: rate limits are shared between instances');
        },
      );
      client.on('ready', () => fallback.reportSharedAvailable(true));
      client.on('close', () => {
        if (!closing) fallback.reportSharedAvailable(false);
      });
      store = fallback;
      // Until the first connection is ready, requests are limited in memory without an outage to report.
      storeName = () => {
        if (fallback.degraded) return 'memory (redis unavailable)';
        return client.status === 'ready' ? 'redis' : 'memory (redis connecting)';
      };
    }

    const bucketOf = (address: string) => addressBucket(address, config.AVS_RATE_LIMIT_IPV6_PREFIX);
    const rateLimits: RateLimits = {
      takeForApiKey: (apiKeyId, cost) => store.take(`key:${apiKeyId}`, keyPolicy, cost),
      takeForFailedAuthentication: (address) =>
        store.take(`auth-failure:${bucketOf(address)}`, AUTH_FAILURE_POLICY),
      takeForPublicAddress: (address, cost) => store.take(`public:${bucketOf(address)}`, publicPolicy, cost),
      get store() {
        return storeName();
      },
    };
    app.decorate('rateLimits', rateLimits);

    app.decorate('onAuthenticationFailure', async (request: FastifyRequest) => {
      const decision = await rateLimits.takeForFailedAuthentication(request.ip);
      if (!decision.allowed) {
        request.log.warn({ address: request.ip }, 'too many failed authentications');
        throw tooManyRequests(decision, 'failed_authentications', {
          retryAfterSeconds: decision.retryAfterSeconds,
        });
      }
    });

    app.addHook('onClose', async () => {
      closing = true;
      local.close();
      redis?.disconnect();
    });
  },
  { name: 'rate-limit' },
);

/** The bucket a request's client address is counted in by every per-address limit (an IPv6 client: its prefix). */
export function clientAddressBucket(request: FastifyRequest): string {
  return addressBucket(request.ip, request.server.config.AVS_RATE_LIMIT_IPV6_PREFIX);
}

/** onRequest hook for /api/v1, after authentication: one token per request from the key's bucket. */
export async function enforceRateLimit(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!request.principal) return;
  const decision = await request.server.rateLimits.takeForApiKey(request.principal.apiKeyId);
  if (!decision.allowed) {
    throw tooManyRequests(decision, 'api_key', { retryAfterSeconds: decision.retryAfterSeconds });
  }
  void reply.headers(rateLimitHeaders(decision));
}

/**
 * onRequest hook for the public surfaces (no key): `cost` tokens per request from the client address's bucket.
 * Behind a proxy the address is the forwarded one only with AVS_TRUST_PROXY (else every client shares one).
 */
export function publicRateLimit(cost: number) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const decision = await request.server.rateLimits.takeForPublicAddress(request.ip, cost);
    if (!decision.allowed) {
      throw tooManyRequests(decision, 'client_address', { retryAfterSeconds: decision.retryAfterSeconds });
    }
    void reply.headers(rateLimitHeaders(decision));
  };
}

/** One token per request (pages, documents, public media). */
export const enforcePublicRateLimit = publicRateLimit(1);

/**
 * The cost of a read that re-hashes an asset's history (docs/api.md; 404 ms of CPU at 10,001 events):
 * one token per `limits.hashedEventsPerToken` events, beyond the request's own, from the caller's bucket (the
 * key's, or the client address's on a keyless surface); `paidFor` events of it were drawn already. Called with the chain head's sequence before any
 * hashing, so a refused caller costs a row read. While the bucket holds a token the whole cost is taken (the
 * bucket may go below zero and the key waits it out): never a cap on the length of a history.
 */
export async function drawForHashedHistory(
  request: FastifyRequest,
  reply: FastifyReply,
  events: number,
  paidFor = 0,
): Promise<void> {
  const cost =
    Math.floor(events / limits.hashedEventsPerToken) - Math.floor(paidFor / limits.hashedEventsPerToken);
  if (cost === 0) return;
  const { rateLimits } = request.server;
  const decision = request.principal
    ? await rateLimits.takeForApiKey(request.principal.apiKeyId, cost)
    : await rateLimits.takeForPublicAddress(request.ip, cost);
  if (!decision.allowed) {
    throw tooManyRequests(decision, 'history_hashing', {
      events,
      cost,
      perToken: limits.hashedEventsPerToken,
      retryAfterSeconds: decision.retryAfterSeconds,
    });
  }
  void reply.headers(rateLimitHeaders(decision));
}
