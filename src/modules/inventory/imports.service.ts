import type { TSchema } from '@sinclair/typebox';
import type { Database, DatabaseKind, Queryable } from '../../db/database.js';
import { AppError } from '../../errors/error-catalogue.js';
import { timeOrderedId } from '../../lib/time-ordered-id.js';
import { pick } from '../../lib/records.js';
import { isUuid } from '../../lib/uuid.js';
import { planets, type PlanetId } from '../../planets/planets.js';
import { parseAssetBody, typedValue } from '../assets/asset-input.js';
import { assertCanUpdate } from '../assets/asset-states.js';
import { planetCreateBodies, planetUpdateBodies } from '../assets/assets.schemas.js';
import {
  checkCreateInput,
  createAssets,
  ownAssetsById,
  ownAssetsByInventoryNumber,
  updateAsset,
  type AssetRow,
} from '../assets/assets.service.js';
import { recordAudit, type AuditAction, type AuditActor } from '../audit/audit.service.js';
import { listMembers } from '../members/members.service.js';
import type { Principal } from '../principal/principal.js';
import { IMAGES_FIELD, importColumns, type ImportColumn } from './import-columns.js';
import {
  attachRowImages,
  imageErrorsOfRow,
  imageNamesOfRow,
  importImageIndex,
  keepZipImages,
  prepareZipImages,
} from './import-images.js';
import { readImportFile, type ImportFormat } from './import-file.js';
import {
  finishValidation,
  findImport,
  importFileRows,
  importHasRowsToDo,
  importsWithWork,
  insertImport,
  insertImportRows,
  listImportRows,
  lockImport,
  recordRowOutcomes,
  setImportState,
  setRowErrors,
  type ImportRow,
  type ImportState,
  type RowError,
  type RowOutcome,
} from './imports.repository.js';
import { storedCellText } from './inventory-export.service.js';
import type {
  ImportErrorsPageType,
  ImportMediaUploadType,
  ImportPageType,
  ImportRecordType,
} from './imports.schemas.js';
import type { MediaStores } from '../media/media.service.js';
import type { ImageDecoder } from '../media/media-processing.js';

/**
 * The API's own check of a body against a route's schema (src/plugins/schema-check.ts), handed in by the caller: a
 * row is refused as POST or PATCH /api/v1/assets/{planet} would refuse it, with the same sentence.
 */
export type RouteSchemaCheck = (schema: TSchema, body: unknown) => void;

/** What an import's batches need beside the database: the route's schema check, and where images are stored. */
export interface ImportWork {
  check: RouteSchemaCheck;
  mediaStores: MediaStores;
}

/** Rows validated or imported together: each batch of an import is one transaction. */
const VALIDATION_PAGE = 1000;
// A batch's fixed cost (its lock, reads, outcomes and commit) shared by 500 rows on PostgreSQL (docs/performance.md,
// "Inventory (issue #49)"); on PGlite, which answers in the service's thread, 100 keep each turn short for requests.
export const IMPORT_BATCH: Readonly<Record<DatabaseKind, number>> = { postgres: 500, pglite: 100 };
/**
 * Batches of one import a worker runs at once: on PostgreSQL two, so that one is read and built while the database
 * writes the other (docs/performance.md, "Round 4: two batches of an import in flight"); PGlite has one connection.
 */
export const IMPORT_BATCHES_IN_FLIGHT: Readonly<Record<DatabaseKind, number>> = { postgres: 2, pglite: 1 };

function notFound(): AppError {
  return new AppError('import_not_found');
}

/** The key or member an import acts as, kept with it: the worker acts for them after the request has gone. */
function actorOf(principal: Principal): Record<string, string> {
  return 'apiKeyId' in principal
    ? { api_key_id: principal.apiKeyId }
    : { member_id: principal.memberId, role: principal.role };
}

function principalOf(record: ImportRow): Principal {
  const base = { accountId: record.account_id, planetScope: [] };
  const { api_key_id, member_id, role } = record.actor;
  return api_key_id
    ? { ...base, apiKeyId: api_key_id }
    : { ...base, memberId: member_id!, role: role as 'owner' | 'editor' };
}

function auditActorOf(principal: Principal): AuditActor {
  return 'apiKeyId' in principal ? { apiKeyId: principal.apiKeyId } : { memberId: principal.memberId };
}

