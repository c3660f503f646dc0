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

export async function insertTap(tx: Queryable, tap: NewTap): Promise<void> {
  await tx.query(insertTapStatement, [
    tap.id,
    tap.tagId,
    tap.assetId,
    tap.planet,
    tap.verdict,
    tap.counter,
    tap.result,
    tap.clientAddress,
    tap.createdAt,
  ]);
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
