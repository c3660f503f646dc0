import { prepared, type Queryable } from '../../db/database.js';
import type { EventRow } from '../chain/events.repository.js';
import type { ChainedEvent } from '../chain/history-chain.js';

/** A history entry with its place in the transparency log (null until logged). */
type HistoryEntryRow = EventRow & { log_index: string | number | null };

// Joined by (asset_id, sequence): one asset's log entries sit together in tlog_entries_asset_idx, which carries
// log_index (351_tlog_entries_by_asset.sql); by event_id each event would be its own random probe.
export const listHistoryStatement = prepared(
  'list_history_with_log_index',
  `SELECT e.id, e.asset_id, e.planet, e.sequence, e.event_type, e.payload, e.actor_account_id, e.created_at,
          e.prev_hash, e.hash, t.log_index
   FROM asset_events e LEFT JOIN tlog_entries t ON t.asset_id = e.asset_id AND t.sequence = e.sequence
   WHERE e.asset_id = $1 AND e.sequence > $2 ORDER BY e.sequence LIMIT $3`,
);

/** An asset's events after a sequence, each with its transparency log index (null until logged). */
export async function listHistoryEntries(
  db: Queryable,
  assetId: string,
  page: { afterSequence: number; limit: number },
): Promise<(ChainedEvent & { log_index: number | null })[]> {
  const { rows } = await db.query<HistoryEntryRow>(listHistoryStatement, [
    assetId,
    page.afterSequence,
    page.limit,
  ]);
  return rows.map((row) => ({
    ...row,
    created_at: row.created_at.toISOString(),
    log_index: row.log_index === null ? null : Number(row.log_index),
  }));
}
