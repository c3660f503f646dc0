/**
 * The one reading of a date-time a client sends (the schemas' `format: 'date-time'`, an alert's
 * `occurred_at`): RFC 3339 as ajv-formats reads it (`T`, `t` or a space; `Z` or an offset `±HH`,
 * `±HHMM`, `±HH:MM`), with a real calendar date and clock time, and an instant in UTC years
 * 0001–9999. Year 0 (or a year-1 instant east of UTC) is refused by PostgreSQL, and JavaScript's Date
 * reads neither a leap second nor an hour-only offset: each was a 500 (docs/reliability.md).
 */
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(?:[Zz]|([+-])(\d{2})(?::?(\d{2}))?)$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const FIRST_YEAR = 1;
const LAST_YEAR = 9999;

function utcMilliseconds(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not read years 0–99 as 1900–1999.
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const date = new Date(utcMilliseconds(year, month, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function inRange(milliseconds: number): Date | undefined {
  const date = new Date(milliseconds);
  const year = date.getUTCFullYear();
  return year >= FIRST_YEAR && year <= LAST_YEAR ? date : undefined;
}

/**
 * A date-time as described above, as a Date; undefined when it is not one. `secondsOptional` also
 * takes `HH:MM` (an alert's `occurred_at` always did).
 */
export function parseDateTime(text: string, options: { secondsOptional?: boolean } = {}): Date | undefined {
  const match = DATE_TIME.exec(text);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s, fraction, sign, offsetHours, offsetMinutes] = match;
  if (s === undefined && !options.secondsOptional) return undefined;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s ?? '0'].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (!isCalendarDate(year, month, day) || hour > 23 || minute > 59 || second > 59) return undefined;
  const offsetMinutesTotal =
    sign === undefined
      ? 0
      : (Number(offsetHours) * 60 + Number(offsetMinutes ?? '0')) * (sign === '-' ? -1 : 1);
  if (sign !== undefined && (Number(offsetHours) > 23 || Number(offsetMinutes ?? '0') > 59)) return undefined;
  // Digits, not floating point: 0.291 * 1000 is 290.99999999999994.
  const milliseconds = fraction === undefined ? 0 : Number(`${fraction.slice(1)}00`.slice(0, 3));
  return inRange(
    utcMilliseconds(year, month, day, hour, minute, second) + milliseconds - offsetMinutesTotal * 60_000,
  );
}

/** A calendar date `YYYY-MM-DD` as midnight UTC, in years 0001–9999; undefined when it is not one. */
export function parseCalendarDate(text: string): Date | undefined {
  const match = DATE.exec(text);
  if (!match) return undefined;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  return isCalendarDate(year, month, day) ? inRange(utcMilliseconds(year, month, day)) : undefined;
}

/** The `date-time` format of every schema. */
export function isDateTime(text: string): boolean {
  return parseDateTime(text) !== undefined;
}
