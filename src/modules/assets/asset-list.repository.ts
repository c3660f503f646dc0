import { type Queryable, queryAll, queryOne } from '../../db/database.js';
import { afterPositionSql, type Position } from '../../lib/page-cursor.js';
import { ASSET_COLUMNS, type AssetRow } from './assets.repository.js';
import { AssetRecord } from './assets.schemas.js';

export interface AssetListFilter {
  planet: string;
  accountId: string;
  statuses?: readonly string[];
  certificateStatuses?: readonly string[];
  createdAfter?: Date;
  createdBefore?: Date;
  /** An ILIKE pattern on the title. */
  titlePattern?: string;
  /** With titlePattern: an inventory number that also matches, exactly. */
  titleOrInventoryNumber?: string;
  /** Only the asset with this inventory number (migration 440's unique index). */
  inventoryNumber?: string;
}

/** The WHERE of a filtered list of one account's assets of one planet, with its parameters and a binder for more. */
function assetListWhere(filter: AssetListFilter): {
  where: string[];
  params: unknown[];
  bind: (value: unknown) => string;
} {
  const params: unknown[] = [filter.planet, filter.accountId];
  const where = ['planet = $1', 'account_id = $2'];
  const bind = (value: unknown): string => `$${params.push(value)}`;
  if (filter.statuses) where.push(`status = ANY (${bind(filter.statuses)}::text[])`);
  if (filter.certificateStatuses) {
    where.push(`certificate_status = ANY (${bind(filter.certificateStatuses)}::text[])`);
  }
  if (filter.createdAfter) where.push(`created_at > ${bind(filter.createdAfter)}::timestamptz`);
  if (filter.createdBefore) where.push(`created_at < ${bind(filter.createdBefore)}::timestamptz`);
  if (filter.titlePattern !== undefined) {
    const title = `title ILIKE ${bind(filter.titlePattern)}`;
    where.push(
      filter.titleOrInventoryNumber === undefined
        ? title
        : `(${title} OR inventory_number = ${bind(filter.titleOrInventoryNumber)})`,
    );
  }
  if (filter.inventoryNumber !== undefined) where.push(`inventory_number = ${bind(filter.inventoryNumber)}`);
  return { where, params, bind };
}

/**
 * One account's assets of one planet, newest first, after a keyset position. Only the filters given enter the
 * SQL, so the planner sees each query as it is: the (account_id, created_at DESC, id DESC) index walked from
 * the position, or the title's trigram index for a rare q (migration 161).
 */
export function assetListQuery(
  filter: AssetListFilter,
  page: { limit: number; after?: Position },
): { text: string; params: unknown[] } {
  const { where, params, bind } = assetListWhere(filter);
  if (page.after) {
    where.push(afterPositionSql(bind(page.after.createdAt), bind(page.after.id)));
  }
  return {
    text: `SELECT ${ASSET_COLUMNS} FROM assets WHERE ${where.join(' AND ')}
     ORDER BY created_at DESC, id DESC LIMIT ${bind(page.limit)}`,
    params,
  };
}

/** The names of the stored fields (planet and pass-through) of the filtered assets, in name order. */
export async function listAttributeNames(db: Queryable, filter: AssetListFilter): Promise<string[]> {
  const { where, params } = assetListWhere(filter);
  const rows = await queryAll<{ name: string }>(
    db,
    `SELECT DISTINCT name FROM assets, jsonb_object_keys(attributes) AS name WHERE ${where.join(' AND ')}
     ORDER BY name`,
    params,
  );
  return rows.map((row) => row.name);
}

export async function listAccountAssets(
  db: Queryable,
  filter: AssetListFilter,
  page: { limit: number; after?: Position },
): Promise<AssetRow[]> {
  const query = assetListQuery(filter, page);
  return queryAll<AssetRow>(db, query.text, query.params);
}

