import type { Queryable } from '../../db/database.js';
import { fillDays, type DayCount } from '../../lib/day-series.js';
import { countVerificationsPerDayAndOutcome } from './verification-stats.repository.js';

export interface VerificationStats {
  /** Every day of the window, zero where none. */
  perDay: DayCount[];
  /** How many ended each way: `verified`, or the first check that failed; the most frequent first. */
  byOutcome: { outcome: string; count: number }[];
}

/** Verifications of the account's assets over the window's days (UTC): per day, and by outcome. */
export async function accountVerificationStats(
  db: Queryable,
  accountId: string,
  window: { since: Date; days: readonly string[] },
): Promise<VerificationStats> {
  const rows = await countVerificationsPerDayAndOutcome(db, accountId, window.since);
  const perDay = new Map<string, number>();
  const byOutcome = new Map<string, number>();
  for (const row of rows) {
    perDay.set(row.day, (perDay.get(row.day) ?? 0) + row.count);
    byOutcome.set(row.outcome, (byOutcome.get(row.outcome) ?? 0) + row.count);
  }
  return {
    perDay: fillDays(
      window.days,
      [...perDay].map(([day, count]) => ({ day, count })),
    ),
    byOutcome: [...byOutcome]
      .map(([outcome, count]) => ({ outcome, count }))
      .sort((a, b) => b.count - a.count || a.outcome.localeCompare(b.outcome)),
  };
}
