import { AppError } from '../errors/error-catalogue.js';
import { parseDateTime } from './date-time.js';

/** One value or a comma-separated list, each one of `allowed`: sorted and deduplicated, or 400 naming the bad one. */
export function parseValueList<T extends string>(
  field: string,
  value: string | undefined,
  allowed: readonly T[],
): T[] | undefined {
  if (value === undefined) return undefined;
  const values = new Set<T>();
  for (const part of value.split(',')) {
    const item = part.trim();
    if (!(allowed as readonly string[]).includes(item)) {
      throw new AppError('validation_failed', 'not_one_of', { field, value: item, expected: allowed });
    }
    values.add(item as T);
  }
  return [...values].sort();
}

/** An ISO 8601 instant from the query (format date-time, checked by the schema), as a Date. */
export function parseInstant(value: string | undefined): Date | undefined {
  return value === undefined ? undefined : parseDateTime(value);
}

/** The ILIKE pattern that matches `text` anywhere, its own `%`, `_` and `\` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
