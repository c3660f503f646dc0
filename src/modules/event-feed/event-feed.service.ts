import type { Static } from '@sinclair/typebox';
import type { Queryable } from '../../db/database.js';
import { parseInstant, parseValueList } from '../../lib/list-filters.js';
import { decodeBoundPosition, listDigest, toBoundPage } from '../../lib/page-cursor.js';
import type { Principal } from '../principal/principal.js';
import { allWebhookEventTypes } from '../webhooks/webhook-event-types.js';
import { listAccountEvents, pruneDispatchedEvents, type FeedEventRow } from './event-feed.repository.js';
import type { EventItem, EventPage, ListEventsQuery } from './event-feed.schemas.js';

const DAY_MS = 86_400_000;

/** The webhook body of the event ({type, timestamp, data}) with the event's id. */
function toEventItem(row: FeedEventRow): Static<typeof EventItem> {
  return {
    id: row.id,
    type: row.event_type as Static<typeof EventItem>['type'],
    timestamp: row.created_at.toISOString(),
    data: row.payload,
  };
}

/** The calling account's events within retention and the key's planet scope, newest first, one keyset page. */
export async function listEvents(
  db: Queryable,
  principal: Principal,
  query: Static<typeof ListEventsQuery>,
  retentionDays: number,
  now = new Date(),
): Promise<Static<typeof EventPage>> {
  const types = parseValueList('type', query.type, allWebhookEventTypes);
  const createdAfter = parseInstant(query.created_after);
  const digest = listDigest([
    'events',
    principal.accountId,
    [...principal.planetScope].sort(),
    types,
    createdAfter?.toISOString(),
  ]);
  const limit = query.limit ?? 50;
  const after = decodeBoundPosition(query.cursor, digest);
  const rows = await listAccountEvents(
    db,
    {
      accountId: principal.accountId,
      planetScope: principal.planetScope,
      types,
      createdAfter,
      retainedSince: new Date(now.getTime() - retentionDays * DAY_MS),
    },
    { limit: limit + 1, after },
  );
  return toBoundPage(rows, limit, digest, toEventItem);
}

/** Deletes dispatched events past retention in small batches (short transactions); returns how many. */
export async function pruneExpiredEvents(
  db: Queryable,
  options: { retentionDays: number; batchSize: number; now?: Date; shouldContinue?: () => boolean },
): Promise<number> {
  const before = new Date((options.now ?? new Date()).getTime() - options.retentionDays * DAY_MS);
  let total = 0;
  for (;;) {
    const removed = await pruneDispatchedEvents(db, { before, batchSize: options.batchSize });
    total += removed;
    if (removed < options.batchSize || options.shouldContinue?.() === false) return total;
  }
}
