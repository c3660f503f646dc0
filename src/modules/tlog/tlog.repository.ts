import { firstRowQuery, prepared, type Queryable, queryAll } from '../../db/database.js';
import type { EventRow } from '../chain/events.repository.js';

export interface TlogStateRow {
  tree_size: number;
  root_hash: Buffer;
  checkpoint: string | null;
  checkpoint_key_id: string | null;
  /** Witnesses' cosignature lines of this checkpoint, in the order they answered ('' before any). */
  cosignatures: string;
}

type RawStateRow = Omit<TlogStateRow, 'tree_size'> & { tree_size: string };

const STATE_COLUMNS = 'tree_size, root_hash, checkpoint, checkpoint_key_id, cosignatures';

// PGlite returns bytea as a Uint8Array, pg as a Buffer; int8 as a string (pg) or a number.
function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function toState(row: RawStateRow): TlogStateRow {
  return { ...row, tree_size: Number(row.tree_size), root_hash: toBuffer(row.root_hash) };
}

/**
 * Takes the integrator's lock: the state row, FOR UPDATE SKIP LOCKED so that a second integrator (another
 * instance) skips its turn instead of queueing. Undefined when another integrator holds it.
 */
export async function lockState(tx: Queryable): Promise<TlogStateRow | undefined> {
  const { rows } = await tx.query<RawStateRow>(
    `SELECT ${STATE_COLUMNS} FROM tlog_state FOR UPDATE SKIP LOCKED`,
  );
  return rows[0] && toState(rows[0]);
}

const findStateStatement = prepared('tlog_find_state', `SELECT ${STATE_COLUMNS} FROM tlog_state`);

export async function findState(db: Queryable): Promise<TlogStateRow> {
  const { rows } = await db.query<RawStateRow>(findStateStatement);
  return toState(rows[0]!);
}

export async function saveState(
  tx: Queryable,
  state: { treeSize: number; rootHash: Buffer; checkpoint: string; keyId: string },
): Promise<void> {
  await tx.query(
    // A new checkpoint starts with no cosignatures: the witnesses cosigned the one before.
    `UPDATE tlog_state SET tree_size = $1, root_hash = $2, checkpoint = $3, checkpoint_key_id = $4, updated_at = now(),
       cosignatures = CASE WHEN checkpoint = $3 THEN cosignatures ELSE '' END`,
    [state.treeSize, state.rootHash, state.checkpoint, state.keyId],
  );
}

/**
 * Appends a witness's cosignature line to the checkpoint's, while it is still the current one and holds none
 * of that witness yet (`namePrefix`: the line's "— name "). Whether it was added.
 */
export async function appendCosignature(
  db: Queryable,
  checkpoint: string,
  line: string,
  namePrefix: string,
): Promise<boolean> {
  const { rows } = await db.query<{ added: boolean }>(
    `UPDATE tlog_state SET cosignatures = cosignatures || $2
     WHERE checkpoint = $1 AND position($3 in cosignatures) = 0 RETURNING true AS added`,
    [checkpoint, line, namePrefix],
  );
  return rows.length > 0;
}

/** What the log carries of a history event: the chain's row without its payload and actor. */
type LoggableEventRow = Pick<
  EventRow,
  'id' | 'asset_id' | 'planet' | 'sequence' | 'event_type' | 'created_at' | 'prev_hash' | 'hash'
>;

/** An event waiting for its log entry. */
export type PendingEventRow = LoggableEventRow & { pending_id: string };

// The queue's head first, then one primary-key look-up per event (LATERAL … LIMIT 1 cannot be flattened): a plain
// join let the planner, its statistics behind a burst of creates, hash the whole of asset_events in parallel. By the
// event's asset and sequence, which the queue row carries, so that each look-up reads one partition of asset_events
// (migration 480); the id makes sure it is the event queued.
export const LIST_PENDING_SQL = `SELECT p.id AS pending_id, e.id, e.asset_id, e.planet, e.sequence, e.event_type, e.created_at, e.prev_hash, e.hash
   FROM (SELECT id, event_id, asset_id, sequence FROM tlog_pending ORDER BY id LIMIT $1) p
   CROSS JOIN LATERAL (
     SELECT * FROM asset_events e
     WHERE e.asset_id = p.asset_id AND e.sequence = p.sequence AND e.id = p.event_id LIMIT 1) e
   ORDER BY p.id`;

/** Committed events not yet in the log, in the order they were queued. */
export async function listPending(tx: Queryable, limit: number): Promise<PendingEventRow[]> {
  return queryAll<PendingEventRow>(tx, LIST_PENDING_SQL, [limit]);
}