/** An import's step in the account's audit log, in the step's transaction. */
async function auditImport(
  tx: Queryable,
  principal: Principal,
  action: AuditAction,
  target: Record<string, unknown>,
): Promise<void> {
  await recordAudit(tx, { accountId: principal.accountId, actor: auditActorOf(principal), action, target });
}

function toImportRecord(row: ImportRow): ImportRecordType {
  return {
    ...pick(row, 'id', 'planet', 'state', 'format', 'only_valid', 'failure'),
    columns: importColumns(row.planet as PlanetId, row.header, row.mapping).map(({ header, field }) => ({
      header,
      field,
    })),
    counts: {
      rows: row.row_count,
      valid: row.valid_count,
      errors: row.error_count,
      created: row.created_count,
      updated: row.updated_count,
      unchanged: row.unchanged_count,
      refused: row.refused_count,
      processed: row.processed_count,
    },
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    started_at: row.started_at?.toISOString() ?? null,
    finished_at: row.finished_at?.toISOString() ?? null,
  };
}

/** The file read and kept, one row per row, to be validated in the background (state `validating`). */
export async function uploadImport(
  db: Database,
  principal: Principal,
  planet: PlanetId,
  file: { bytes: Buffer; format: ImportFormat; mapping?: Record<string, string | null> },
): Promise<ImportRecordType> {
  const sheet = await readImportFile(file.bytes, file.format);
  const mapping = file.mapping ?? {};
  // A mapping that names no column of the file, or fills one field twice, is refused before anything is kept.
  importColumns(planet, sheet.header, mapping);
  const id = timeOrderedId();
  const row = await db.transaction(async (tx) => {
    const inserted = await insertImport(tx, {
      id,
      account_id: principal.accountId,
      planet,
      format: file.format,
      header: sheet.header,
      mapping,
      actor: actorOf(principal),
      row_count: sheet.rows.length,
    });
    await insertImportRows(tx, id, sheet.rows);
    await auditImport(tx, principal, 'import.uploaded', { import_id: id, planet, rows: sheet.rows.length });
    return inserted;
  });
  return toImportRecord(row);
}

async function ownImport(db: Queryable, principal: Principal, id: string): Promise<ImportRow> {
  const row = isUuid(id) ? await findImport(db, principal.accountId, id) : undefined;
  if (!row) throw notFound();
  return row;
}

/** The caller's import, locked for a change of its state (404 when it is another account's). */
async function lockOwnImport(tx: Queryable, principal: Principal, id: string): Promise<ImportRow> {
  await ownImport(tx, principal, id);
  return (await lockImport(tx, id))!;
}

export async function getImport(db: Queryable, principal: Principal, id: string): Promise<ImportRecordType> {
  return toImportRecord(await ownImport(db, principal, id));
}

/** The account's imports, newest first, a page at a time (the cursor is the last id seen). */
export async function listImports(
  db: Queryable,
  principal: Principal,
  query: { limit?: number; cursor?: string },
): Promise<ImportPageType> {
  const limit = query.limit ?? 20;
  if (query.cursor !== undefined && !isUuid(query.cursor))
    throw new AppError('validation_failed', 'bad_cursor');
  const rows = await listImportRows(db, principal.accountId, { limit: limit + 1, afterId: query.cursor });
  const page = rows.slice(0, limit);
  return {
    data: page.map(toImportRecord),
    has_more: rows.length > limit,
    next_cursor: rows.length > limit ? page[page.length - 1]!.id : null,
  };
}

/** An import's problems by row: validation's errors, then rows refused or failed while importing. */
export async function listImportErrors(
  db: Queryable,
  principal: Principal,
  id: string,
  query: { limit?: number; cursor?: string },
): Promise<ImportErrorsPageType> {
  const page = await listImportProblems(db, principal, id, query);
  return {
    ...page,
    data: page.data.map(({ row, column, code, message }) => ({ row, column, code, message })),
  };
}

/** listImportErrors with each problem's template and values, for a page that says it in the reader's language. */
export async function listImportProblems(
  db: Queryable,
  principal: Principal,
  id: string,
  query: { limit?: number; cursor?: string },
): Promise<Omit<ImportErrorsPageType, 'data'> & { data: ImportProblem[] }> {
  await ownImport(db, principal, id);
  const limit = query.limit ?? 100;
  const fromRow = query.cursor === undefined ? 0 : Number(query.cursor);
  if (!Number.isSafeInteger(fromRow) || fromRow < 0) throw new AppError('validation_failed', 'bad_cursor');
  const rows = await importFileRows(db, id, { fromRow, limit: limit + 1, onlyWithProblems: true });
  const page = rows.slice(0, limit);
  return {
    data: page.flatMap((row) => problemsOf(row)),
    has_more: rows.length > limit,
    next_cursor: rows.length > limit ? String(rows[limit]!.row_number) : null,
  };
}

