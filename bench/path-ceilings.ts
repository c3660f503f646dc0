// Issue #53, item 2: each write path beside pgbench running that path's own SQL, on the bench's own PostgreSQL 15
// cluster (bench/stats-cluster.ts). The statements a path sends are counted by pg_stat_statements while requests go
// one at a time (what is less than one every other request is background work); then the server logs, with their
// parameters, the statements the service sends under its load for a moment, and pgbench replays them
// (bench/statement-replay.ts) at the same concurrency, round by round beside the service (docs/performance.md,
// "Round 4: each path beside pgbench of its own SQL").
import pg from 'pg';
import { createFreshPostgres, issueCertificates, seedPostgres } from './databases.js';
import { bindTags, createAssets, CREATE_BODY } from './fixtures.js';
import { rotatingVerify, runHttpLoad, type HttpLoad, type RequestSpec } from './load.js';
import { runPgbench } from './pgbench.js';
import { startService } from './processes.js';
import { formatTable, measureInRounds } from './report.js';
import type { BenchSettings } from './settings.js';
import {
  logStatements,
  markStatementLog,
  resetStatements,
  startStatsCluster,
  statementsOf,
} from './stats-cluster.js';
import {
  buildReplay,
  captureMark,
  idsIn,
  readStatementLog,
  streamsBetweenMarks,
  type LoggedStatement,
  type ReplayRules,
} from './statement-replay.js';
import { recordTarget } from './targets.js';

/** The name that selects the path ceilings: BENCH_ONLY=ceilings. */
const CEILINGS_GROUP = 'ceilings';

export function pathCeilingsSelected(only: ReadonlySet<string> | undefined): boolean {
  return !only || only.has(CEILINGS_GROUP);
}

/** The service's background work (log integration, notifications) settles before each count. */
const SETTLE_MS = 1_500;
/** After a count's requests, long enough for every background worker that runs each second to have run twice. */
const BACKGROUND_WAIT_MS = 2_500;
/** Assets each pool of the paths holds: the verified ones, the tapped ones (loaded), the tapped ones (captured). */
const POOL = 32;
/** The target of the issue: each path at least this share of pgbench running its own SQL. */
const PATH_CEILING_TARGET = 0.9;
/** Seconds of load before each logged window, and each window's length (two windows: see `captureUnderLoad`). */
const CAPTURE_AFTER_SECONDS = 1;
const CAPTURE_WINDOW_MS = 1_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// A tap counts only when its counter rises: the replay's counters come from a sequence set above the tags' own.
const TAP_RULES: ReplayRules = {
  setup: ['CREATE SEQUENCE IF NOT EXISTS avs_replay_tap_counter MAXVALUE 16777215'],
  varying: (statement, parameterType) =>
    /last_counter/.test(statement) && parameterType === 'integer[]'
      ? "ARRAY[nextval('avs_replay_tap_counter')::int]"
      : undefined,
};

interface WritePath {
  name: string;
  /** One request of the capture, sent on its own. */
  send: (index: number) => Promise<Response>;
  /** The service's load at the bench's concurrency. */
  load: RequestSpec;
  rules?: ReplayRules;
  /** Before each round of the service and of the replay (taps: counters above the other's). */
  beforeService?: () => Promise<void>;
  beforeReplay?: () => Promise<void>;
}

