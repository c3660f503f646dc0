// Rows copied in SQL for the ceilings' replays (transfer-pool.ts, import-ceiling.ts): each table's columns as they
// are, but for the ones a copy changes, so that a copy follows the schema without a list of its columns here.
import type pg from 'pg';

// Generated columns cannot be written: a copy names the others.
async function writableColumns(client: pg.Client, table: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT column_name AS name FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER' ORDER BY ordinal_position`,
    [table],
  );
  if (rows.length === 0) throw new Error(`no table ${table}`);
  return rows.map((row) => row.name);
}

/**
 * Copies the rows of `table` that `where` picks (it names them `t`), `copies` times each (the copy's number is `n`),
 * with the `changed` columns given as SQL expressions over `t`, `n` and `params`.
 */
export async function copyRows(
  client: pg.Client,
  copy: { table: string; where: string; params: unknown[]; changed: Record<string, string>; copies?: number },
): Promise<void> {
  const columns = await writableColumns(client, copy.table);
  for (const column of Object.keys(copy.changed)) {
    if (!columns.includes(column)) throw new Error(`${copy.table} has no column ${column}`);
  }
  const values = columns.map((column) => copy.changed[column] ?? `t.${column}`);
  const copiesParam = `$${copy.params.length + 1}::int`;
  await client.query(
    `INSERT INTO ${copy.table} (${columns.join(', ')})
     SELECT ${values.join(', ')} FROM ${copy.table} t, generate_series(1, ${copiesParam}) n WHERE ${copy.where}`,
    [...copy.params, copy.copies ?? 1],
  );
}
