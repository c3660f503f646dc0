import { type Queryable, queryAll } from '../../db/database.js';
import type { LoggedLeaf } from '../tlog/history-logged.js';
import type { AuditedAssetKey } from './history-audit.repository.js';

// Any constant shared by every avs process: the lock that lets one re-check run at a time.
const RECHECK_LOCK = [4242350, 0];

/** Whether there is anything to re-check: a queued history or a broken one (two index reads). */
export async function anythingToRecheck(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ any: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM history_recheck_queue)
         OR EXISTS (SELECT 1 FROM history_checks WHERE broken_reason IS NOT NULL) AS any`,
  );
  return rows[0]!.any;
}

/** Takes the re-check's lock for this transaction: false when another instance holds it (or, waiting, never). */
export async function lockRecheck(tx: Queryable, wait: boolean): Promise<boolean> {
  if (wait) {
    await tx.query('SELECT pg_advisory_xact_lock($1, $2)', RECHECK_LOCK);
    return true;
  }
  const { rows } = await tx.query<{ locked: boolean }>(
    'SELECT pg_try_advisory_xact_lock($1, $2) AS locked',
    RECHECK_LOCK,
  );
  return rows[0]!.locked;
}

/** Queues the broken histories again: each run looks whether they are intact once more. */
export async function queueBrokenHistories(tx: Queryable): Promise<void> {
  await tx.query(
    `INSERT INTO history_recheck_queue (asset_id, planet)
     SELECT asset_id, planet FROM history_checks WHERE broken_reason IS NOT NULL
     ON CONFLICT (asset_id) DO NOTHING`,
  );
}

/** Queues every history longer than `longerThan` events (of one planet, or all): what `avs audit` re-checks. */
export async function queueLongHistories(
  db: Queryable,
  longerThan: number,
  planet: string | undefined,
): Promise<void> {
  await db.query(
    `INSERT INTO history_recheck_queue (asset_id, planet)
     SELECT id, planet FROM assets WHERE head_sequence > $1 AND ($2::text IS NULL OR planet = $2)
     ON CONFLICT (asset_id) DO NOTHING`,
    [longerThan, planet ?? null],
  );
}

export interface QueuedHistory {
  asset_id: string;
  planet: string;
  /** Null when the asset is gone. */
  head_sequence: number | null;
}

/**
 * Up to `limit` queued histories, their queue rows locked for the transaction: an event appended or edited
 * meanwhile re-queues its asset only after this commits (docs/api.md, "Verification").
 */
export async function takeQueuedHistories(tx: Queryable, limit: number): Promise<QueuedHistory[]> {
  return queryAll<QueuedHistory>(
    tx,
    `SELECT q.asset_id, q.planet, a.head_sequence
     FROM history_recheck_queue q LEFT JOIN assets a ON a.planet = q.planet AND a.id = q.asset_id
     ORDER BY q.asset_id LIMIT $1 FOR UPDATE OF q SKIP LOCKED`,
    [limit],
  );
}

/** What a re-check reads of an asset: the same key and chain head `avs audit` reads. */
export type RecheckedAsset = AuditedAssetKey;

export async function readRecheckedAssets(
  tx: Queryable,
  assetIds: readonly string[],
): Promise<RecheckedAsset[]> {
  return queryAll<RecheckedAsset>(
    tx,
    `SELECT planet, id, certificate_status, status, head_sequence, head_hash FROM assets WHERE id = ANY($1::uuid[])`,
    [assetIds],
  );
}

export const READ_LOGGED_LEAVES_SQL = `SELECT t.asset_id, t.sequence, t.log_index,
       (SELECT encode(h.hash, 'hex') FROM tlog_hashes h WHERE h.level = 0 AND h.idx = t.log_index) AS leaf
   FROM tlog_entries t WHERE t.asset_id = ANY($1::uuid[]) ORDER BY t.asset_id, t.sequence`;

/** What the log holds of the given assets' events, grouped by asset, in sequence order; each leaf by its key. */
export async function readLoggedLeaves(
  tx: Queryable,
  assetIds: readonly string[],
): Promise<Map<string, LoggedLeaf[]>> {
  const { rows } = await tx.query<LoggedLeaf & { asset_id: string; log_index: string | number }>(
    READ_LOGGED_LEAVES_SQL,
    [assetIds],
  );
  const byAsset = new Map<string, LoggedLeaf[]>(assetIds.map((id) => [id, []]));
  for (const row of rows) {
    byAsset
      .get(row.asset_id)
      ?.push({ sequence: row.sequence, log_index: Number(row.log_index), leaf: row.leaf });
  }
  return byAsset;
}

/** A history's check as the re-check found it: intact up to its head, or broken. */
export type HistoryCheckRow = {
  asset_id: string;
  planet: string;
} & (
  | {
      checked_sequence: number;
      checked_hash: string;
      certificate_status: string;
      status: string;
      logged_sequence: number;
      broken_at: null;
      broken_reason: null;
    }
  | {
      checked_sequence: null;
      checked_hash: null;
      certificate_status: null;
      status: null;
      logged_sequence: 0;
      broken_at: number | null;
      broken_reason: string;
    }
);

/**
 * Writes the checks (one statement). In asset order, as verifications write theirs (no deadlock between them), and
 * an intact check does not take the place of an intact one a verification carried further meanwhile.
 */
export async function recordHistoryChecks(tx: Queryable, checks: readonly HistoryCheckRow[]): Promise<void> {
  if (checks.length === 0) return;
  await tx.query(
    `INSERT INTO history_checks AS h (asset_id, planet, checked_sequence, checked_hash, certificate_status, status,
                                      logged_sequence, broken_at, broken_reason, checked_at)
     SELECT asset_id, planet, checked_sequence, checked_hash, certificate_status, status, logged_sequence,
            broken_at, broken_reason, now()
     FROM jsonb_to_recordset($1::jsonb) AS c(asset_id uuid, planet text, checked_sequence int, checked_hash text,
       certificate_status text, status text, logged_sequence int, broken_at int, broken_reason text)
     ORDER BY asset_id
     ON CONFLICT (asset_id) DO UPDATE SET planet = EXCLUDED.planet, checked_sequence = EXCLUDED.checked_sequence,
       checked_hash = EXCLUDED.checked_hash, certificate_status = EXCLUDED.certificate_status,
       status = EXCLUDED.status, logged_sequence = EXCLUDED.logged_sequence, broken_at = EXCLUDED.broken_at,
       broken_reason = EXCLUDED.broken_reason, checked_at = EXCLUDED.checked_at
     WHERE EXCLUDED.broken_reason IS NOT NULL OR h.broken_reason IS NOT NULL
        OR h.checked_sequence <= EXCLUDED.checked_sequence`,
    [JSON.stringify(checks)],
  );
}

/** Takes histories off the queue; `forget`: those that need no check (gone, or short enough to check in full). */
export async function dequeueHistories(
  tx: Queryable,
  assetIds: readonly string[],
  forget: readonly string[],
): Promise<void> {
  if (forget.length > 0) {
    await tx.query('DELETE FROM history_checks WHERE asset_id = ANY($1::uuid[])', [forget]);
  }
  await tx.query('DELETE FROM history_recheck_queue WHERE asset_id = ANY($1::uuid[])', [assetIds]);
}
