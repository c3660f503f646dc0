import { prepared, type Queryable, queryAll } from '../../db/database.js';
import { newestFirstPageSql, pageValues } from '../../lib/page-cursor.js';

export interface NewTap {
  id: string;
  tagId: string | null;
  assetId: string | null;
  planet: string | null;
  verdict: string;
  counter: number | null;
  result: Record<string, unknown>;
  clientAddress: string;
  createdAt: string;
}

export interface TapRow {
  id: string;
  tag_id: string;
  result: Record<string, unknown>;
  created_at: Date;
}

const insertTapStatement = prepared(
  'insert_tag_tap',
  `INSERT INTO tag_taps (id, tag_id, asset_id, planet, verdict, counter, result, client_address, created_at)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
);

const tapValues = (tap: NewTap) => [
  tap.id,
  tap.tagId,
  tap.assetId,
  tap.planet,
  tap.verdict,
  tap.counter,
  tap.result,
  tap.clientAddress,
  tap.createdAt,
];

export async function insertTap(tx: Queryable, tap: NewTap): Promise<void> {
  await tx.query(insertTapStatement, tapValues(tap));
}

// One statement, so one round trip and its own transaction: the tag's counter moves when the tap's is greater
// (of two taps of one link at once, only one finds it below its own), and the tap is recorded when it moved, or
// whatever it did with $10 (an unbound tag's tap).
const insertTapAdvancingCounterStatement = prepared(
  'insert_tag_tap_advancing_counter',
  `WITH advanced AS (
     UPDATE tags SET last_counter = $6::int, last_tapped_at = $9::timestamptz
     WHERE id = $2::uuid AND (last_counter IS NULL OR last_counter < $6::int) RETURNING id
   ), recorded AS (
     INSERT INTO tag_taps (id, tag_id, asset_id, planet, verdict, counter, result, client_address, created_at)
     SELECT $1::uuid, $2::uuid, $3::uuid, $4::text, $5::text, $6::int, $7::jsonb, $8::text, $9::timestamptz
     WHERE $10::boolean OR EXISTS (SELECT 1 FROM advanced)
   )
   SELECT EXISTS (SELECT 1 FROM advanced) AS advanced`,
);

/**
 * A tap with a valid MAC: advances its tag's counter when the tap's is greater and records the tap if it did
 * (or in any case, with `recordAnyway`). True when the counter moved.
 */
export async function insertTapAdvancingCounter(
  db: Queryable,
  tap: NewTap & { tagId: string; counter: number },
  recordAnyway: boolean,
): Promise<boolean> {
  const { rows } = await db.query<{ advanced: boolean }>(insertTapAdvancingCounterStatement, [
    ...tapValues(tap),
    recordAnyway,
  ]);
  return rows[0]!.advanced;
}

const listTapsStatement = prepared(
  'list_tag_taps',
  `SELECT id, tag_id, result, created_at FROM tag_taps
   WHERE asset_id = $1 AND ${newestFirstPageSql(2)}`,
);

/** Newest first; `before` is the (created_at, id) of the last row of the previous page. */
export async function listTaps(
  db: Queryable,
  assetId: string,
  page: { before?: { createdAt: Date; id: string }; limit: number },
): Promise<TapRow[]> {
  return queryAll<TapRow>(db, listTapsStatement, [assetId, ...pageValues(page.before, page.limit)]);
}