/** The file's first rows as read (the header aside), for a page to show beside the mapping. */
export async function firstImportRows(
  db: Queryable,
  principal: Principal,
  id: string,
  count: number,
): Promise<{ row: number; cells: string[] }[]> {
  await ownImport(db, principal, id);
  const rows = await importFileRows(db, id, { fromRow: 0, limit: count });
  return rows.map((row) => ({ row: row.row_number, cells: row.cells }));
}

/** A row's problem as stored: the API's four fields, and the template and values a page says it with. */
export type ImportProblem = ImportErrorsPageType['data'][number] & Pick<RowError, 'detail' | 'params'>;

function problemsOf(row: {
  row_number: number;
  errors: RowError[];
  outcome: RowOutcome | null;
  outcome_message: string | null;
}): ImportProblem[] {
  const found: ImportProblem[] = row.errors.map((error) => ({ row: row.row_number, ...error }));
  if (row.errors.length === 0 && row.outcome_message)
    found.push({
      row: row.row_number,
      column: null,
      code: row.outcome ?? 'failed',
      message: row.outcome_message,
    });
  return found;
}

/** Starts a ready import; one with errors only when asked to import its valid rows alone (`only_valid`). */
export async function startImport(
  tx: Queryable,
  principal: Principal,
  id: string,
  options: { onlyValid?: boolean },
): Promise<ImportRecordType> {
  const locked = await lockOwnImport(tx, principal, id);
  if (locked.state !== 'ready') throw new AppError('import_not_startable', 'state', { state: locked.state });
  if (locked.error_count > 0 && !options.onlyValid)
    throw new AppError('import_not_startable', 'has_errors', { count: locked.error_count });
  await auditImport(tx, principal, 'import.started', { import_id: id, planet: locked.planet });
  return toImportRecord(
    await setImportState(tx, id, { state: 'importing', onlyValid: options.onlyValid ?? false }),
  );
}

/** Stops an import before its next batch; rows already imported stay. */
export async function cancelImport(
  tx: Queryable,
  principal: Principal,
  id: string,
): Promise<ImportRecordType> {
  const locked = await lockOwnImport(tx, principal, id);
  if (!['validating', 'ready', 'importing'].includes(locked.state))
    throw new AppError('import_not_changeable', 'state', { state: locked.state });
  await auditImport(tx, principal, 'import.cancelled', { import_id: id, planet: locked.planet });
  return toImportRecord(await setImportState(tx, id, { state: 'cancelled' }));
}

/** A new mapping for a ready import: validated again before it may start. */
export async function changeImportMapping(
  tx: Queryable,
  principal: Principal,
  id: string,
  mapping: Record<string, string | null>,
): Promise<ImportRecordType> {
  const locked = await lockOwnImport(tx, principal, id);
  // Not while validating: a validation running with the old mapping would make the import ready with stale errors.
  if (locked.state !== 'ready') throw new AppError('import_not_changeable', 'state', { state: locked.state });
  importColumns(locked.planet as PlanetId, locked.header, mapping);
  return toImportRecord(await setImportState(tx, id, { state: 'validating', mapping }));
}

/** A ZIP of images is taken while the import is validated or ready, not once it has started or ended. */
function assertTakesMedia(state: ImportState): void {
  if (state !== 'validating' && state !== 'ready')
    throw new AppError('import_not_changeable', 'state', { state });
}

/** Whether a ZIP of images may be sent to the import now (404, 409): asked before the body is read. */
export async function checkImportTakesMedia(db: Queryable, principal: Principal, id: string): Promise<void> {
  assertTakesMedia((await ownImport(db, principal, id)).state);
}

/**
 * A ZIP of the import's images: each file through the media rules, kept with the import (a name sent before is
 * replaced), and the import validated again so its rows' counts say which images are missing or refused.
 */
