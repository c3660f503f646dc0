import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { KeyPrincipal } from '../modules/principal/principal.js';
import { requirePrincipal } from './auth.js';
import fp from 'fastify-plugin';
import type { Queryable } from '../db/database.js';
import { AppError } from '../errors/error-catalogue.js';
import {
  claimIdempotencyKey,
  parseIdempotencyKey,
  purgeExpiredIdempotencyRecords,
  requestFingerprint,
  storeIdempotentResponse,
  type IdempotentRequest,
} from '../modules/idempotency/idempotency.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Account and key of every idempotent request this process is running now. */
    idempotencyInFlight: Set<string>;
  }
  interface FastifyRequest {
    /** Set when the response is a stored one: the onSend hook adds `Idempotent-Replayed: true`. */
    idempotentReplay?: boolean;
  }
}

const PURGE_INTERVAL_MS = 10 * 60 * 1000;

/** The Idempotency-Key applies to POSTs of an API key's account (/api/v1), not to admin requests. */
function idempotentRequestOf(
  request: FastifyRequest,
  fingerprintBody: unknown = request.body,
): IdempotentRequest | undefined {
  if (request.method !== 'POST' || !request.principal) return undefined;
  const key = parseIdempotencyKey(request.headers['idempotency-key']);
  if (key === undefined) return undefined;
  return {
    accountId: request.principal.accountId,
    key,
    fingerprint: requestFingerprint(request.method, request.url, fingerprintBody),
  };
}

export interface CommitOptions<T = unknown> {
  /**
   * The change is one statement (a create's CTE writes the asset, its event and its outbox row):
   * it is then its own transaction, one round trip instead of BEGIN, the statement and COMMIT.
   */
  singleStatement?: boolean;
  /**
   * How the change runs when the request carries no Idempotency-Key, instead of a transaction of its own:
   * group commit (a create joins others in one statement). With a key, the change runs in the
   * transaction that also stores the response, as always.
   */
  withoutIdempotencyKey?: () => Promise<T>;
  /** What the idempotency record keeps of the response (and a replay answers): a secret shown once is left out. */
  storedResponse?: (value: T) => unknown;
  /** What identifies the request's body for Idempotency-Key (a file upload: its digest, not its bytes). */
  fingerprintBody?: unknown;
}

/**
 * Every state-changing route runs its change through here: one transaction for the change, its
 * event, its outbox row and (when the request carries an Idempotency-Key) its stored response.
 * A retry of a completed request gets the stored body back without running the change again.
 */
export async function commitChange<T>(
  request: FastifyRequest,
  statusCode: number,
  change: (tx: Queryable) => Promise<T>,
  options: CommitOptions<T> = {},
): Promise<T> {
  const idempotent = idempotentRequestOf(
    request,
    'fingerprintBody' in options ? options.fingerprintBody : request.body,
  );
  if (!idempotent) {
    if (options.withoutIdempotencyKey) return options.withoutIdempotencyKey();
    const { db } = request.server;
    return options.singleStatement ? db.singleStatement(change) : db.transaction(change);
  }

  // PGlite runs one transaction at a time, so a duplicate would queue behind the first: refuse it here.
  const inFlight = request.server.idempotencyInFlight;
  const slot = `${idempotent.accountId}\n${idempotent.key}`;
  if (inFlight.has(slot)) throw new AppError('idempotency_request_in_progress');
  inFlight.add(slot);
  try {
    const outcome = await request.server.db.transaction(async (tx) => {
      const stored = await claimIdempotencyKey(tx, idempotent);
      if (stored) return { replayed: true as const, body: stored.body };
      const value = await change(tx);
      const kept = options.storedResponse ? options.storedResponse(value) : value;
      await storeIdempotentResponse(tx, idempotent, { status: statusCode, body: JSON.stringify(kept) });
      return { replayed: false as const, value };
    });
    if (!outcome.replayed) return outcome.value;
    request.idempotentReplay = true;
    return JSON.parse(outcome.body) as T;
  } finally {
    inFlight.delete(slot);
  }
}

/** The in-flight set, the `Idempotent-Replayed` header and the periodic purge of expired records. */
export const idempotencyPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('idempotencyInFlight', new Set<string>());
    // A callback hook: it runs on every response, and an async one costs a promise each time.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.idempotentReplay) void reply.header('idempotent-replayed', 'true');
      done(null, payload);
    });
    let timer: NodeJS.Timeout | undefined;
    const purge = async () => {
      try {
        await purgeExpiredIdempotencyRecords(app.db);
      } catch (error) {
        app.log.warn({ err: error }, 'could not purge expired idempotency records');
      }
    };
    app.addHook('onReady', async () => {
      timer = setInterval(() => void purge(), PURGE_INTERVAL_MS).unref();
    });
    app.addHook('preClose', async () => clearInterval(timer));
  },
  { name: 'idempotency' },
);

/** A key's change in one transaction, answered with `status` (201 made, 202 accepted) and what the change returns. */
export async function sendChange<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  change: (tx: Queryable, principal: KeyPrincipal) => Promise<T>,
): Promise<FastifyReply> {
  const principal = requirePrincipal(request);
  const result = await commitChange(request, status, (tx) => change(tx, principal));
  return reply.code(status).send(result);
}
