// Issue #53, item 2: each write path beside pgbench running that path's own SQL, on the bench's own PostgreSQL 15
// cluster (bench/stats-cluster.ts). The statements a path sends are counted by pg_stat_statements while requests go
// one at a time (what is less than one every other request is background work); then the server logs, with their
// parameters, the statements the service sends under its load for a moment, and pgbench replays them
// (bench/statement-replay.ts) at the same concurrency, round by round beside the service (docs/performance.md,
// "Round 4: each path beside pgbench of its own SQL").
import pg from 'pg';
import { createFreshPostgres, createReceivingAccount, issueCertificates, seedPostgres } from './databases.js';
import { bindTags, createAssets, CREATE_BODY } from './fixtures.js';
import { rotatingVerify, runHttpLoad, type HttpLoad, type RequestSpec } from './load.js';
import { runImportCeiling } from './import-ceiling.js';
import { runPgbench } from './pgbench.js';
import { startService } from './processes.js';
import { formatTable, measureInRounds } from './report.js';
import type { BenchSettings } from './settings.js';
import { resetStatements, startStatsCluster, statementsOf, type SeenStatement } from './stats-cluster.js';
import {
  backlogWorkedOff,
  CAPTURE_AFTER_SECONDS,
  CAPTURE_WINDOW_MS,
  logTwoWindows,
  pause,
  replayOfSecondWindow,
} from './replay-rounds.js';
import { buildReplay, type LoggedStatement, type ReplayRules } from './statement-replay.js';
import { recordTarget } from './targets.js';
import { makeTransferPool, poolId, poolIdSql, type PoolIdKind } from './transfer-pool.js';

const TRANSACTION_CONTROL = /^\s*(BEGIN|START TRANSACTION|COMMIT|ROLLBACK|END)\b/i;
const oneLineText = (text: string) => text.replace(/\s+/g, ' ').trim();

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

// A tap counts only when its counter rises: the replay's counters come from a sequence set above the tags' own.
const TAP_RULES: ReplayRules = {
  setup: ['CREATE SEQUENCE IF NOT EXISTS avs_replay_tap_counter MAXVALUE 16777215'],
  varying: (statement, parameterType) =>
    /last_counter/.test(statement) && parameterType === 'integer[]'
      ? "ARRAY[nextval('avs_replay_tap_counter')::int]"
      : undefined,
};

/**
 * Pending transfers a second (the highest number of accepts per second seen on this machine, with a margin, for each
 * of the three measured scenarios, their warm-ups and the capture), so that neither side runs out.
 */
const ACCEPTS_PER_SECOND_BOUND = 2_500;
const TRANSFER_POOL_SEQUENCE = 'avs_replay_transfer_pool';