export async function uploadImportMedia(
  db: Database,
  principal: Principal,
  id: string,
  zip: Buffer,
  options: { public: boolean; maxBytes: number; decoder: ImageDecoder },
): Promise<ImportMediaUploadType> {
  await checkImportTakesMedia(db, principal, id);
  const files = await prepareZipImages(zip, options);
  const record = await db.transaction(async (tx) => {
    const locked = (await lockImport(tx, id))!;
    assertTakesMedia(locked.state);
    await keepZipImages(tx, id, files);
    await auditImport(tx, principal, 'import.media_uploaded', {
      import_id: id,
      planet: locked.planet,
      files: files.length,
    });
    return setImportState(tx, id, { state: 'validating', mediaChanged: true });
  });
  return {
    import: toImportRecord(record),
    files: files.map((file) => ({
      file: file.file_name,
      kept: file.error_code === null,
      code: file.error_code,
      message: file.error_message,
    })),
  };
}

/** What a row does to the account's assets. */
type RowPlan =
  | { kind: 'create'; body: Record<string, unknown> }
  | { kind: 'update'; asset: AssetRow; body: Record<string, unknown> }
  | { kind: 'unchanged'; asset: AssetRow }
  | { kind: 'refused'; asset: AssetRow };

/** How a planet field's text becomes the JSON value the API takes: a number field's figures a number. */
function fieldValue(planet: PlanetId, field: string, text: string): unknown {
  const schema = (planets[planet].fields as Record<string, TSchema>)[field];
  return schema ? typedValue({ kind: String(schema.type) }, text.trim()) : text;
}

function inventoryNumberOf(columns: readonly ImportColumn[], cells: readonly string[]): string | undefined {
  const column = columns.find((candidate) => candidate.field === 'inventory_number');
  const value = column ? (cells[column.index] ?? '').trim() : '';
  return value === '' ? undefined : value;
}

/** The `id` an exported row carries: a row without an inventory number is found again by it. */
function assetIdOf(columns: readonly ImportColumn[], cells: readonly string[]): string | undefined {
  const column = columns.find((candidate) => candidate.field === null && candidate.header.trim() === 'id');
  const value = column ? (cells[column.index] ?? '').trim() : '';
  return value === '' ? undefined : value;
}

/** The assets a page of rows may update, found by inventory number, or by exported `id` for a row without one. */
async function existingAssets(
  db: Queryable,
  record: ImportRow,
  columns: readonly ImportColumn[],
  rows: readonly { cells: string[] }[],
): Promise<ExistingAssets> {
  const planet = record.planet as PlanetId;
  const numbers = rows.flatMap((row) => inventoryNumberOf(columns, row.cells) ?? []);
  const ids = rows.flatMap((row) =>
    inventoryNumberOf(columns, row.cells) === undefined ? (assetIdOf(columns, row.cells) ?? []) : [],
  );
  return {
    byNumber: await ownAssetsByInventoryNumber(db, record.account_id, planet, numbers),
    byId: await ownAssetsById(db, record.account_id, planet, ids),
  };
}

interface ExistingAssets {
  byNumber: Map<string, AssetRow>;
  byId: Map<string, AssetRow>;
}

/** The asset a row stands for: by its inventory number when it has one, else by its exported `id`. */
function assetOfRow(
  columns: readonly ImportColumn[],
  cells: readonly string[],
  existing: ExistingAssets,
): AssetRow | undefined {
  const number = inventoryNumberOf(columns, cells);
  if (number !== undefined) return existing.byNumber.get(number);
  const id = assetIdOf(columns, cells);
  return id === undefined ? undefined : existing.byId.get(id);
}

/** A create's body: every filled cell by its field, an empty cell left out. */
function createBody(planet: PlanetId, columns: readonly ImportColumn[], cells: readonly string[]) {
  const body: Record<string, unknown> = {};
  for (const { field, index } of columns) {
    const text = cells[index] ?? '';
    if (field === null || field === IMAGES_FIELD || text.trim() === '') continue;
    body[field] = field === 'title' || field === 'inventory_number' ? text : fieldValue(planet, field, text);
  }
  return body;
}

/**
 * An update's body: only the cells that differ from the asset. A cell reading as the export writes the stored
 * value is the same value (1975 stored, "1975" in a CSV); an emptied cell removes its field.
 */
