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

/** A tap whose MAC is valid, for the counter to judge; `recordAnyway` records it whether or not the counter moves. */
export interface CountedTap extends NewTap {
  tagId: string;
  counter: number;
  recordAnyway: boolean;
}

// Any number of taps in one statement, so one round trip and one commit (docs/tags.md, "The counter"). The tags
// are locked in id order, so two groups never wait on each other in a circle, and read as committed once locked.
// Within the group a tag's taps are taken in counter order: a tap advances when its counter is greater than the
// tag's last and it is the first of the group with that counter; the tag keeps the greatest. A tap is recorded
// when it advanced, or with record_anyway (an unbound tag's); its record and the counter commit together.
const insertTapsAdvancingCountersStatement = prepared(
  'insert_tag_taps_advancing_counters',
  `WITH batch AS (
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::int[], $7::text[],
                          $8::text[], $9::text[], $10::boolean[]) WITH ORDINALITY
       AS b(id, tag_id, asset_id, planet, verdict, counter, result, client_address, created_at, record_anyway, item)
   ), locked AS (
     SELECT id, last_counter FROM tags WHERE id IN (SELECT tag_id FROM batch) ORDER BY id FOR UPDATE
   ), judged AS (
     SELECT batch.*,
            locked.id IS NOT NULL AND (locked.last_counter IS NULL OR batch.counter > locked.last_counter)
              AND row_number() OVER (PARTITION BY batch.tag_id, batch.counter ORDER BY batch.item) = 1 AS advanced
     FROM batch LEFT JOIN locked ON locked.id = batch.tag_id
   ), moved AS (
     UPDATE tags SET last_counter = newest.counter, last_tapped_at = newest.created_at::timestamptz
     FROM (SELECT DISTINCT ON (tag_id) tag_id, counter, created_at FROM judged WHERE advanced
           ORDER BY tag_id, counter DESC) AS newest
     WHERE tags.id = newest.tag_id
   ), recorded AS (
     INSERT INTO tag_taps (id, tag_id, asset_id, planet, verdict, counter, result, client_address, created_at)
     SELECT id, tag_id, asset_id, planet, verdict, counter, result::jsonb, client_address, created_at::timestamptz
     FROM judged WHERE advanced OR record_anyway
   )
   SELECT advanced FROM judged ORDER BY item`,
);

/**
 * Taps with a valid MAC, in one statement: each advances its tag's counter when its own is greater than every
 * counter accepted before it (the group taken in counter order), and is recorded if it did (or in any case, with
 * `recordAnyway`). One answer per tap, in order: whether its counter moved.
 */
export async function insertTapsAdvancingCounters(
  db: Queryable,
  taps: readonly CountedTap[],
): Promise<boolean[]> {
  // One array a column, each the same length (unnest walks them side by side); the answers as JSON text.
  const column = <V>(of: (tap: CountedTap) => V) => taps.map(of);
  const rows = await queryAll<{ advanced: boolean }>(db, insertTapsAdvancingCountersStatement, [
    column((tap) => tap.id),
    column((tap) => tap.tagId),
    column((tap) => tap.assetId),
    column((tap) => tap.planet),
    column((tap) => tap.verdict),
    column((tap) => tap.counter),
    column((tap) => JSON.stringify(tap.result)),
    column((tap) => tap.clientAddress),
    column((tap) => tap.createdAt),
    column((tap) => tap.recordAnyway),
  ]);
  return rows.map((row) => row.advanced);
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
