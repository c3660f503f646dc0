import { randomUUID } from 'node:crypto';
import { prepared, type Queryable } from '../../db/database.js';
import { computeEventHash, type ChainedEvent } from './history-chain.js';

interface EventRow {
  id: string;
  asset_id: string;
  planet: string;
  sequence: number;
  event_type: string;
  payload: Record<string, unknown>;
  actor_account_id: string | null;
  created_at: Date;
  prev_hash: string | null;
  hash: string;
  [column: string]: unknown;
}

const EVENT_COLUMNS =
  'id, asset_id, planet, sequence, event_type, payload, actor_account_id, created_at, prev_hash, hash';

export function toChainedEvent(row: EventRow): ChainedEvent {
  return { ...row, created_at: row.created_at.toISOString() };
}

export interface NewEvent {
  assetId: string;
  planet: string;
  eventType: string;
  payload: Record<string, unknown>;
  actorAccountId: string | null;
}

/**
 * Builds an event chained to the given previous one (null for an asset's first event).
 * The caller must hold the asset's row lock so that no other append can take the same sequence.
 */
export function buildEvent(
  event: NewEvent,
  previous: { sequence: number; hash: string } | null,
): ChainedEvent {
  const content = {
    id: randomUUID(),
    asset_id: event.assetId,
    planet: event.planet,
    sequence: (previous?.sequence ?? 0) + 1,
    event_type: event.eventType,
    payload: event.payload,
    actor_account_id: event.actorAccountId,
    // Milliseconds only: the column is timestamptz(3), so the hashed value survives the round trip.
    created_at: new Date().toISOString(),
    prev_hash: previous?.hash ?? null,
  };
  return { ...content, hash: computeEventHash(content) };
}

const insertEventStatement = prepared(
  'insert_event',
  `INSERT INTO asset_events (${EVENT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
);
const findLastEventStatement = prepared(
  'find_last_event',
  'SELECT sequence, hash FROM asset_events WHERE asset_id = $1 ORDER BY sequence DESC LIMIT 1',
);
const listEventsStatement = prepared(
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
}

export async function findLastEvent(
  db: Queryable,
  assetId: string,
): Promise<{ sequence: number; hash: string } | undefined> {
  const { rows } = await db.query<{ sequence: number; hash: string }>(findLastEventStatement, [assetId]);
  return rows[0];
}

/** Appends the next event of an asset whose row the caller has locked (SELECT … FOR UPDATE). */
export async function appendEvent(db: Queryable, event: NewEvent): Promise<ChainedEvent> {
  const built = buildEvent(event, (await findLastEvent(db, event.assetId)) ?? null);
  await insertEvent(db, built);
  return built;
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
