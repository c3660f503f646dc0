// Issue #53, item 2: what the path ceilings (bench/path-ceilings.ts, bench/import-ceiling.ts) share: the statement
// log on for two marked windows and the replay taken from the second, and the rounds' fresh start.
import type pg from 'pg';
import { logStatements, markStatementLog } from './stats-cluster.js';
import {
  captureMark,
  idsIn,
  readStatementLog,
  statementLogEnd,
  streamsBetweenMarks,
  type LoggedStatement,
  type StatementLogEnd,
} from './statement-replay.js';

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Seconds of load before the first logged window, and each window's length (two windows: see `logTwoWindows`). */
export const CAPTURE_AFTER_SECONDS = 1;
export const CAPTURE_WINDOW_MS = 1_000;

interface LoggedWindow {
  from: string;
  to: string;
  requests: number;
  /** Where the statement log ended before the capture: its reading starts there. */
  logBefore: StatementLogEnd;
}

/** The statement log on for two windows of CAPTURE_WINDOW_MS, marked; `requestsSoFar` counts each window's requests. */
export async function logTwoWindows(
  adminUrl: string,
  logDir: string,
  pathName: string,
  requestsSoFar: () => number,
): Promise<LoggedWindow[]> {
  const logBefore = await statementLogEnd(logDir);
  await logStatements(adminUrl, true);
  const windows: LoggedWindow[] = [];
  for (const window of ['first', 'second']) {
    const from = captureMark(`${pathName}-${window}-from`);
    const to = captureMark(`${pathName}-${window}-to`);
    await markStatementLog(adminUrl, from);
    const before = requestsSoFar();
    await pause(CAPTURE_WINDOW_MS);
    await markStatementLog(adminUrl, to);
    windows.push({ from, to, requests: requestsSoFar() - before, logBefore });
    await pause(CAPTURE_WINDOW_MS / 2);
  }
  await logStatements(adminUrl, false);
  return windows;
}

/** The second window's streams by connection, the ids made in it (not seen in the first) and its requests. */
export async function replayOfSecondWindow(
  options: { logDir: string; database: string; isBackground: (statement: LoggedStatement) => boolean },
  windows: readonly LoggedWindow[],
) {
  const log = await readStatementLog(options.logDir, windows[0]!.logBefore);
  const [first, second] = windows.map((window) =>
    streamsBetweenMarks(log, { database: options.database, ...window, isBackground: options.isBackground }),
  );
  const before = idsIn(first!.flat());
  const made = new Set([...idsIn(second!.flat())].filter((id) => !before.has(id)));
  return { streams: second!, made, requests: windows[1]!.requests };
}

/**
 * Waits (up to a minute) until the service has worked off what the last round left it (log entries, notices, mail):
 * its workers keep running during pgbench's rounds too, doing for the replay's rows what they do for the service's,
 * so each round starts with none of the other's backlog.
 */
export async function backlogWorkedOff(db: pg.Pool): Promise<void> {
  const started = performance.now();
  while (performance.now() - started < 60_000) {
    const { rows } = await db.query<{ waiting: number }>(
      `SELECT (SELECT count(*) FROM tlog_pending)
            + (SELECT count(*) FROM notice_events WHERE fanned_out_at IS NULL)
            + (SELECT count(*) FROM mail_outbox WHERE state = 'pending' AND next_attempt_at <= now()) AS waiting`,
    );
    if (Number(rows[0]!.waiting) === 0) return;
    await pause(250);
  }
  console.log('paths: the backlog the replay left was not worked off within a minute');
}
