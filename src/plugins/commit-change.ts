import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.js';

export interface CommitOptions {
  /**
   * The change is one statement (a create's CTE writes the asset, its event and its outbox row):
   * it is then its own transaction, one round trip instead of BEGIN, the statement and COMMIT.
   */
  singleStatement?: boolean;
}

/**
 * Every state-changing route runs its change through here: one transaction for the change, its
 * event, its outbox row and (when the request carries an Idempotency-Key) its stored response.
 */
export async function commitChange<T>(
  request: FastifyRequest,
  _statusCode: number,
  change: (tx: Queryable) => Promise<T>,
  options: CommitOptions = {},
): Promise<T> {
  const { db } = request.server;
  return options.singleStatement ? db.singleStatement(change) : db.transaction(change);
}
