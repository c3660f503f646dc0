import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ReplicatedDatabase, runWithReadContext, type ReadContext } from '../db/replicas.js';

// Reads that must see the latest committed state: the admin console (an operator acts on what it shows),
// health checks, metrics and the API documents.
const PRIMARY_ONLY_PREFIXES = ['/admin', '/healthz', '/readyz', '/metrics', '/docs'];

/** GETs that tolerate a little lag: the API's reads, the public pages, credentials, status lists, tiles. */
function lagTolerant(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const url = request.routeOptions.url ?? request.url;
  return !PRIMARY_ONLY_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Tells the database, through a per-request context, which of a request's reads may go to a replica
 * (DATABASE_READ_URL) and whose writes they must see. Without replicas it registers nothing.
 */
export const readRoutingPlugin = fp(
  async (app: FastifyInstance) => {
    const db = app.db;
    if (!(db instanceof ReplicatedDatabase)) return;
    const contexts = new WeakMap<FastifyRequest, ReadContext>();
    // Everything after this hook (authentication, the handler, the hooks) runs in the request's context.
    app.addHook('onRequest', (request, _reply, done) => {
      const context: ReadContext = { lagTolerant: false };
      contexts.set(request, context);
      runWithReadContext(context, done);
    });
    // Decided after authentication, so that the key look-up itself always reads the primary.
    app.addHook('preHandler', async (request) => {
      const context = contexts.get(request);
      if (!context) return;
      context.caller = request.principal?.accountId;
      context.lagTolerant = lagTolerant(request);
    });
    // Before a write's answer leaves, its caller's later reads are tied to the primary's position now.
    app.addHook('onSend', async (request) => {
      const caller = request.principal?.accountId;
      if (!caller || !WRITE_METHODS.has(request.method)) return;
      try {
        await db.noteWrite(caller);
      } catch {
        // The primary is unreachable, so the write did not commit either: nothing to wait for.
      }
    });
  },
  { name: 'read-routing' },
);