// A timestamptz as Date.prototype.toISOString writes it (the columns keep milliseconds: timestamptz(3)).
const isoUtc = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const jsonOf = (column: string) => `coalesce(to_json(${column})::text, 'null')`;
const FIXED_FIELDS = Object.keys(AssetRecord.properties);
const fixedMember = (field: string, value: string) => `'${JSON.stringify(field)}:' || ${value}`;
const FIXED_VALUES: Record<string, string> = {
  created_at: `'"' || ${isoUtc('created_at')} || '"'`,
  updated_at: `'"' || ${isoUtc('updated_at')} || '"'`,
  alert: `CASE WHEN alert_kind IS NULL OR alert_since IS NULL THEN 'null'
    ELSE '{"kind":' || to_json(alert_kind)::text || ',"since":"' || ${isoUtc('alert_since')} || '"}' END`,
};
// The pass-through fields after the fixed ones, in the stored order; a stored field never shadows a fixed one.
const PASS_THROUGH = `coalesce((SELECT string_agg(',' || to_json(key)::text || ':' || value::text, '')
    FROM jsonb_each(attributes) WHERE key <> ALL (ARRAY[${FIXED_FIELDS.map((field) => `'${field}'`).join(', ')}])), '')`;

/**
 * The asset record of toAssetRecord (asset-record.ts) as JSON text, written by the database: a page of 50 records
 * is then passed through as it comes instead of 50 rows parsed (their dates, their attributes) and serialised again,
 * two thirds of a list page's CPU (docs/performance.md, "Round 3: lists and ids"). test/lists/asset-record-json.test.ts
 * holds the two to the same record. With `id` and the `created_at` of the page's cursor, as text.
 */
const ASSET_RECORD_JSON_COLUMNS = `id, ${isoUtc('created_at')} AS created_at, '{' || ${FIXED_FIELDS.map(
  (field) => fixedMember(field, FIXED_VALUES[field] ?? jsonOf(field)),
).join(" || ',' || ")} || ${PASS_THROUGH} || '}' AS record`;

/** A listed asset as JSON text (ASSET_RECORD_JSON_COLUMNS). */
export interface AssetRecordJsonRow {
  id: string;
  /** As toISOString writes it. */
  created_at: string;
  record: string;
}

/** The query of listAccountAssetRecords: the page first, then its records. */
export function assetRecordPageQuery(
  filter: AssetListFilter,
  page: { limit: number; after?: Position },
): { text: string; params: unknown[] } {
  const query = assetListQuery(filter, page);
  // The page first: in one SELECT, ORDER BY created_at named the record's ISO text, and PostgreSQL sorted the whole
  // account by it instead of walking the index (4 s a page at a million in the bench).
  return {
    text: `SELECT ${ASSET_RECORD_JSON_COLUMNS} FROM (${query.text}) page ORDER BY page.created_at DESC, page.id DESC`,
    params: query.params,
  };
}

/** As listAccountAssets, each record as the JSON text the API sends. */
export async function listAccountAssetRecords(
  db: Queryable,
  filter: AssetListFilter,
  page: { limit: number; after?: Position },
): Promise<AssetRecordJsonRow[]> {
  const query = assetRecordPageQuery(filter, page);
  return queryAll<AssetRecordJsonRow>(db, query.text, query.params);
}

/**
 * A page of listed assets as an export reads it, written by the database as the text of one JSON array of arrays,
 * each: certificate number, inventory number, title, the values of `fields` in their order (null for an absent one),
 * certificate status, status, created_at, updated_at (as toISOString writes them) and id. One string a page, not a
 * parsed row per asset: the export of a million rows then stays within its memory (docs/performance.md,
 * "Inventory (issue #49)" and "Round 4: the export's memory").
 */
export async function listAccountAssetCells(
  db: Queryable,
  filter: AssetListFilter,
  fields: readonly string[],
  page: { limit: number; after?: Position },
): Promise<string> {
  const query = assetListQuery(filter, page);
  const fieldNames = `$${query.params.push(fields)}::text[]`;
  // The page first, then the rendering, as assetRecordPageQuery does, so the keyset walks the index.
  const row = await queryOne<{ cells: string }>(
    db,
    `SELECT coalesce(json_agg(json_build_array(certificate_number, inventory_number, title,
       (SELECT coalesce(jsonb_agg(page.attributes -> name ORDER BY position), '[]'::jsonb)
          FROM unnest(${fieldNames}) WITH ORDINALITY AS field(name, position)),
       certificate_status, status, ${isoUtc('created_at')}, ${isoUtc('updated_at')}, id)
       ORDER BY page.created_at DESC, page.id DESC), '[]')::text AS cells
     FROM (${query.text}) page`,
    query.params,
  );
  return row.cells;
}
