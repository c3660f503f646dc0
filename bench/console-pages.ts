// The console's pages beside the API's same reads: one server, one account, one set of assets (docs/performance.md,
// "Console pages").
import pg from 'pg';
import { runHttpLoad, rotatingGet, type HttpLoad, type Measurement } from './load.js';

/** The name that selects every console scenario: BENCH_ONLY=console. */
export const CONSOLE_GROUP = 'console';
/** Rows of the console's list page (its PAGE_SIZE), asked of the API's list too. */
const LIST_ROWS = 50;
/** Issue #53: a console page's p99 at most three times its API twin's. */
const P99_RATIO_TARGET = 3;

export interface ConsoleScenario {
  name: string;
  description: string;
  group: string;
  measure: (seconds: number) => Promise<Measurement>;
}

/** A console scenario and the API read it is measured beside. */
interface ConsolePair {
  console: string;
  api: string;
}

function pairNames(prefix: string, page: string): ConsolePair {
  return { console: `${prefix}console ${page}`, api: `${prefix}console ${page} (API twin)` };
}

/**
 * The list page and the asset page (the assets in turn) with the owner's session cookie, and the API's list of as
 * many rows and its get with the account's key, against one server.
 */
export function consoleScenarios(options: {
  /** '' for PostgreSQL, 'pglite ' for the service on PGlite. */
  prefix: string;
  target: () => string;
  pid: () => number;
  apiKey: string;
  memberCookie: string;
  assetIds: readonly string[];
  connections: number;
}): ConsoleScenario[] {
  const { prefix, target, pid, connections } = options;
  const http = (headers: Record<string, string>, load: Pick<HttpLoad, 'requests'>) => (seconds: number) =>
    runHttpLoad({ target, pid, headers, ...load }, { connections, seconds });
  const session = { cookie: options.memberCookie };
  const key = { authorization: `Bearer ${options.apiKey}` };
  const list = pairNames(prefix, 'list page');
  const asset = pairNames(prefix, 'asset page');
  const where = prefix ? 'on PGlite' : 'on PostgreSQL';
  return [
    {
      name: list.console,
      description: `GET /console/assets/artworks (${LIST_ROWS} rows, the owner's session cookie) ${where}`,
      group: CONSOLE_GROUP,
      measure: http(session, { requests: [{ method: 'GET', path: '/console/assets/artworks' }] }),
    },
    {
      name: list.api,
      description: `GET /api/v1/assets/artworks?limit=${LIST_ROWS} (Bearer key), the same account ${where}`,
      group: CONSOLE_GROUP,
      measure: http(key, {
        requests: [{ method: 'GET', path: `/api/v1/assets/artworks?limit=${LIST_ROWS}` }],
      }),
    },
    {
      name: asset.console,
      description: `GET /console/assets/artworks/{id} (session cookie), ${options.assetIds.length} assets in turn ${where}`,
      group: CONSOLE_GROUP,
      measure: http(session, {
        requests: [rotatingGet(options.assetIds.map((id) => `/console/assets/artworks/${id}`))],
      }),
    },
    {
      name: asset.api,
      description: `GET /api/v1/assets/artworks/{id} (Bearer key), the same assets in turn ${where}`,
      group: CONSOLE_GROUP,
      measure: http(key, {
        requests: [rotatingGet(options.assetIds.map((id) => `/api/v1/assets/artworks/${id}`))],
      }),
    },
  ];
}

export interface ConsoleComparison {
  page: string;
  console: Measurement;
  api: Measurement;
  p99Ratio: number;
  requestsPerSecondRatio: number;
}

/** Each measured pair: the console page, its API twin and console/API of p99 and of req/s. */
export function compareConsolePairs(summaries: ReadonlyMap<string, Measurement>): ConsoleComparison[] {
  const comparisons: ConsoleComparison[] = [];
  for (const prefix of ['', 'pglite ']) {
    for (const page of ['list page', 'asset page']) {
      const names = pairNames(prefix, page);
      const consoleSummary = summaries.get(names.console);
      const api = summaries.get(names.api);
      if (!consoleSummary || !api) continue;
      comparisons.push({
        page: names.console,
        console: consoleSummary,
        api,
        p99Ratio: consoleSummary.p99Ms / api.p99Ms,
        requestsPerSecondRatio: consoleSummary.requestsPerSecond / api.requestsPerSecond,
      });
    }
  }
  return comparisons;
}

export function formatConsoleComparison(entry: ConsoleComparison): string {
  const figures = (m: Measurement) =>
    `p50 ${m.p50Ms.toFixed(1)} ms, p99 ${m.p99Ms.toFixed(1)} ms, ${m.requestsPerSecond.toFixed(0)} req/s`;
  const met = entry.p99Ratio <= P99_RATIO_TARGET ? 'met' : 'NOT met';
  return (
    `${entry.page}: ${figures(entry.console)}; API ${figures(entry.api)}; ` +
    `req/s ${entry.requestsPerSecondRatio.toFixed(2)}; ` +
    `console/API p99 ${entry.p99Ratio.toFixed(2)}  target ≤ ${P99_RATIO_TARGET}: ${met}`
  );
}

/**
 * Rows of member_sessions updated so far (the session's last-seen touch), from PostgreSQL's statistics. A backend
 * reports its counts at most once a second and when it exits: read after the service has stopped.
 */
export async function memberSessionUpdates(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n_tup_upd: string }>(
      `SELECT n_tup_upd FROM pg_stat_user_tables WHERE relname = 'member_sessions'`,
    );
    return Number(rows[0]?.n_tup_upd ?? 0);
  } finally {
    await client.end();
  }
}