function updateBody(
  planet: PlanetId,
  columns: readonly ImportColumn[],
  cells: readonly string[],
  asset: AssetRow,
) {
  const body: Record<string, unknown> = {};
  for (const { field, index } of columns) {
    if (field === null || field === 'inventory_number' || field === IMAGES_FIELD) continue;
    const text = cells[index] ?? '';
    const stored = field === 'title' ? asset.title : asset.attributes[field];
    if (storedCellText(stored) === text) continue;
    if (field === 'title') {
      if (text.trim() !== asset.title) body.title = text;
      continue;
    }
    if (text.trim() === '') {
      if (stored !== undefined && stored !== null) body[field] = null;
      continue;
    }
    const value = fieldValue(planet, field, text);
    if (JSON.stringify(value) !== JSON.stringify(stored)) body[field] = value;
  }
  return body;
}

function planRow(
  planet: PlanetId,
  columns: readonly ImportColumn[],
  cells: readonly string[],
  asset: AssetRow | undefined,
): RowPlan {
  if (!asset) return { kind: 'create', body: createBody(planet, columns, cells) };
  const body = updateBody(planet, columns, cells, asset);
  if (Object.keys(body).length === 0) return { kind: 'unchanged', asset };
  try {
    assertCanUpdate(asset);
  } catch {
    return { kind: 'refused', asset };
  }
  return { kind: 'update', asset, body };
}

/** The checks of a create or a PATCH on the row's body: the route's schema, then the service's own. */
function checkPlan(planet: PlanetId, plan: RowPlan, check: RouteSchemaCheck): void {
  if (plan.kind === 'create') {
    check(planetCreateBodies[planet], plan.body);
    checkCreateInput(planet, plan.body);
  } else if (plan.kind === 'update') {
    check(planetUpdateBodies[planet], plan.body);
    parseAssetBody(plan.body, 'update');
  }
}

/** A refusal as a row's error: the column of the field it names (else the field's name), and its sentence. */
function rowError(error: unknown, columns: readonly ImportColumn[]): RowError {
  if (!(error instanceof AppError)) throw error;
  const named = (error.params as { field?: unknown }).field;
  const field = typeof named === 'string' ? named.split('.')[0] : undefined;
  const column = columns.find((candidate) => candidate.field === field)?.header ?? field ?? null;
  return { column, ...storedError(error as AppError) };
}

/** An error as a row keeps it: its code and English sentence (the API's), its template and values (a page's). */
function storedError(error: AppError): Omit<RowError, 'column'> {
  return {
    code: error.code,
    message: error.message,
    ...(error.detail === undefined ? {} : { detail: error.detail }),
    params: { ...error.params },
  };
}

/** What validation finds in one row, beside what earlier rows said (`seen`: inventory number → its first row). */
function validateRow(
  planet: PlanetId,
  columns: readonly ImportColumn[],
  row: { row_number: number; cells: string[] },
  existing: ExistingAssets,
  seen: Map<string, number>,
  check: RouteSchemaCheck,
): RowError[] {
  const number = inventoryNumberOf(columns, row.cells);
  const numberColumn = columns.find((column) => column.field === 'inventory_number')?.header ?? null;
  if (number !== undefined) {
    const first = seen.get(number);
    if (first !== undefined) {
      const repeated = new AppError('import_row_repeated', 'row', { row: first });
      return [{ column: numberColumn, ...storedError(repeated) }];
    }
    seen.set(number, row.row_number);
  }
  const plan = planRow(planet, columns, row.cells, assetOfRow(columns, row.cells, existing));
  if (plan.kind === 'refused') {
    const refused = new AppError('import_row_issued');
    return [{ column: numberColumn, ...storedError(refused) }];
  }
  try {
    checkPlan(planet, plan, check);
    return [];
  } catch (error) {
    return [rowError(error, columns)];
  }
}

/** Validates every row of a `validating` import, a page at a time, and makes it `ready` with its counts. */
export async function validateImport(db: Database, id: string, check: RouteSchemaCheck): Promise<void> {
  const record = await lockImport(db, id);
  if (!record || record.state !== 'validating') return;
  const planet = record.planet as PlanetId;
  const columns = importColumns(planet, record.header, record.mapping);
  const seen = new Map<string, number>();
  const images = await importImageIndex(db, id);
  const counts = { valid: 0, errors: 0, refused: 0 };
  for (let fromRow = 0; ;) {
    const rows = await importFileRows(db, id, { fromRow, limit: VALIDATION_PAGE });
    if (rows.length === 0) break;
    const existing = await existingAssets(db, record, columns, rows);
    const found = rows.map((row) => ({
      row_number: row.row_number,
      errors: [
        ...validateRow(planet, columns, row, existing, seen, check),
        ...imageErrorsOfRow(columns, row.cells, images),
      ],
    }));
    for (const { errors } of found) {
      if (errors.length === 0) counts.valid += 1;
      else if (errors.some((error) => error.code === 'import_row_issued')) counts.refused += 1;
      else counts.errors += 1;
    }
    await setRowErrors(db, id, found);
    fromRow = rows[rows.length - 1]!.row_number + 1;
  }
  await finishValidation(db, id, counts, record.media_revision);
}