/** Each path's statements per request (pg_stat_statements), then the path beside pgbench replaying them. */
export async function runPathStatements(options: {
  settings: BenchSettings;
  serviceEnv: Record<string, string>;
  cleanups: (() => Promise<void>)[];
}): Promise<string[]> {
  const { settings } = options;
  const cluster = await startStatsCluster(settings.postgresBin, settings.connections + 100);
  options.cleanups.push(() => cluster.destroy());
  const fresh = await createFreshPostgres(cluster.adminUrl, 'paths');
  const credentials = await seedPostgres(fresh.url);
  const service = await startService({
    name: 'service-paths',
    env: { ...options.serviceEnv, DATABASE_URL: fresh.url },
    cpuProfileDir: settings.cpuProfileDir,
  });
  options.cleanups.push(() => service.stop());
  const headers = { authorization: `Bearer ${credentials.apiKey}`, 'content-type': 'application/json' };
  const assets = await createAssets(service.url, credentials.apiKey, 2 * POOL);
  // Issued, as the main run's verified and tapped assets are: a tap shows an issued certificate's page.
  await issueCertificates(
    fresh.url,
    assets.map((asset) => asset.certificate_number),
  );
  const verified = assets.slice(0, POOL);
  const tags = await bindTags(service.url, credentials.apiKey, assets.slice(POOL));
  let tapNext = 0;
  // The replay's taps and the service's take turns on the same tags: each starts above the other's last counter.
  const tapCounters = new pg.Pool({ connectionString: fresh.url, max: 1 });
  options.cleanups.push(() => tapCounters.end());
  const highestCounter = async () =>
    Number(
      (await tapCounters.query<{ n: number }>('SELECT coalesce(max(last_counter), 0) AS n FROM tags'))
        .rows[0]!.n,
    );
  const paths: WritePath[] = [
    {
      name: 'create',
      send: () =>
        fetch(`${service.url}/api/v1/assets/artworks`, { method: 'POST', headers, body: CREATE_BODY }),
      load: { method: 'POST', path: '/api/v1/assets/artworks', body: CREATE_BODY },
    },
    {
      name: 'verify',
      send: (index) =>
        fetch(`${service.url}/api/v1/verify`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ planet: 'artworks', asset_id: verified[index % POOL]!.id }),
        }),
      load: rotatingVerify(verified),
    },
    {
      name: 'tap',
      send: (index) => fetch(`${service.url}${tags[index % POOL]!.tap('')}`),
      load: {
        method: 'GET',
        setupRequest: (request) => {
          request.path = tags[tapNext++ % POOL]!.tap('');
          return request;
        },
      },
      rules: TAP_RULES,
      beforeService: async () => {
        const highest = await highestCounter();
        for (const tag of tags) tag.setCounter(Math.max(tag.counter, highest));
      },
      beforeReplay: async () => {
        await tapCounters.query("SELECT setval('avs_replay_tap_counter', greatest($1::int, 1))", [
          await highestCounter(),
        ]);
      },
    },
  ];
  const requests = settings.pathStatementRequests;
  const lines = [
    '',
    `Statements per request of each write path (pg_stat_statements, ${requests} requests one at a time):`,
  ];
  const comparisons: string[][] = [];
  // Every path counted first: what any count saw less than once every other request is background work (the log's
  // integrator, the pollers), left out of every replay, since one path's count may miss a worker another's sees.
  const background = new Set<string>();
  const ownStatements = new Set<string>();
  for (const path of paths) {
    await pause(SETTLE_MS);
    await resetStatements(cluster.adminUrl);
    for (let index = 0; index < requests; index++) {
      const response = await path.send(index);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${path.name}: ${response.status}`);
    }
    // The background's turn: the log's integrator appends the requests' events within its interval (1 s).
    await pause(BACKGROUND_WAIT_MS);
    const seen = await statementsOf(cluster.adminUrl, fresh.name);
    lines.push('', `${path.name}:`);
    for (const statement of seen) {
      const perRequest = statement.calls / requests;
      (perRequest < 0.5 ? background : ownStatements).add(statement.queryId);
      const text = statement.query.replace(/\s+/g, ' ');
      lines.push(
        `  ${perRequest.toFixed(2)}/req${perRequest < 0.5 ? ' (background)' : ''}  ${text.slice(0, 160)}`,
      );
    }
  }
  for (const queryId of ownStatements) background.delete(queryId);
  for (const path of paths) {
    const load: HttpLoad = {
      target: () => service.url,
      pid: () => service.pid,
      headers: { authorization: `Bearer ${credentials.apiKey}` },
      requests: [path.load],
    };
    const capture = await captureUnderLoad({
      adminUrl: cluster.adminUrl,
      logDir: cluster.logDir,
      database: fresh.name,
      pathName: path.name,
      load,
      connections: settings.connections,
      isBackground: (statement) => background.has(statement.queryId),
    });
    const replay = await buildReplay({
      databaseUrl: fresh.url,
      streams: capture.streams,
      made: capture.made,
      rules: path.rules,
    });
    const statementsLogged = replay.statementsPerScript.reduce((sum, count) => sum + count, 0);
    // What one replayed statement stands for: the window's requests over its statements.
    const requestsPerStatement = capture.requests / statementsLogged;
    lines.push(
      '',
      `${path.name}, under load: ${capture.requests} requests in ${CAPTURE_WINDOW_MS} ms sent ${statementsLogged} statements on ` +
        `${replay.scripts.length} connections (background work left out), replayed by pgbench one script a connection:`,
    );
    for (const statement of replay.outline) lines.push(`    ${statement}`);
    const serviceName = `${path.name} (service, paths cluster)`;
    const replayName = `${path.name} (pgbench of its SQL, in requests/s)`;
    // Beside the issue's 32 clients, pgbench at the service's own connection count in the window: the replays of one
    // connection's statements that run at once write the same rows, which the service's own connections never do.
    const ownName = `${path.name} (pgbench of its SQL, ${replay.scripts.length} clients, in requests/s)`;
    const replayAt = (clients: number) => async (seconds: number) => {
      await path.beforeReplay?.();
      const measured = await runPgbench({
        pgbenchPath: settings.pgbenchPath,
        databaseUrl: fresh.url,
        script: replay.scripts,
        clients,
        threads: 2,
        seconds,
      });
      // Each script's transaction is its connection's statements: their rate, in the window's requests.
      const statementsPerSecond = (measured.scriptRates ?? [measured.requestsPerSecond]).reduce(
        (sum, rate, index) => sum + rate * replay.statementsPerScript[index]!,
        0,
      );
      return { ...measured, requestsPerSecond: statementsPerSecond * requestsPerStatement };
    };
    const { summaries } = await measureInRounds(
      [
        {
          name: serviceName,
          measure: async (seconds, connections) => {
            await path.beforeService?.();
            return runHttpLoad(load, { connections, seconds });
          },
        },
        { name: replayName, measure: (seconds, connections) => replayAt(connections)(seconds) },
        { name: ownName, measure: replayAt(Math.max(2, replay.scripts.length)) },
      ],
      settings,
    );
    const ofService = summaries.get(serviceName)!;
    const ofReplay = summaries.get(replayName)!;
    const ofOwn = summaries.get(ownName)!;
    if (ofService.errors + ofService.non2xx > 0 || ofReplay.errors > 0 || ofOwn.errors > 0) {
      throw new Error(
        `${path.name}: the service or its replay failed (${JSON.stringify({ ofService, ofReplay })})`,
      );
    }
    const replayRequestsPerSecond = ofReplay.requestsPerSecond;
    const ratio = ofService.requestsPerSecond / replayRequestsPerSecond;
    comparisons.push([
      path.name,
      ofService.requestsPerSecond.toFixed(0),
      replayRequestsPerSecond.toFixed(0),
      recordTarget({
        item: 2,
        name: `${path.name} / pgbench of its SQL`,
        value: ratio,
        target: PATH_CEILING_TARGET,
      }),
      (ofService.cpuMsPer1000 ?? 0).toFixed(0),
      `${ofOwn.requestsPerSecond.toFixed(0)} (${(ofService.requestsPerSecond / ofOwn.requestsPerSecond).toFixed(2)})`,
    ]);
  }
  lines.push(
    '',
    `Each write path beside pgbench of its own SQL (${settings.connections} clients, the same cluster):`,
    '',
    formatTable(
      [
        'path',
        'service req/s',
        'pgbench requests/s',
        'ratio',
        'service CPU ms/1k req',
        "pgbench at the service's connections (ratio)",
      ],
      comparisons,
    ),
  );
  return lines;
}

/**
 * The service under its load, the statement log on for two windows: the replay is the second window's statements
 * by connection; an id in the second window but not the first is one the service made (an asset, an event, a
 * verification), which the replay makes afresh, while the ids of the load's pools (assets, tags, the account) appear
 * in both.
 */
async function captureUnderLoad(options: {
  adminUrl: string;
  logDir: string;
  database: string;
  pathName: string;
  load: HttpLoad;
  connections: number;
  isBackground: (statement: LoggedStatement) => boolean;
}) {
  let responses = 0;
  const loaded = runHttpLoad(options.load, {
    connections: options.connections,
    seconds: CAPTURE_AFTER_SECONDS + (3 * CAPTURE_WINDOW_MS) / 1000 + 1,
    onResponse: () => {
      responses += 1;
    },
  });
  await pause(CAPTURE_AFTER_SECONDS * 1000);
  await logStatements(options.adminUrl, true);
  const windows: { from: string; to: string; requests: number }[] = [];
  for (const window of ['first', 'second']) {
    const from = captureMark(`${options.pathName}-${window}-from`);
    const to = captureMark(`${options.pathName}-${window}-to`);
    await markStatementLog(options.adminUrl, from);
    const before = responses;
    await pause(CAPTURE_WINDOW_MS);
    await markStatementLog(options.adminUrl, to);
    windows.push({ from, to, requests: responses - before });
    await pause(CAPTURE_WINDOW_MS / 2);
  }
  await logStatements(options.adminUrl, false);
  const measured = await loaded;
  if (measured.errors + measured.non2xx > 0)
    throw new Error(`${options.pathName}: requests failed during the capture`);
  const log = await readStatementLog(options.logDir);
  const [first, second] = windows.map((window) =>
    streamsBetweenMarks(log, { database: options.database, ...window, isBackground: options.isBackground }),
  );
  const before = idsIn(first!.flat());
  const made = new Set([...idsIn(second!.flat())].filter((id) => !before.has(id)));
  return { streams: second!, made, requests: windows[1]!.requests };
}
