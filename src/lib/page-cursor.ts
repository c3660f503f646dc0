import { AppError } from '../errors/error-catalogue.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { sha256 } from './sha256.js';
import { isUuid } from './uuid.js';

/** Where a page newest-first (or oldest-first) by (created_at, id) stopped. */
export interface Position {
  createdAt: Date;
  id: string;
}

const ISSUED_DATE = /^(?!0000)\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The last row a page showed, (created_at, id), from its cursor; undefined for the first page. */
export function decodePosition(cursor: string | undefined): Position | undefined {
  if (cursor === undefined) return undefined;
  return decodeCursor(cursor, ([createdAt, id, ...rest]) => {
    // Only the shape toISOString gives a year 1–9999: an extreme date (+275760-…) is out of PostgreSQL's range.
    const date =
      typeof createdAt === 'string' && ISSUED_DATE.test(createdAt) ? new Date(createdAt) : undefined;
    return rest.length === 0 && date && !Number.isNaN(date.getTime()) && typeof id === 'string' && isUuid(id)
      ? { createdAt: date, id }
      : undefined;
  });
}

/**
 * SQL: the rows after a position (the last row of the previous page) in a list newest first by (created_at, id),
 * the position's values bound at `createdAt` and `id`; `table` qualifies the columns.
 */
export function afterPositionSql(createdAt: string, id: string, table?: string): string {
  const column = (name: string) => (table ? `${table}.${name}` : name);
  return `(${column('created_at')}, ${column('id')}) < (${createdAt}::timestamptz, ${id}::uuid)`;
}

/** As afterPositionSql, but every row when the bound values are null: one statement serves every page. */
function afterPositionOrFirstSql(createdAt: string, id: string, table?: string): string {
  return `(${createdAt}::timestamptz IS NULL OR ${afterPositionSql(createdAt, id, table)})`;
}

/** The two values afterPositionOrFirstSql binds: null and null for the first page. */
function positionValues(position: Position | undefined): [Date | null, string | null] {
  return [position?.createdAt ?? null, position?.id ?? null];
}

/**
 * SQL ending a query with one page newest first by (created_at, id): the rows after the position bound at
 * `$first` and `$first+1` (every row when they are null), at most `$first+2` of them; pageValues binds the three.
 */
export function newestFirstPageSql(first: number, table?: string): string {
  const column = (name: string) => (table ? `${table}.${name}` : name);
  return `${afterPositionOrFirstSql(`$${first}`, `$${first + 1}`, table)}
     ORDER BY ${column('created_at')} DESC, ${column('id')} DESC LIMIT $${first + 2}`;
}

/** The three values newestFirstPageSql binds. */
export function pageValues(after: Position | undefined, limit: number): [Date | null, string | null, number] {
  return [...positionValues(after), limit];
}

/** Fetches limit + 1 rows to learn has_more without a count. */
export function toPage<R extends { created_at: Date; id: string }, T>(
  rows: R[],
  limit: number,
  map: (row: R) => T,
): { data: T[]; has_more: boolean; next_cursor: string | null } {
  return pageOf(rows, limit, map, []);
}

/** The page of the limit + 1 rows read; its cursor names the last row shown, then `bound` (what it is bound to). */
function pageOf<R extends { created_at: Date; id: string }, T>(
  rows: R[],
  limit: number,
  map: (row: R) => T,
  bound: readonly string[],
): { data: T[]; has_more: boolean; next_cursor: string | null } {
  const { shown, hasMore, last } = pageWindow(rows, limit);
  return {
    data: shown.map(map),
    has_more: hasMore,
    next_cursor: hasMore && last ? encodeCursor([last.created_at.toISOString(), last.id, ...bound]) : null,
  };
}

/** The rows a page shows of the limit + 1 read (the one more tells has_more, without a count), and its last. */
function pageWindow<R>(
  rows: readonly R[],
  limit: number,
): { shown: readonly R[]; hasMore: boolean; last?: R } {
  const hasMore = rows.length > limit;
  const shown = hasMore ? rows.slice(0, limit) : rows;
  return { shown, hasMore, last: shown.at(-1) };
}

/**
 * A page of an asset's records (its verifications, its taps), newest first, for its owner only: another account's
 * asset is 404, as one that does not exist. `read` answers up to `limit` rows after `before`; a page has 50 unless told.
 */
export async function ownedAssetPage<R extends { created_at: Date; id: string }, T>(
  owner: { accountId: string },
  asset: { id: string; account_id: string },
  page: { before: Position | undefined; limit: number | undefined },
  read: (assetId: string, page: { before?: Position; limit: number }) => Promise<R[]>,
  map: (row: R) => T,
): Promise<{ data: T[]; has_more: boolean; next_cursor: string | null }> {
  if (asset.account_id !== owner.accountId) throw new AppError('asset_not_found');
  const limit = page.limit ?? 50;
  return toPage(await read(asset.id, { before: page.before, limit: limit + 1 }), limit, map);
}

/**
 * What a list was asked for (the caller, the path, the filters), as a short digest: a cursor carries it and
 * serves that list only, so a cursor reused with other filters or by another account is refused.
 */
export function listDigest(request: unknown): string {
  return sha256(JSON.stringify(request)).toString('base64url').slice(0, 22);
}

/** As decodePosition, for a cursor bound to its list by listDigest. */
export function decodeBoundPosition(cursor: string | undefined, digest: string): Position | undefined {
  if (cursor === undefined) return undefined;
  const { position, bound } = decodeCursor(cursor, ([createdAt, id, boundTo, ...rest]) => {
    const date =
      typeof createdAt === 'string' && ISSUED_DATE.test(createdAt) ? new Date(createdAt) : undefined;
    return rest.length === 0 &&
      date &&
      !Number.isNaN(date.getTime()) &&
      typeof id === 'string' &&
      isUuid(id) &&
      typeof boundTo === 'string'
      ? { position: { createdAt: date, id }, bound: boundTo }
      : undefined;
  });
  if (bound !== digest) throw new AppError('validation_failed', 'cursor_other_filters');
  return position;
}

/** As toPage, with a cursor bound to its list by listDigest. */
export function toBoundPage<R extends { created_at: Date; id: string }, T>(
  rows: R[],
  limit: number,
  digest: string,
  map: (row: R) => T,
): { data: T[]; has_more: boolean; next_cursor: string | null } {
  return pageOf(rows, limit, map, [digest]);
}

/**
 * As toBoundPage, for records that are JSON text already (the asset list's, written by the database): the page as
 * the JSON text it is sent as, its records passed through untouched. `created_at` as toISOString writes it.
 */
export function boundPageJson(
  rows: readonly { id: string; created_at: string; record: string }[],
  limit: number,
  digest: string,
): string {
  const { shown, hasMore, last } = pageWindow(rows, limit);
  const cursor = hasMore && last ? encodeCursor([last.created_at, last.id, digest]) : null;
  return `{"data":[${shown.map((row) => row.record).join(',')}],"has_more":${hasMore},"next_cursor":${JSON.stringify(cursor)}}`;
}