interface WritePath {
  name: string;
  /** The key the path's requests carry (the receiving account's, for an accept): the account's by default. */
  apiKey?: string;
  /** One request of the capture, sent on its own. */
  send: (index: number) => Promise<Response>;
  /** The service's load at the bench's concurrency. */
  load: RequestSpec;
  rules?: ReplayRules;
  /** Before each round of the service and of the replay (taps: counters above the other's). */
  beforeService?: () => Promise<void>;
  beforeReplay?: () => Promise<void>;
  /** After each round of the replay (an accept: whether the replay's transfers were all pending ones). */
  afterReplay?: () => Promise<void>;
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
  const benchQueries = new pg.Pool({ connectionString: fresh.url, max: 1 });
  options.cleanups.push(() => benchQueries.end());
  const highestCounter = async () =>
    Number(
      (await benchQueries.query<{ n: number }>('SELECT coalesce(max(last_counter), 0) AS n FROM tags'))
        .rows[0]!.n,
    );
  // The accept: offers the bench copies from one the service made (bench/transfer-pool.ts), taken in turn by the
  // service's load (`nextTransfer`) and by the replay (its sequence), each starting above the other's last.
  const receiver = await createReceivingAccount(fresh.url);
  const template = await createAssets(service.url, credentials.apiKey, 1);
  const offered = await fetch(`${service.url}/api/v1/assets/artworks/${template[0]!.id}/transfer`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ to_account_id: receiver.accountId }),
  });
  if (offered.status !== 202) throw new Error(`transfer offer: ${offered.status} ${await offered.text()}`);
  const transferPoolSize =
    ACCEPTS_PER_SECOND_BOUND *
    (3 * (settings.rounds * settings.seconds + settings.warmupSeconds) + CAPTURE_AFTER_SECONDS + 4);
  const poolStarted = performance.now();
  const transferPool = await makeTransferPool({
    databaseUrl: fresh.url,
    templateTransferId: ((await offered.json()) as { transfer: { id: string } }).transfer.id,
    size: transferPoolSize,
  });
  console.log(
    `paths: ${transferPoolSize.toLocaleString('en')} pending transfers copied in ${((performance.now() - poolStarted) / 1000).toFixed(0)} s`,
  );
  let nextTransfer = 1;
  const takeTransfer = () => {
    if (nextTransfer > transferPoolSize) throw new Error('the bench ran out of pending transfers');
    return poolId('transfer', nextTransfer++);
  };
  const lastReplayTransfer = async () =>
    Number(
      (
        await benchQueries.query<{ n: string }>(
          `SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS n FROM ${TRANSFER_POOL_SEQUENCE}`,
        )
      ).rows[0]!.n,
    );
  const receiverHeaders = { authorization: `Bearer ${receiver.apiKey}` };
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
        await benchQueries.query("SELECT setval('avs_replay_tap_counter', greatest($1::int, 1))", [
          await highestCounter(),
        ]);
      },
    },
    {
      name: 'transfer accept',
      apiKey: receiver.apiKey,
      send: () =>
        fetch(`${service.url}/api/v1/transfers/${takeTransfer()}/accept`, {
          method: 'POST',
          headers: receiverHeaders,
        }),
      load: {
        method: 'POST',
        setupRequest: (request) => {
          request.path = `/api/v1/transfers/${takeTransfer()}/accept`;
          return request;
        },
      },
      rules: {
        setup: [`CREATE SEQUENCE IF NOT EXISTS ${TRANSFER_POOL_SEQUENCE}`],
        pool: {
          sequence: TRANSFER_POOL_SEQUENCE,
          memberOf: (id) => transferPool.byId.get(id),
          idSql: (kind, numberSql) => poolIdSql(kind as PoolIdKind, numberSql),
        },
      },
      beforeService: async () => {
        nextTransfer = Math.max(nextTransfer, (await lastReplayTransfer()) + 1);
      },
      beforeReplay: async () => {
        await benchQueries.query(`SELECT setval('${TRANSFER_POOL_SEQUENCE}', greatest($1::int, 1))`, [
          Math.max(nextTransfer - 1, await lastReplayTransfer()),
        ]);
      },
      afterReplay: async () => {
        if ((await lastReplayTransfer()) > transferPoolSize)
          throw new Error('the replay ran out of pending transfers');
      },
    },
  ];
  const selected = (name: string) => !settings.ceilingPaths || settings.ceilingPaths.has(name);
  const requests = settings.pathStatementRequests;
  const lines = [
    '',
    `Statements per request of each write path (pg_stat_statements, ${requests} requests one at a time):`,
  ];
  const comparisons: string[][] = [];
  // Every path counted first: what any count saw less than once every other request is background work (the log's
  // integrator, the pollers), left out of every replay, since one path's count may miss a worker another's sees.
  const background = new Set<string>();
  const workers = new Set<string>();
  const counted = new Map<string, SeenStatement>();
  const ownStatements = new Set<string>();
  for (const path of paths) {
    await pause(SETTLE_MS);
    await resetStatements(cluster.adminUrl);
    for (let index = 0; index < requests; index++) {
      const response = await path.send(index);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${path.name}: ${response.status}`);
    }
    const answered = new Map(
      (await statementsOf(cluster.adminUrl, fresh.name)).map((statement) => [
        statement.queryId,
        statement.calls,
      ]),
    );
    // The background's turn: the log's integrator appends the requests' events within its interval (1 s), the
    // notices are fanned out and their mail sent.
    await pause(BACKGROUND_WAIT_MS);
    const seen = await statementsOf(cluster.adminUrl, fresh.name);
    lines.push('', `${path.name}:`);
    for (const statement of seen) {
      counted.set(statement.queryId, statement);
      const perRequest = statement.calls / requests;
      // What ran after the last answer is a worker's, however often it ran (a notice's mail, for each accept).
      const afterwards = statement.calls > (answered.get(statement.queryId) ?? 0);
      if (afterwards) workers.add(statement.queryId);
      (perRequest < 0.5 ? background : ownStatements).add(statement.queryId);
      const text = statement.query.replace(/\s+/g, ' ');
      const note = afterwards
        ? " (a worker's: ran after the last answer)"
        : perRequest < 0.5
          ? ' (background)'
          : '';
      lines.push(`  ${perRequest.toFixed(2)}/req${note}  ${text.slice(0, 160)}`);
    }
  }
  for (const queryId of ownStatements) background.delete(queryId);
  for (const queryId of workers) background.add(queryId);
  // A transaction's own BEGIN and COMMIT are never background: its statements say whose it is.
  for (const statement of counted.values()) {
    if (TRANSACTION_CONTROL.test(statement.query)) background.delete(statement.queryId);
  }
  // The server logs a statement sent without parameters before it has a query id (0): it is known by its text.
  const backgroundTexts = new Set([...background].map((queryId) => oneLineText(counted.get(queryId)!.query)));
  const isBackground = (statement: LoggedStatement) =>
    background.has(statement.queryId) ||
    (statement.queryId === '0' && backgroundTexts.has(oneLineText(statement.text)));
  // Every path counted, so that background work is known whichever are measured (BENCH_PATHS).
  for (const path of paths.filter((each) => selected(each.name))) {
    const load: HttpLoad = {
      target: () => service.url,
      pid: () => service.pid,
      headers: { authorization: `Bearer ${path.apiKey ?? credentials.apiKey}` },
      requests: [path.load],
    };
    const capture = await captureUnderLoad({
      adminUrl: cluster.adminUrl,
      logDir: cluster.logDir,
      database: fresh.name,
      pathName: path.name,
      load,
      connections: settings.connections,
      isBackground,
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
      await backlogWorkedOff(benchQueries);
      await path.beforeReplay?.();
      const measured = await runPgbench({
        pgbenchPath: settings.pgbenchPath,
        databaseUrl: fresh.url,
        script: replay.scripts,
        clients,
        threads: 2,
        seconds,
      });
      await path.afterReplay?.();
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
            await backlogWorkedOff(benchQueries);
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
  // The import row: one job, not a load of requests (bench/import-ceiling.ts).
  const importRowCeiling = async () => {
    const imported = await runImportCeiling({
      settings,
      adminUrl: cluster.adminUrl,
      logDir: cluster.logDir,
      database: fresh,
      service,
      apiKey: credentials.apiKey,
      accountId: credentials.accountId,
      otherAccountId: receiver.accountId,
      benchQueries,
      isBackground,
    });
    comparisons.push([
      'import row (rows/s; pgbench on 1 client, as the job runs)',
      imported.serviceRowsPerSecond.toFixed(0),
      imported.replayRowsPerSecond.toFixed(0),
      recordTarget({
        item: 2,
        name: 'import row / pgbench of its SQL (1 client)',
        value: imported.serviceRowsPerSecond / imported.replayRowsPerSecond,
        target: PATH_CEILING_TARGET,
      }),
      imported.cpuMsPer1000.toFixed(0),
      '(the same)',
    ]);
    return imported.lines;
  };
  if (selected('import row')) lines.push(...(await importRowCeiling()));
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
  const windows = await logTwoWindows(options.adminUrl, options.logDir, options.pathName, () => responses);
  const measured = await loaded;
  if (measured.errors + measured.non2xx > 0)
    throw new Error(`${options.pathName}: requests failed during the capture`);
  return replayOfSecondWindow(options, windows);
}
