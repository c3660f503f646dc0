const JITTER = 0.1;

/** Delay before retry n (1-based) per the schedule, ±10 % jitter; undefined after the last. */
export function retryDelayMs(
  schedule: readonly number[],
  attempts: number,
  random = Math.random,
): number | undefined {
  const base = schedule[attempts - 1];
  if (base === undefined) return undefined;
  return Math.round(base * (1 - JITTER + 2 * JITTER * random()));
}