type Outcome = { row_number: number; outcome: RowOutcome; message: string | null; asset_id: string | null };
/** A checked create, written with the batch's other creates in one statement; its images follow it. */
type PendingCreate = { row_number: number; body: Record<string, unknown>; images: readonly string[] };

/** Whether the asset's certificate is still pending: its fields and images may change. */
function isChangeable(asset: AssetRow): boolean {
  try {
    assertCanUpdate(asset);
    return true;
  } catch {
    return false;
  }
}

/**
 * Applies one row's plan in the batch's transaction: an update through the PATCH path, then the images the row names,
 * as the media API adds them; a create is checked and left to the batch (createAssets, the create path for several).
 * A pending asset the row leaves as it is still gets the images it lacks (an `updated` row); an issued one's images
 * change only through a correction.
 */
async function applyRow(
  tx: Queryable,
  record: ImportRow,
  columns: readonly ImportColumn[],
  row: { row_number: number; cells: string[] },
  existing: ExistingAssets,
  work: ImportWork,
): Promise<Outcome | PendingCreate> {
  const planet = record.planet as PlanetId;
  const plan = planRow(planet, columns, row.cells, assetOfRow(columns, row.cells, existing));
  const outcome = (outcome: RowOutcome, assetId: string | null, message: string | null = null): Outcome => ({
    row_number: row.row_number,
    outcome,
    message,
    asset_id: assetId,
  });
  if (plan.kind === 'refused')
    return outcome('refused', plan.asset.id, new AppError('import_row_issued').message);
  const principal = principalOf(record);
  const images = imageNamesOfRow(columns, row.cells);
  const attach = (assetId: string, isNew: boolean) =>
    attachRowImages(tx, work.mediaStores, principal, { importId: record.id, planet, assetId, isNew }, images);
  if (plan.kind === 'unchanged') {
    const added = isChangeable(plan.asset) ? await attach(plan.asset.id, false) : 0;
    return outcome(added > 0 ? 'updated' : 'unchanged', plan.asset.id);
  }
  try {
    checkPlan(planet, plan, work.check);
  } catch (error) {
    return outcome('failed', null, rowError(error, columns).message);
  }
  if (plan.kind === 'create') return { row_number: row.row_number, body: plan.body, images };
  await updateAsset(tx, principal, planet, plan.asset.id, plan.body);
  await attach(plan.asset.id, false);
  return outcome('updated', plan.asset.id);
}

/**
 * Imports the next rows of an `importing` import in one transaction: each row's asset change and its outcome commit
 * together, so a restart resumes at the first row without one. Answers whether rows remain; the last batch makes
 * the import `done`.
 */
export async function importNextBatch(
  db: Database,
  id: string,
  work: ImportWork,
  size: number = IMPORT_BATCH[db.kind],
): Promise<boolean> {
  try {
    return await db.transaction((tx) => importBatchIn(tx, id, work, size));
  } catch (error) {
    if (size === 1) {
      // A row the database refuses (a number taken meanwhile) fails alone, said with its sentence.
      await db.transaction((tx) => failNextRow(tx, id, error));
      return true;
    }
    // Row by row, so the one the database refuses fails alone and the others go in.
    for (let done = 0; done < size; done += 1) if (!(await importNextBatch(db, id, work, 1))) return false;
    return true;
  }
}

