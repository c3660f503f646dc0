import type { Static } from '@sinclair/typebox';
import type { Queryable } from '../../db/database.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import type { PlanetId } from '../../planets/planets.js';
import { getAsset } from '../assets/assets.service.js';
import type { HistoryPage } from './history.schemas.js';
import { listHistoryEntries } from './history.repository.js';

// Sequences are a PostgreSQL integer: a larger one would be a database error, not a 400.
const MAX_SEQUENCE = 2 ** 31 - 1;

/** The last sequence a page showed, from its cursor. */
function afterSequenceOf(cursor: string): number {
  return decodeCursor(cursor, ([sequence, ...rest]) =>
    rest.length === 0 &&
    typeof sequence === 'number' &&
    Number.isInteger(sequence) &&
    sequence >= 0 &&
    sequence <= MAX_SEQUENCE
      ? sequence
      : undefined,
  );
}

/** Oldest first, `limit` entries after the cursor. */
export async function getHistory(
  db: Queryable,
  planet: PlanetId,
  id: string,
  page: { limit?: number; cursor?: string },
): Promise<Static<typeof HistoryPage>> {
  const afterSequence = page.cursor === undefined ? 0 : afterSequenceOf(page.cursor);
  // 404 asset_not_found as the asset's own read answers it.
  await getAsset(db, planet, id);
  return historyAfter(db, id, afterSequence, page.limit);
}

/** The first `limit` entries of an asset its caller has read already (the console's asset page): no second read. */
export async function historyOfAsset(
  db: Queryable,
  asset: { id: string },
  limit: number,
): Promise<Static<typeof HistoryPage>> {
  return historyAfter(db, asset.id, 0, limit);
}

async function historyAfter(
  db: Queryable,
  id: string,
  afterSequence: number,
  pageLimit: number | undefined,
): Promise<Static<typeof HistoryPage>> {
  // The schema's default fills a missing limit; 50 again for callers outside HTTP.
  const limit = pageLimit ?? 50;
  const events = await listHistoryEntries(db, id, { afterSequence, limit: limit + 1 });
  const hasMore = events.length > limit;
  const data = events.slice(0, limit);
  return {
    data,
    has_more: hasMore,
    next_cursor: hasMore ? encodeCursor([data[data.length - 1]!.sequence]) : null,
  };
}
