import type { Static } from '@sinclair/typebox';
import type { Queryable } from '../../db/database.js';
import { AppError } from '../../errors/error-catalogue.js';
import type { PlanetId } from '../../planets/planets.js';
import { getAsset } from '../assets/assets.service.js';
import { listEvents } from './events.repository.js';
import type { HistoryPage } from './history.schemas.js';

const CURSOR_PREFIX = 'seq:';

/** Opaque to clients: base64url of the last sequence they have seen. */
export function encodeCursor(sequence: number): string {
  return Buffer.from(`${CURSOR_PREFIX}${sequence}`, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): number {
  const decoded = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const match = /^seq:(\d{1,9})$/.exec(decoded);
  if (!match) throw new AppError('validation_failed', '`cursor` is not a cursor this service returned.');
  return Number(match[1]);
}

/** Oldest first, `limit` entries after the cursor. */
export async function getHistory(
  db: Queryable,
  planet: PlanetId,
  id: string,
  page: { limit: number; cursor?: string },
): Promise<Static<typeof HistoryPage>> {
  const afterSequence = page.cursor === undefined ? 0 : decodeCursor(page.cursor);
  // 404 asset_not_found as the asset's own read answers it.
  await getAsset(db, planet, id);
  const events = await listEvents(db, id, { afterSequence, limit: page.limit + 1 });
  const hasMore = events.length > page.limit;
  const data = events.slice(0, page.limit);
  return {
    data,
    has_more: hasMore,
    next_cursor: hasMore ? encodeCursor(data[data.length - 1]!.sequence) : null,
  };
}
