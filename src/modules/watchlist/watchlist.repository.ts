import type { Position } from '../../lib/page-cursor.js';
import {
  countQuery,
  firstRowQuery,
  type Queryable,
  queryAccountPage,
  queryFirst,
  queryOne,
} from '../../db/database.js';

export interface WatchRow {
  id: string;
  account_id: string;
  certificate_number: string;
  planet: string;
  created_at: Date;
}

const WATCH_COLUMNS = 'id, account_id, certificate_number, planet, created_at';

// A key limited to some planets sees only their entries, as for webhooks (docs/webhooks.md); an empty scope sees all.
const IN_SCOPE = (parameter: string) =>
  `(cardinality(${parameter}::text[]) = 0 OR planet = ANY (${parameter}::text[]))`;

/** Serialises an account's adds, so that the count and the insert see the same list (AVS_WATCH_LIMIT). */
export async function lockAccountForWatches(db: Queryable, accountId: string): Promise<void> {
  await db.query('SELECT 1 FROM accounts WHERE id = $1 FOR NO KEY UPDATE', [accountId]);
}

export const countWatches = countQuery<[accountId: string]>(
  'SELECT count(*)::int AS count FROM watchlist_entries WHERE account_id = $1',
);

export const findWatchOfNumber = firstRowQuery<WatchRow, [accountId: string, certificateNumber: string]>(
  `SELECT ${WATCH_COLUMNS} FROM watchlist_entries WHERE account_id = $1 AND certificate_number = $2`,
);

export async function insertWatch(
  db: Queryable,
  watch: { id: string; accountId: string; certificateNumber: string; planet: string },
): Promise<WatchRow> {
  return queryOne<WatchRow>(
    db,
    `INSERT INTO watchlist_entries (id, account_id, certificate_number, planet) VALUES ($1, $2, $3, $4)
     RETURNING ${WATCH_COLUMNS}`,
    [watch.id, watch.accountId, watch.certificateNumber, watch.planet],
  );
}

export async function listWatches(
  db: Queryable,
  viewer: { accountId: string; planetScope: readonly string[] },
  options: { limit: number; after?: Position },
): Promise<WatchRow[]> {
  return queryAccountPage<WatchRow>(db, `${WATCH_COLUMNS} FROM watchlist_entries`, viewer, options, IN_SCOPE);
}

export async function deleteWatch(
  db: Queryable,
  viewer: { accountId: string; planetScope: readonly string[] },
  id: string,
): Promise<WatchRow | undefined> {
  return queryFirst<WatchRow>(
    db,
    `DELETE FROM watchlist_entries WHERE id = $1 AND account_id = $2 AND ${IN_SCOPE('$3')}
     RETURNING ${WATCH_COLUMNS}`,
    [id, viewer.accountId, [...viewer.planetScope]],
  );
}
