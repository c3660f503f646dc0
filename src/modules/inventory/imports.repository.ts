import type { Queryable } from '../../db/database.js';

export type ImportState = 'validating' | 'ready' | 'importing' | 'done' | 'failed' | 'cancelled';
export type RowOutcome = 'created' | 'updated' | 'unchanged' | 'refused' | 'failed';

/** A problem of one row: the column it is in (null when the row as a whole), the error code and its sentence. */
export interface RowError {
  column: string | null;
  code: string;
  message: string;
  /** The error's template and values (AppError's): what a page needs to say the sentence in the reader's language. */
  detail?: string;
  params?: Record<string, unknown>;
}

export interface ImportRow {
  id: string;
  account_id: string;
  planet: string;
  state: ImportState;
  format: 'csv' | 'xlsx';
  header: string[];
  mapping: Record<string, string | null>;
  actor: Record<string, string>;
  only_valid: boolean;
  row_count: number;
  valid_count: number;
  error_count: number;
  created_count: number;
  updated_count: number;
  unchanged_count: number;
  refused_count: number;
  processed_count: number;
  failure: string | null;
  /** Counts the ZIPs uploaded: a validation finishes only if none came while it ran. */
  media_revision: number;
  created_at: Date;
  updated_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

export interface ImportFileRow {
  row_number: number;
  cells: string[];
  errors: RowError[];
  outcome: RowOutcome | null;
  outcome_message: string | null;
  asset_id: string | null;
}

const IMPORT_COLUMNS = `id, account_id, planet, state, format, header, mapping, actor, only_valid, row_count,
  valid_count, error_count, created_count, updated_count, unchanged_count, refused_count, processed_count, failure,
  media_revision, created_at, updated_at, started_at, finished_at`;

export async function insertImport(
  q: Queryable,
  record: Pick<
    ImportRow,
    'id' | 'account_id' | 'planet' | 'format' | 'header' | 'mapping' | 'actor' | 'row_count'
  >,
): Promise<ImportRow> {
  const { rows } = await q.query<ImportRow>(
    `INSERT INTO imports (id, account_id, planet, state, format, header, mapping, actor, row_count)
     VALUES ($1, $2, $3, 'validating', $4, $5::jsonb, $6::jsonb, $7::jsonb, $8)
     RETURNING ${IMPORT_COLUMNS}`,
    [
      record.id,
      record.account_id,
      record.planet,
      record.format,
      JSON.stringify(record.header),
      JSON.stringify(record.mapping),
      JSON.stringify(record.actor),
      record.row_count,
    ],
  );
  return rows[0]!;
}

/** The file's rows, a thousand to a statement. */
export async function insertImportRows(
  q: Queryable,
  importId: string,
  rows: readonly { rowNumber: number; cells: string[] }[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += 1000) {
    const batch = rows
      .slice(start, start + 1000)
      .map((row) => ({ row_number: row.rowNumber, cells: row.cells }));
    await q.query(
      `INSERT INTO import_rows (import_id, row_number, cells)
       SELECT $1, r.row_number, r.cells FROM jsonb_to_recordset($2::jsonb) AS r(row_number integer, cells jsonb)`,
      [importId, JSON.stringify(batch)],
    );
  }
}

export async function findImport(
  q: Queryable,
  accountId: string,
  id: string,
): Promise<ImportRow | undefined> {
  const { rows } = await q.query<ImportRow>(
    `SELECT ${IMPORT_COLUMNS} FROM imports WHERE id = $1 AND account_id = $2`,
    [id, accountId],
  );
  return rows[0];
}

/**
 * The import locked for a change of its state, or (`shared`) for a batch of its rows: batches share the import (FOR
 * KEY SHARE, as several run at once, each locking its own rows) and a change of state (start, cancel) waits for them;
 * undefined when `skipLocked` and another worker holds it.
 */
export async function lockImport(
  q: Queryable,
  id: string,
  options: { skipLocked?: boolean; shared?: boolean } = {},
): Promise<ImportRow | undefined> {
  const { rows } = await q.query<ImportRow>(
    `SELECT ${IMPORT_COLUMNS} FROM imports WHERE id = $1 FOR ${options.shared ? 'KEY SHARE' : 'UPDATE'}${options.skipLocked ? ' SKIP LOCKED' : ''}`,
    [id],
  );
  return rows[0];
}

/** Whether rows of the import are still to do (none has an outcome yet), whoever holds them. */
export async function importHasRowsToDo(q: Queryable, importId: string): Promise<boolean> {
  const { rows } = await q.query<{ to_do: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM import_rows WHERE import_id = $1 AND outcome IS NULL AND errors = '[]'::jsonb) AS to_do`,
    [importId],
  );
  return rows[0]!.to_do;
}

/** The account's imports, newest first (ids are time-ordered), after the id of the last one seen. */
export async function listImportRows(
  q: Queryable,
  accountId: string,
  options: { limit: number; afterId?: string },
): Promise<ImportRow[]> {
  const { rows } = await q.query<ImportRow>(
    `SELECT ${IMPORT_COLUMNS} FROM imports
      WHERE account_id = $1 AND ($2::uuid IS NULL OR id < $2::uuid)
      ORDER BY id DESC LIMIT $3`,
    [accountId, options.afterId ?? null, options.limit],
  );
  return rows;
}

/** The imports with work to do (validation or rows to import), oldest first. */
export async function importsWithWork(
  q: Queryable,
  limit: number,
): Promise<{ id: string; state: ImportState }[]> {
  const { rows } = await q.query<{ id: string; state: ImportState }>(
    `SELECT id, state FROM imports WHERE state IN ('validating', 'importing') ORDER BY id LIMIT $1`,
    [limit],
  );
  return rows;
}

/** A change of an import's state; `from`, when given, makes it only from that state. */
interface ImportStateChange {
  state: ImportState;
  onlyValid?: boolean;
  failure?: string;
  mapping?: Record<string, string | null>;
  /** A ZIP of images came: a validation under way will not make the import ready. */
  mediaChanged?: boolean;
  /** Changed only from this state: two batches that both find no row left end the import once. */
  from?: ImportState;
}

export async function setImportState(
  q: Queryable,
  id: string,
  change: ImportStateChange & { from: ImportState },
): Promise<ImportRow | undefined>;
export async function setImportState(q: Queryable, id: string, change: ImportStateChange): Promise<ImportRow>;
export async function setImportState(
  q: Queryable,
  id: string,
  change: ImportStateChange,
): Promise<ImportRow | undefined> {
  const { rows } = await q.query<ImportRow>(
    `UPDATE imports SET state = $2, only_valid = coalesce($3, only_valid), failure = coalesce($4, failure),
            mapping = coalesce($5::jsonb, mapping), updated_at = now(),
            media_revision = media_revision + CASE WHEN $6 THEN 1 ELSE 0 END,
            -- Validated again: the counts of the last validation no longer hold.
            valid_count = CASE WHEN $2 = 'validating' THEN 0 ELSE valid_count END,
            error_count = CASE WHEN $2 = 'validating' THEN 0 ELSE error_count END,
            refused_count = CASE WHEN $2 = 'validating' THEN 0 ELSE refused_count END,
            started_at = CASE WHEN $2 = 'importing' THEN now() ELSE started_at END,
            finished_at = CASE WHEN $2 IN ('done', 'failed', 'cancelled') THEN now() ELSE finished_at END
      WHERE id = $1 AND ($7::text IS NULL OR state = $7) RETURNING ${IMPORT_COLUMNS}`,
    [
      id,
      change.state,
      change.onlyValid ?? null,
      change.failure ?? null,
      change.mapping ? JSON.stringify(change.mapping) : null,
      change.mediaChanged ?? false,
      change.from ?? null,
    ],
  );
  if (rows[0] && ['done', 'failed', 'cancelled'].includes(change.state)) await forgetImportImages(q, id);
  return rows[0];
}

// An ended import's images go: they were kept only to be attached.
async function forgetImportImages(q: Queryable, id: string): Promise<void> {
  await q.query(`DELETE FROM import_media WHERE import_id = $1`, [id]);
}

/** The rows of an import in order, a page at a time, from a row number on. */
export async function importFileRows(
  q: Queryable,
  importId: string,
  options: {
    fromRow: number;
    limit: number;
    onlyToDo?: boolean;
    onlyWithProblems?: boolean;
    /** A batch's rows: locked, past the ones another batch holds. */
    lockSkipLocked?: boolean;
  },
): Promise<ImportFileRow[]> {
  const { rows } = await q.query<ImportFileRow>(
    `SELECT row_number, cells, errors, outcome, outcome_message, asset_id FROM import_rows
      WHERE import_id = $1 AND row_number >= $2
        AND (NOT $4 OR (outcome IS NULL AND errors = '[]'::jsonb))
        AND (NOT $5 OR errors <> '[]'::jsonb OR outcome = 'failed' OR outcome = 'refused')
      ORDER BY row_number LIMIT $3${options.lockSkipLocked ? ' FOR UPDATE SKIP LOCKED' : ''}`,
    [importId, options.fromRow, options.limit, options.onlyToDo ?? false, options.onlyWithProblems ?? false],
  );
  return rows;
}

/** Validation's findings for a page of rows; an outcome of a past run is cleared (a new mapping validates again). */
export async function setRowErrors(
  q: Queryable,
  importId: string,
  rows: readonly { row_number: number; errors: RowError[] }[],
): Promise<void> {
  await q.query(
    `UPDATE import_rows t SET errors = r.errors, outcome = NULL, outcome_message = NULL
       FROM jsonb_to_recordset($2::jsonb) AS r(row_number integer, errors jsonb)
      WHERE t.import_id = $1 AND t.row_number = r.row_number`,
    [importId, JSON.stringify(rows)],
  );
}

/** Validation's counts, and the import ready to start, unless a ZIP came since it began (`mediaRevision`). */
export async function finishValidation(
  q: Queryable,
  id: string,
  counts: { valid: number; errors: number; refused: number },
  mediaRevision: number,
): Promise<void> {
  await q.query(
    `UPDATE imports SET state = 'ready', valid_count = $2, error_count = $3, refused_count = $4, updated_at = now()
      WHERE id = $1 AND state = 'validating' AND media_revision = $5`,
    [id, counts.valid, counts.errors, counts.refused, mediaRevision],
  );
}

/** What the import did to a batch of rows, and the counts that go with it: committed with the assets' changes. */
export async function recordRowOutcomes(
  q: Queryable,
  importId: string,
  outcomes: readonly {
    row_number: number;
    outcome: RowOutcome;
    message: string | null;
    asset_id: string | null;
  }[],
): Promise<void> {
  if (outcomes.length === 0) return;
  await q.query(
    `UPDATE import_rows t SET outcome = r.outcome, outcome_message = r.message, asset_id = r.asset_id
       FROM jsonb_to_recordset($2::jsonb) AS r(row_number integer, outcome text, message text, asset_id uuid)
      WHERE t.import_id = $1 AND t.row_number = r.row_number`,
    [importId, JSON.stringify(outcomes)],
  );
  const count = (outcome: RowOutcome) => outcomes.filter((row) => row.outcome === outcome).length;
  await q.query(
    `UPDATE imports SET created_count = created_count + $2, updated_count = updated_count + $3,
            unchanged_count = unchanged_count + $4, refused_count = refused_count + $5,
            error_count = error_count + $6, processed_count = processed_count + $7, updated_at = now()
      WHERE id = $1`,
    [
      importId,
      count('created'),
      count('updated'),
      count('unchanged'),
      count('refused'),
      count('failed'),
      outcomes.length,
    ],
  );
}
