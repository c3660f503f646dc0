import { type Queryable, queryAll } from '../../db/database.js';
import { afterPositionSql, type Position } from '../../lib/page-cursor.js';
import { eventPlanetSql } from '../webhooks/outbox.repository.js';

export interface FeedEventRow {
  id: string;
  event_type: string;
  payload: Record<string, unknown>;
  created_at: Date;
}

export interface EventListFilter {
  accountId: string;
  /** Empty: every planet. */
  planetScope: readonly string[];
  types?: readonly string[];
  createdAfter?: Date;
  /** Events older than this are past retention: not listed even before the pruning job removes them. */
  retainedSince: Date;
}

/** One account's events, newest first, after a keyset position: the (account_id, created_at DESC, id DESC) index. */
export async function listAccountEvents(
  db: Queryable,
  filter: EventListFilter,
  page: { limit: number; after?: Position },
): Promise<FeedEventRow[]> {
  const params: unknown[] = [filter.accountId];
  const where = ['o.account_id = $1'];
  const bind = (value: unknown): string => `$${params.push(value)}`;
  const since =
    filter.createdAfter && filter.createdAfter > filter.retainedSince
      ? filter.createdAfter
      : filter.retainedSince;
  where.push(`o.created_at > ${bind(since)}::timestamptz`);
  if (filter.types) where.push(`o.event_type = ANY (${bind(filter.types)}::text[])`);
  if (filter.planetScope.length > 0)
    where.push(`${eventPlanetSql('o')} = ANY (${bind(filter.planetScope)}::text[])`);
  if (page.after) {
    where.push(afterPositionSql(bind(page.after.createdAt), bind(page.after.id), 'o'));
  }
  return queryAll<FeedEventRow>(
    db,
    `SELECT o.id, o.event_type, o.payload, o.created_at FROM webhook_outbox o WHERE ${where.join(' AND ')}
     ORDER BY o.created_at DESC, o.id DESC LIMIT ${bind(page.limit)}`,
    params,
  );
}

/**
 * Deletes at most `batchSize` events past retention that were dispatched (fanned out to deliveries, which keep
 * their own copy): an event not yet dispatched stays, so switching delivery on later loses nothing.
 */
export async function pruneDispatchedEvents(
  db: Queryable,
  options: { before: Date; batchSize: number },
): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM webhook_outbox WHERE id IN (
       SELECT id FROM webhook_outbox
       WHERE dispatched_at IS NOT NULL AND created_at < $1
       ORDER BY created_at LIMIT $2
       FOR UPDATE SKIP LOCKED
     )`,
    [options.before, options.batchSize],
  );
  return rowCount;
}
