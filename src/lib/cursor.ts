import { AppError } from '../errors/error-catalogue.js';

/** The sort keys of the last row a page showed: the next page starts after them. */
export type CursorKeys = readonly (string | number)[];

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** Opaque to clients: base64url of the JSON list of the last row's sort keys. */
export function encodeCursor(keys: CursorKeys): string {
  return Buffer.from(JSON.stringify(keys), 'utf8').toString('base64url');
}

/**
 * The position named by a cursor this service issued. `read` checks the decoded keys and returns the
 * position, or undefined when they do not fit; anything else is 400 validation_failed.
 */
export function decodeCursor<T>(cursor: string, read: (keys: readonly unknown[]) => T | undefined): T {
  let keys: unknown;
  try {
    keys = BASE64URL.test(cursor) ? JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) : undefined;
  } catch {
    keys = undefined;
  }
  const position = Array.isArray(keys) ? read(keys) : undefined;
  if (position === undefined) throw new AppError('validation_failed', 'bad_cursor');
  return position;
}
