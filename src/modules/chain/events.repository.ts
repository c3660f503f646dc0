import { CHANGE_TOPICS, prepared, queryFirst, type Queryable } from '../../db/database.js';
import type { ChainedEvent } from './history-chain.js';

/** A history entry as the driver returns it: the timestamp as a Date. */
export type EventRow = Omit<ChainedEvent, 'created_at'> & { created_at: Date };

const EVENT_COLUMNS =
  'id, asset_id, planet, sequence, event_type, payload, actor_account_id, created_at, prev_hash, hash';

export function toChainedEvent(row: EventRow): ChainedEvent {
  return { ...row, created_at: row.created_at.toISOString() };
}

const insertEventStatement = prepared(
  'insert_event',
  `INSERT INTO asset_events (${EVENT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
);
export const findLastEventStatement = prepared(
  'find_last_event',
  'SELECT sequence, hash FROM asset_events WHERE asset_id = $1 ORDER BY sequence DESC LIMIT 1',
);
export const listEventsStatement = prepared(
  'list_events',
  `SELECT ${EVENT_COLUMNS} FROM asset_events WHERE asset_id = $1 AND sequence > $2 ORDER BY sequence LIMIT $3`,
);

export async function insertEvent(db: Queryable, event: ChainedEvent): Promise<void> {
  await db.query(insertEventStatement, [
    event.id,
    event.asset_id,
    event.planet,
    event.sequence,
    event.event_type,
    event.payload,
    event.actor_account_id,
    event.created_at,
    event.prev_hash,
    event.hash,
  ]);
  // The log queue's trigger queued it for the transparency log.
  db.announce(CHANGE_TOPICS.history);
}

export async function findLastEvent(
  db: Queryable,
  assetId: string,
): Promise<{ sequence: number; hash: string } | undefined> {
  return queryFirst<{ sequence: number; hash: string }>(db, findLastEventStatement, [assetId]);
}

export async function listEvents(
  db: Queryable,
  assetId: string,
  page: { afterSequence?: number; limit?: number } = {},
): Promise<ChainedEvent[]> {
  const { rows } = await db.query<EventRow>(listEventsStatement, [
    assetId,
    page.afterSequence ?? 0,
    page.limit ?? 2_147_483_647,
  ]);
  return rows.map(toChainedEvent);
}