export interface NewEntry {
  logIndex: number;
  eventId: string;
  planet: string;
  assetId: string;
  sequence: number;
  entry: string;
}

/** Appends entries and the tree's new hashes, and takes their events off the queue: one transaction's work. */
export async function appendToLog(
  tx: Queryable,
  entries: readonly NewEntry[],
  nodes: readonly { level: number; idx: number; hash: Buffer }[],
  pendingIds: readonly string[],
): Promise<void> {
  await tx.query(
    `INSERT INTO tlog_entries (log_index, event_id, planet, asset_id, sequence, entry)
     SELECT i, e, p, a, s, convert_to(t, 'UTF8')
     FROM unnest($1::bigint[], $2::uuid[], $3::text[], $4::uuid[], $5::int[], $6::text[]) AS u(i, e, p, a, s, t)`,
    [
      entries.map((entry) => entry.logIndex),
      entries.map((entry) => entry.eventId),
      entries.map((entry) => entry.planet),
      entries.map((entry) => entry.assetId),
      entries.map((entry) => entry.sequence),
      entries.map((entry) => entry.entry),
    ],
  );
  await tx.query(
    `INSERT INTO tlog_hashes (level, idx, hash)
     SELECT l, i, decode(h, 'hex') FROM unnest($1::smallint[], $2::bigint[], $3::text[]) AS u(l, i, h)`,
    [
      nodes.map((node) => node.level),
      nodes.map((node) => node.idx),
      nodes.map((node) => node.hash.toString('hex')),
    ],
  );
  await tx.query('DELETE FROM tlog_pending WHERE id = ANY($1::bigint[])', [pendingIds]);
}

/** The stored hashes asked for, keyed `level:idx`. */
export async function readNodes(
  db: Queryable,
  nodes: readonly { level: number; idx: number }[],
): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>();
  if (nodes.length === 0) return found;
  // One primary-key look-up per node, not a join, which statistics behind the log's growth can turn into a
  // hash of a whole level of the log.
  const { rows } = await db.query<{ level: number; idx: string; hash: Buffer | null }>(
    `SELECT u.l AS level, u.i AS idx,
            (SELECT h.hash FROM tlog_hashes h WHERE h.level = u.l AND h.idx = u.i) AS hash
     FROM unnest($1::smallint[], $2::bigint[]) AS u(l, i)`,
    [nodes.map((node) => node.level), nodes.map((node) => node.idx)],
  );
  for (const row of rows) if (row.hash !== null) found.set(`${row.level}:${row.idx}`, toBuffer(row.hash));
  return found;
}

const readTileStatement = prepared(
  'tlog_read_tile',
  'SELECT hash FROM tlog_hashes WHERE level = $1 AND idx >= $2 AND idx < $3 ORDER BY idx',
);

/** The hashes at a level from index `from`, `count` of them at most. */
export async function readHashRange(
  db: Queryable,
  level: number,
  from: number,
  count: number,
): Promise<Buffer[]> {
  const { rows } = await db.query<{ hash: Buffer }>(readTileStatement, [level, from, from + count]);
  return rows.map((row) => toBuffer(row.hash));
}

// 256 consecutive entries of up to 256 assets: no partitioning by asset can prune this read, which takes each
// partition's primary-key range (log_index first) and merges them; an entry bundle is immutable once full and cached.
export const readEntriesStatement = prepared(
  'tlog_read_entries',
  'SELECT entry FROM tlog_entries WHERE log_index >= $1 AND log_index < $2 ORDER BY log_index',
);

export async function readEntryRange(db: Queryable, from: number, count: number): Promise<Buffer[]> {
  const { rows } = await db.query<{ entry: Buffer }>(readEntriesStatement, [from, from + count]);
  return rows.map((row) => toBuffer(row.entry));
}

/** An event with its place in the log (null while it waits). */
export type LoggedEventRow = LoggableEventRow & { log_index: string | null };

export const findEventWithLogIndexStatement = prepared(
  'tlog_find_event_with_log_index',
  `SELECT t.log_index, e.id, e.asset_id, e.planet, e.sequence, e.event_type, e.created_at, e.prev_hash, e.hash
   FROM asset_events e LEFT JOIN tlog_entries t ON t.asset_id = e.asset_id AND t.sequence = e.sequence
   WHERE e.asset_id = $1 AND e.sequence = $2`,
);

export const findEventWithLogIndex = firstRowQuery<LoggedEventRow, [assetId: string, sequence: number]>(
  findEventWithLogIndexStatement,
);