async function importBatchIn(tx: Queryable, id: string, work: ImportWork, size: number): Promise<boolean> {
  const record = await lockImport(tx, id, { skipLocked: true, shared: true });
  if (!record || record.state !== 'importing') return false;
  const rows = await importFileRows(tx, id, {
    fromRow: 0,
    limit: size,
    onlyToDo: true,
    lockSkipLocked: true,
  });
  if (rows.length === 0) {
    // The last rows may be another batch's, not yet committed: the import is done when none is left at all.
    if (!(await importHasRowsToDo(tx, id)))
      await setImportState(tx, id, { state: 'done', from: 'importing' });
    return false;
  }
  const planet = record.planet as PlanetId;
  const columns = importColumns(planet, record.header, record.mapping);
  const existing = await existingAssets(tx, record, columns, rows);
  const applied: (Outcome | PendingCreate)[] = [];
  for (const row of rows) applied.push(await applyRow(tx, record, columns, row, existing, work));
  // The batch's creates in one statement: a round trip for all of them rather than one each.
  const pending = applied.filter((step): step is PendingCreate => 'body' in step);
  const principal = principalOf(record);
  const created = await createAssets(
    tx,
    principal,
    planet,
    pending.map((step) => step.body),
  );
  const createdIds = new Map<number, string>();
  for (const [index, step] of pending.entries()) {
    const assetId = created[index]!;
    createdIds.set(step.row_number, assetId);
    const target = { importId: record.id, planet, assetId, isNew: true };
    await attachRowImages(tx, work.mediaStores, principal, target, step.images);
  }
  const outcomes = applied.map((step): Outcome =>
    'body' in step
      ? {
          row_number: step.row_number,
          outcome: 'created',
          message: null,
          asset_id: createdIds.get(step.row_number)!,
        }
      : step,
  );
  await recordRowOutcomes(tx, id, outcomes);
  return true;
}

async function failNextRow(tx: Queryable, id: string, error: unknown): Promise<void> {
  const [row] = await importFileRows(tx, id, { fromRow: 0, limit: 1, onlyToDo: true, lockSkipLocked: true });
  if (!row) return;
  const message = error instanceof AppError ? error.message : new AppError('asset_create_failed').message;
  await recordRowOutcomes(tx, id, [
    { row_number: row.row_number, outcome: 'failed', message, asset_id: null },
  ]);
}

/** The imports with work to do (rows to validate or to import), oldest first. */
export async function importsWithWorkToDo(db: Queryable): Promise<{ id: string; state: ImportState }[]> {
  return importsWithWork(db, 10);
}

/** An import whose validation broke on something other than a row (a fault of the service): said, and ended. */
export async function failImport(db: Queryable, id: string, failure: string): Promise<void> {
  await setImportState(db, id, { state: 'failed', failure });
}

/** What an operator's import (`avs import`) ends with: the import, its errors by row, and whether it ran. */
export interface OperatorImportResult {
  record: ImportRecordType;
  errors: ImportErrorsPageType['data'];
}

/**
 * `avs import`: the file imported for the account by the operator, in this process, as the account's first active
 * owner (the history names that member). Validated, then (unless a dry run, which cancels it) its valid rows
 * imported batch by batch, `onProgress` told after each. Another process's worker may share the batches.
 */
export async function importForAccount(
  db: Database,
  request: {
    accountId: string;
    planet: PlanetId;
    file: { bytes: Buffer; format: ImportFormat };
    dryRun: boolean;
    work: ImportWork;
    onProgress: (record: ImportRecordType) => void;
  },
): Promise<OperatorImportResult> {
  const owner = (await listMembers(db, request.accountId, { admin: true })).find(
    (member) => member.role === 'owner' && member.status === 'active',
  );
  if (!owner) throw new AppError('import_not_startable', 'no_owner');
  const principal: Principal = {
    accountId: request.accountId,
    planetScope: [],
    memberId: owner.id,
    role: 'owner',
  };
  const uploaded = await uploadImport(db, principal, request.planet, request.file);
  await validateImport(db, uploaded.id, request.work.check);
  const errorsOfImport = async () => {
    const found: ImportErrorsPageType['data'] = [];
    for (let cursor: string | undefined; ;) {
      const page = await listImportErrors(db, principal, uploaded.id, { limit: 1000, cursor });
      found.push(...page.data);
      if (!page.next_cursor) return found;
      cursor = page.next_cursor;
    }
  };
  if (request.dryRun) {
    const record = await db.transaction((tx) => cancelImport(tx, principal, uploaded.id));
    return { record, errors: await errorsOfImport() };
  }
  let record = await db.transaction((tx) => startImport(tx, principal, uploaded.id, { onlyValid: true }));
  request.onProgress(record);
  while (record.state === 'importing') {
    const more = await importNextBatch(db, uploaded.id, request.work);
    record = await getImport(db, principal, uploaded.id);
    request.onProgress(record);
    // Another worker holds the import for its batch: wait for it rather than spin.
    if (!more && record.state === 'importing') await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { record, errors: await errorsOfImport() };
}
