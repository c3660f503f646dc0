import type { Queryable } from '../../db/database.js';
import { findLastEvent, insertEvent } from './events.repository.js';
import { computeEventHash, type ChainedEvent } from './history-chain.js';
import { timeOrderedId } from '../../lib/time-ordered-id.js';

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
    id: timeOrderedId(),
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

/** Appends the next event of an asset whose row the caller has locked (SELECT … FOR UPDATE). */
export async function appendEvent(db: Queryable, event: NewEvent): Promise<ChainedEvent> {
  const built = buildEvent(event, (await findLastEvent(db, event.assetId)) ?? null);
  await insertEvent(db, built);
  return built;
}
