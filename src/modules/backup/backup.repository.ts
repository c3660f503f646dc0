import type { Queryable } from '../../db/database.js';

interface ColumnDefinition {
  name: string;
  type: string;
}

export interface TableDefinition {
  name: string;
  columns: ColumnDefinition[];
}

export interface SequenceValue {
  name: string;
  last_value: string;
  is_called: boolean;
}

/** Tables that hold nothing to carry: the migrations a target applies itself. */
const NOT_CARRIED = ['schema_migrations'];

function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * Every table of the schema, from the catalogue (so a table a later migration adds travels without a
 * list to keep): ordinary and partitioned tables, not partitions (their rows come through the parent),
 * with their stored columns (not generated ones) and their exact types.
 */
export async function listTables(q: Queryable): Promise<TableDefinition[]> {
  const { rows } = await q.query<{ table_name: string; columns: ColumnDefinition[] }>(
    `SELECT c.relname AS table_name,
            json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod))
                     ORDER BY a.attnum) AS columns
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND c.relname <> ALL ($1::text[])
      GROUP BY c.relname
      ORDER BY c.relname`,
    [NOT_CARRIED],
  );
  return rows.map((row) => ({ name: row.table_name, columns: row.columns }));
}

export async function listSequenceNames(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind = 'S' ORDER BY c.relname`,
  );
  return rows.map((row) => row.name);
}

export async function readSequence(q: Queryable, name: string): Promise<SequenceValue> {
  const { rows } = await q.query<{ last_value: string; is_called: boolean }>(
    `SELECT last_value::text AS last_value, is_called FROM ${ident(name)}`,
  );
  return { name, last_value: rows[0]!.last_value, is_called: rows[0]!.is_called };
}

/** The snapshot: one REPEATABLE READ, read-only transaction, its text output fixed whatever the server's settings. */
export async function beginSnapshot(tx: Queryable): Promise<string> {
  await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
  await tx.query(`SELECT set_config('TimeZone', 'UTC', true), set_config('DateStyle', 'ISO, YMD', true),
                         set_config('IntervalStyle', 'postgres', true), set_config('extra_float_digits', '3', true),
                         set_config('bytea_output', 'hex', true)`);
  const { rows } = await tx.query<{ version: string }>('SHOW server_version');
  return rows[0]!.version;
}

/** Opens a cursor over a table's rows, each a JSON array of its columns' PostgreSQL text values. */
export async function openRowCursor(tx: Queryable, table: TableDefinition, cursor: string): Promise<void> {
  const values = table.columns.map((column) => `${ident(column.name)}::text`).join(', ');
  await tx.query(
    `DECLARE ${ident(cursor)} NO SCROLL CURSOR FOR SELECT json_build_array(${values})::text AS row FROM ${ident(table.name)}`,
  );
}

export async function fetchRows(tx: Queryable, cursor: string, count: number): Promise<string[]> {
  const { rows } = await tx.query<{ row: string }>(`FETCH FORWARD ${count} FROM ${ident(cursor)}`);
  return rows.map((row) => row.row);
}

export async function closeCursor(tx: Queryable, cursor: string): Promise<void> {
  await tx.query(`CLOSE ${ident(cursor)}`);
}

/** The blobs whose rows say their bytes are files in AVS_MEDIA_DIR (docs/media.md), as the snapshot sees them. */
export async function listDirectoryMedia(q: Queryable): Promise<{ sha256: string; bytes: number }[]> {
  const { rows } = await q.query<{ exists: boolean }>(
    `SELECT to_regclass('media_blobs') IS NOT NULL AS exists`,
  );
  if (!rows[0]!.exists) return [];
  const blobs = await q.query<{ sha256: string; bytes: string }>(
    `SELECT sha256, bytes::text AS bytes FROM media_blobs WHERE storage = 'directory' ORDER BY sha256`,
  );
  return blobs.rows.map((row) => ({ sha256: row.sha256, bytes: Number(row.bytes) }));
}

export async function latestAppliedMigration(q: Queryable): Promise<number | null> {
  const { rows } = await q.query<{ exists: boolean }>(
    `SELECT to_regclass('schema_migrations') IS NOT NULL AS exists`,
  );
  if (!rows[0]!.exists) return null;
  const latest = await q.query<{ version: number | null }>(
    'SELECT max(version) AS version FROM schema_migrations',
  );
  return latest.rows[0]!.version;
}

/** The tables of those named that exist and hold at least one row. */
export async function tablesWithRows(q: Queryable, tables: readonly string[]): Promise<string[]> {
  const held: string[] = [];
  for (const table of tables) {
    const { rows } = await q.query<{ exists: boolean }>('SELECT to_regclass($1) IS NOT NULL AS exists', [
      table,
    ]);
    if (!rows[0]!.exists) continue;
    const any = await q.query(`SELECT 1 FROM ${ident(table)} LIMIT 1`);
    if (any.rows.length > 0) held.push(table);
  }
  return held;
}

/**
 * Rows go in as they are: no trigger fires (the append-only and chain-head triggers would refuse or rewrite
 * them, the log's queue trigger would queue them twice) and foreign keys are not re-checked, as pg_restore
 * does. Needs a superuser, or `GRANT SET ON PARAMETER session_replication_role` (PostgreSQL 15+).
 */
export async function disableTriggers(tx: Queryable): Promise<void> {
  await tx.query(`SELECT set_config('session_replication_role', 'replica', true)`);
}

export async function truncateTables(tx: Queryable, tables: readonly string[]): Promise<void> {
  if (tables.length === 0) return;
  await tx.query(`TRUNCATE ${tables.map(ident).join(', ')}`);
}

/** Inserts a batch: rowsJson is a JSON array of rows, each a JSON array of text values in the table's column order. */
export async function insertRows(tx: Queryable, table: TableDefinition, rowsJson: string): Promise<number> {
  const columns = table.columns.map((column) => ident(column.name)).join(', ');
  const values = table.columns.map((column, index) => `(r->>${index})::${column.type}`).join(', ');
  const result = await tx.query(
    `INSERT INTO ${ident(table.name)} (${columns}) OVERRIDING SYSTEM VALUE
     SELECT ${values} FROM json_array_elements($1::json) AS r`,
    [rowsJson],
  );
  return result.rowCount;
}

export async function setSequence(tx: Queryable, value: SequenceValue): Promise<void> {
  await tx.query('SELECT setval($1::regclass, $2::bigint, $3::boolean)', [
    ident(value.name),
    value.last_value,
    value.is_called,
  ]);
}

/** Fresh planner statistics for the loaded rows (PGlite has no autovacuum to gather them). */
export async function analyzeAll(q: Queryable): Promise<void> {
  await q.query('ANALYZE');
}
