import { AppError } from '../../errors/error-catalogue.js';
import type { Position } from './webhooks.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** Opaque to clients: base64url of the last row's (created_at, id). */
export function encodeCursor(position: Position): string {
  return Buffer.from(JSON.stringify([position.createdAt.toISOString(), position.id])).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): Position | undefined {
  if (cursor === undefined) return undefined;
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    const date = typeof createdAt === 'string' ? new Date(createdAt) : undefined;
    if (date && !Number.isNaN(date.getTime()) && typeof id === 'string' && isUuid(id)) {
      return { createdAt: date, id };
    }
  } catch {
    // falls through to the 400 below
  }
  throw new AppError('validation_failed', '`cursor` is not a cursor this endpoint returned.');
}

/** Fetches limit + 1 rows to learn has_more without a count. */
export function toPage<R extends { created_at: Date; id: string }, T>(
  rows: R[],
  limit: number,
  map: (row: R) => T,
): { data: T[]; has_more: boolean; next_cursor: string | null } {
  const hasMore = rows.length > limit;
  const shown = hasMore ? rows.slice(0, limit) : rows;
  const last = shown[shown.length - 1];
  return {
    data: shown.map(map),
    has_more: hasMore,
    next_cursor: hasMore && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
  };
}
