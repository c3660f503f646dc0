const DAY_MS = 86_400_000;

/** A count per UTC day, as a repository answers it: the day as `YYYY-MM-DD`. */
export interface DayCount {
  day: string;
  count: number;
}

/** The last `days` UTC days up to and including today: their first instant and each day's `YYYY-MM-DD`. */
export function lastDays(days: number, now = new Date()): { since: Date; days: string[] } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = today - (days - 1) * DAY_MS;
  return {
    since: new Date(since),
    days: Array.from({ length: days }, (_, index) =>
      new Date(since + index * DAY_MS).toISOString().slice(0, 10),
    ),
  };
}

/** Every day of the window with its count: a day the rows do not name counts zero. */
export function fillDays(days: readonly string[], rows: readonly DayCount[]): DayCount[] {
  const counts = new Map(rows.map((row) => [row.day, row.count]));
  return days.map((day) => ({ day, count: counts.get(day) ?? 0 }));
}
