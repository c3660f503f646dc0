import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import { AppError } from '../../errors/error-catalogue.js';
import { decodePosition, toPage } from '../../lib/page-cursor.js';
import { isUuid } from '../../lib/uuid.js';
import { planetOfWellFormedNumber } from '../../planets/planets.js';
import { findCertificateInScope } from '../certificates/certificates.service.js';
import type { Principal } from '../principal/principal.js';
import {
  countWatches,
  deleteWatch,
  findWatchOfNumber,
  insertWatch,
  listWatches,
  lockAccountForWatches,
  type WatchRow,
} from './watchlist.repository.js';
import type { WatchBodyType, WatchListQueryType, WatchType } from './watchlist.schemas.js';

function toWatch(row: WatchRow): WatchType {
  return { id: row.id, certificate_number: row.certificate_number, created_at: row.created_at.toISOString() };
}

/**
 * Adds a certificate to the account's watch-list: it must exist in the key's planets (404 as the look-up
 * answers otherwise), the account may watch it once, and at most `limit` (AVS_WATCH_LIMIT) certificates.
 */
export async function addWatch(
  tx: Queryable,
  principal: Principal,
  body: WatchBodyType,
  limit: number,
): Promise<WatchType> {
  const number = body.certificate_number;
  const planet = planetOfWellFormedNumber(number);
  const asset = await findCertificateInScope(tx, principal, number);
  if (!planet || !asset) throw new AppError('certificate_not_found', 'no_certificate', { number });
  await lockAccountForWatches(tx, principal.accountId);
  const existing = await findWatchOfNumber(tx, principal.accountId, number);
  if (existing) throw new AppError('already_watched', 'watch', { id: existing.id, number });
  if ((await countWatches(tx, principal.accountId)) >= limit) {
    throw new AppError('watch_limit_reached', 'limit', { limit });
  }
  return toWatch(
    await insertWatch(tx, {
      id: randomUUID(),
      accountId: principal.accountId,
      certificateNumber: number,
      planet,
    }),
  );
}

export async function listAccountWatches(db: Queryable, principal: Principal, query: WatchListQueryType) {
  const limit = query.limit ?? 50;
  const rows = await listWatches(db, principal, { limit: limit + 1, after: decodePosition(query.cursor) });
  return toPage(rows, limit, toWatch);
}

/** Removes the entry; another account's, one outside the key's scope, or a malformed id is 404. */
export async function removeWatch(db: Queryable, principal: Principal, id: string): Promise<WatchType> {
  const row = isUuid(id) ? await deleteWatch(db, principal, id) : undefined;
  if (!row) throw new AppError('watch_not_found');
  return toWatch(row);
}
