// `npm run bench`: the service against PostgreSQL's own ceiling (pgbench) and a bare Fastify floor,
// and against a raw loop on embedded PGlite. See docs/performance.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../src/lib/package-root.js';
import { createFreshPostgres, createSeededPglite, seedPostgres } from './databases.js';
import { CREATE_BODY, createAssets, updateRepeatedly, verifyRepeatedly } from './fixtures.js';
import { mixedRequests, rotatingGet, runHttpLoad, type HttpLoad, type Measurement } from './load.js';
import { describeMachine, serviceBenchEnv } from './machine.js';
import { createScript, runPgbench } from './pgbench.js';
import { RawPgliteLoop } from './pglite-loop.js';
import { startServerProcess, startService, freePort, type RunningServer } from './processes.js';
import { formatTable, MEASUREMENT_HEADER, measurementRow, summarise } from './report.js';
import { readBenchSettings } from './settings.js';

/**
 * How the service sends a create to PostgreSQL: 'transaction' is BEGIN, the statement, COMMIT (three
 * round trips); 'single' is the one statement on its own (its own transaction). The ceiling and the
 * floor send it the same way, so that they measure the same SQL.
 */
const SERVICE_CREATE_STATEMENTS: 'transaction' | 'single' = 'single';

interface Scenario {
  name: string;
  description: string;
  measure: (seconds: number) => Promise<Measurement>;
}

const settings = readBenchSettings();
const cleanups: (() => Promise<void>)[] = [];

async function cleanUp(): Promise<void> {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.error('clean-up failed:', error);
    }
  }
}

function track(server: RunningServer): RunningServer {
  cleanups.push(() => server.stop());
  return server;
}

function http(load: HttpLoad): (seconds: number) => Promise<Measurement> {
  return (seconds) => runHttpLoad(load, { connections: settings.connections, seconds });
}

async function main(): Promise<void> {
  const machine = await describeMachine(settings.adminDatabaseUrl);
  const benchEnv = serviceBenchEnv();
  const poolEnv: Record<string, string> = settings.poolSize
    ? { AVS_DB_POOL_SIZE: String(settings.poolSize) }
    : {};
  const poolSize = settings.poolSize ?? 20;
  console.log(
    `Machine: ${machine.cpus} CPUs (${machine.cpuModel}), Node ${machine.node}, PostgreSQL ${machine.postgres}, PGlite ${machine.pglite}`,
  );
  console.log(
    `Load: ${settings.connections} connections, ${settings.rounds} rounds of ${settings.seconds} s per scenario (median reported), ` +
      `${settings.warmupSeconds} s warm-up, scenarios interleaved round by round.`,
  );
  console.log(
    `The service runs with ${Object.entries({ ...benchEnv, ...poolEnv })
      .map(([name, value]) => `${name}=${value}`)
      .join(' ')}: rate limits raised out of the way, request logging off (warn level).`,
  );

  // PostgreSQL: a fresh database, the service and the floor server on it.
  const fresh = await createFreshPostgres(settings.adminDatabaseUrl, 'run');
  cleanups.push(() => fresh.drop());
  const credentials = await seedPostgres(fresh.url);
  const service = track(
    await startService({
      name: 'service-postgres',
      env: { ...benchEnv, ...poolEnv, DATABASE_URL: fresh.url },
      cpuProfileDir: settings.cpuProfileDir,
    }),
  );
  const floorPort = await freePort();
  const floor = track(
    await startServerProcess({
      name: 'floor-postgres',
      script: path.join(packageRoot, 'dist/bench/floor-server.js'),
      args: [
        JSON.stringify({
          port: floorPort,
          databaseUrl: fresh.url,
          poolSize,
          accountId: credentials.accountId,
          apiKeyId: credentials.apiKeyId,
          createStatements: SERVICE_CREATE_STATEMENTS,
        }),
      ],
      env: process.env,
      port: floorPort,
      cpuProfileDir: settings.cpuProfileDir,
    }),
  );
  // The same service with the transparency log off, on its own database: create with the log on vs off.
  const freshLogOff = await createFreshPostgres(settings.adminDatabaseUrl, 'tlog_off');
  cleanups.push(() => freshLogOff.drop());
  const logOffCredentials = await seedPostgres(freshLogOff.url);
  const logOffService = track(
    await startService({
      name: 'service-postgres-tlog-off',
      env: { ...benchEnv, ...poolEnv, DATABASE_URL: freshLogOff.url, AVS_TLOG: 'off' },
      cpuProfileDir: settings.cpuProfileDir,
    }),
  );
  const auth = { authorization: `Bearer ${credentials.apiKey}` };
  const [historyAsset, busyAsset, ...assets] = await createAssets(service.url, credentials.apiKey, 258);
  await updateRepeatedly(service.url, credentials.apiKey, historyAsset!.id, 9);
  await verifyRepeatedly(service.url, credentials.apiKey, busyAsset!.id, 10_000);
  const getPaths = assets.map((asset) => `/api/v1/assets/artworks/${asset.id}`);
  const pgbenchScript = createScript(credentials, SERVICE_CREATE_STATEMENTS);

  // PGlite: the service on one data directory, the raw loop on another.
  const pgliteData = await createSeededPglite('service');
  cleanups.push(() => pgliteData.remove());
  const pgliteService = track(
    await startService({
      name: 'service-pglite',
      env: { ...benchEnv, AVS_DATA_DIR: pgliteData.dataDir },
      cpuProfileDir: settings.cpuProfileDir,
    }),
  );
  const pgliteAuth = { authorization: `Bearer ${pgliteData.credentials.apiKey}` };
  const pgliteAssets = await createAssets(pgliteService.url, pgliteData.credentials.apiKey, 256);
  const rawData = await createSeededPglite('raw');
  cleanups.push(() => rawData.remove());
  const raw = await RawPgliteLoop.open(rawData.dataDir, rawData.credentials);
  cleanups.push(() => raw.close());

  let verifyNext = 0;
  const scenarios: Scenario[] = [
    {
      name: 'create',
      description: 'POST /api/v1/assets/artworks',
      measure: http({
        target: () => service.url,
        headers: auth,
        requests: [{ method: 'POST', path: '/api/v1/assets/artworks', body: CREATE_BODY }],
      }),
    },
    {
      name: 'create (log off)',
      description: 'POST /api/v1/assets/artworks with AVS_TLOG=off (its own database)',
      measure: http({
        target: () => logOffService.url,
        headers: { authorization: `Bearer ${logOffCredentials.apiKey}` },
        requests: [{ method: 'POST', path: '/api/v1/assets/artworks', body: CREATE_BODY }],
      }),
    },
    {
      name: 'tlog checkpoint',
      description: 'GET /tlog/checkpoint (public, signed note)',
      measure: http({
        target: () => service.url,
        headers: {},
        requests: [{ method: 'GET', path: '/tlog/checkpoint' }],
      }),
    },
    {
      name: 'tlog tile',
      description: 'GET /tlog/tile/0/000 (a full level-0 tile, 8 KiB)',
      measure: http({
        target: () => service.url,
        headers: {},
        requests: [{ method: 'GET', path: '/tlog/tile/0/000' }],
      }),
    },
    {
      name: 'get',
      description: 'GET /api/v1/assets/artworks/{id}, 256 assets in turn',
      measure: http({ target: () => service.url, headers: auth, requests: [rotatingGet(getPaths)] }),
    },
    {
      name: 'history',
      description: 'GET /api/v1/assets/artworks/{id}/history, an asset with 10 events',
      measure: http({
        target: () => service.url,
        headers: auth,
        requests: [{ method: 'GET', path: `/api/v1/assets/artworks/${historyAsset!.id}/history` }],
      }),
    },
    {
      name: 'certificate',
      description: 'GET /api/v1/certificates/{number}, 256 certificates in turn',
      measure: http({
        target: () => service.url,
        headers: auth,
        requests: [rotatingGet(assets.map((asset) => `/api/v1/certificates/${asset.certificate_number}`))],
      }),
    },
    {
      name: 'verify',
      description: 'POST /api/v1/verify, 256 assets in turn',
      measure: http({
        target: () => service.url,
        headers: auth,
        requests: [
          {
            method: 'POST',
            path: '/api/v1/verify',
            setupRequest: (request) => {
              const asset = assets[verifyNext++ % assets.length]!;
              request.body = JSON.stringify({ planet: 'artworks', asset_id: asset.id });
              return request;
            },
          },
        ],
      }),
    },
    {
      name: 'verify a busy asset',
      description: 'POST /api/v1/verify, one asset verified 10,000 times before the run',
      measure: http({
        target: () => service.url,
        headers: auth,
        requests: [
          {
            method: 'POST',
            path: '/api/v1/verify',
            body: JSON.stringify({ planet: 'artworks', asset_id: busyAsset!.id }),
          },
        ],
      }),
    },
    {
      name: 'mix',
      description: '80 % get, 20 % create',
      measure: http({
        target: () => service.url,
        headers: auth,
        requests: mixedRequests(getPaths, '/api/v1/assets/artworks', CREATE_BODY),
      }),
    },
    {
      name: 'ceiling create (pgbench)',
      description: `pgbench -c ${settings.connections} -j 2 -M prepared: a create's SQL (${SERVICE_CREATE_STATEMENTS})`,
      measure: (seconds) =>
        runPgbench({
          pgbenchPath: settings.pgbenchPath,
          databaseUrl: fresh.url,
          script: pgbenchScript,
          clients: settings.connections,
          threads: 2,
          seconds,
        }),
    },
    {
      name: 'floor create (bare Fastify)',
      description: 'bare Fastify route, same SQL as create',
      measure: http({
        target: () => floor.url,
        requests: [{ method: 'POST', path: '/assets/artworks', body: CREATE_BODY }],
      }),
    },
    {
      name: 'floor get (bare Fastify)',
      description: 'bare Fastify route, same SQL as get',
      measure: http({
        target: () => floor.url,
        requests: [rotatingGet(assets.map((asset) => `/assets/artworks/${asset.id}`))],
      }),
    },
    {
      name: 'pglite create',
      description: 'the service on embedded PGlite: POST /api/v1/assets/artworks',
      measure: http({
        target: () => pgliteService.url,
        headers: pgliteAuth,
        requests: [{ method: 'POST', path: '/api/v1/assets/artworks', body: CREATE_BODY }],
      }),
    },
    {
      name: 'pglite get',
      description: 'the service on embedded PGlite: GET /api/v1/assets/artworks/{id}',
      measure: http({
        target: () => pgliteService.url,
        headers: pgliteAuth,
        requests: [rotatingGet(pgliteAssets.map((asset) => `/api/v1/assets/artworks/${asset.id}`))],
      }),
    },
    {
      name: 'pglite raw create',
      description: `a loop running a create's SQL on PGlite, in process (${SERVICE_CREATE_STATEMENTS})`,
      measure: (seconds) => raw.create(seconds, SERVICE_CREATE_STATEMENTS),
    },
    {
      name: 'pglite raw get',
      description: "a loop running a get's SQL on PGlite, in process",
      measure: (seconds) => raw.get(seconds),
    },
  ];
  const selected = scenarios.filter(
    (scenario) => !settings.only || settings.only.has(scenario.name.split(' (')[0]!),
  );

  if (settings.warmupSeconds > 0) {
    console.log('Warming up…');
    for (const scenario of selected) await scenario.measure(settings.warmupSeconds);
  }
  const rounds = new Map<string, Measurement[]>(selected.map((scenario) => [scenario.name, []]));
  for (let round = 1; round <= settings.rounds; round++) {
    for (const scenario of selected) {
      const measurement = await scenario.measure(settings.seconds);
      rounds.get(scenario.name)!.push(measurement);
      console.log(
        `round ${round}/${settings.rounds} ${scenario.name}: ${measurement.requestsPerSecond.toFixed(0)} req/s, ` +
          `p99 ${measurement.p99Ms.toFixed(1)} ms`,
      );
    }
  }

  const summaries = new Map([...rounds].map(([name, measured]) => [name, summarise(measured)]));
  console.log('');
  console.log(
    formatTable(
      MEASUREMENT_HEADER,
      [...summaries].map(([name, summary]) => measurementRow(name, summary)),
    ),
  );

  const rate = (name: string) => summaries.get(name)?.requestsPerSecond;
  const ratio = (service: string, reference: string) => {
    const a = rate(service);
    const b = rate(reference);
    return a !== undefined && b !== undefined && b > 0 ? a / b : undefined;
  };
  const getP99 = summaries.get('get')?.p99Ms;
  const targets = [
    { name: 'create / pgbench ceiling', value: ratio('create', 'ceiling create (pgbench)'), target: 0.8 },
    { name: 'create / bare Fastify floor', value: ratio('create', 'floor create (bare Fastify)') },
    // The log works in the background: a create costs at most 10 % more with it on.
    { name: 'create / create (log off)', value: ratio('create', 'create (log off)'), target: 0.9 },
    { name: 'get / bare Fastify floor', value: ratio('get', 'floor get (bare Fastify)'), target: 0.9 },
    {
      name: 'pglite create / raw PGlite loop',
      value: ratio('pglite create', 'pglite raw create'),
      target: 0.8,
    },
    { name: 'pglite get / raw PGlite loop', value: ratio('pglite get', 'pglite raw get') },
    { name: 'verify / get', value: ratio('verify', 'get'), target: 0.5 },
    { name: 'verify a busy asset / get', value: ratio('verify a busy asset', 'get'), target: 0.5 },
    // Within 15 % of each other: the 10,001st verification costs what the first did.
    { name: 'verify a busy asset / verify', value: ratio('verify a busy asset', 'verify'), target: 0.85 },
  ];
  console.log('');
  for (const entry of targets) {
    if (entry.value === undefined) continue;
    const verdict =
      entry.target === undefined
        ? ''
        : entry.value >= entry.target
          ? `  target ≥ ${entry.target}: met`
          : `  target ≥ ${entry.target}: NOT met`;
    console.log(`${entry.name}: ${entry.value.toFixed(2)}${verdict}`);
  }
  if (getP99 !== undefined) {
    console.log(`get p99: ${getP99.toFixed(1)} ms  target ≤ 20 ms: ${getP99 <= 20 ? 'met' : 'NOT met'}`);
  }

  const resultsDir = path.join(packageRoot, 'bench/results');
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, 'latest.json');
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        at: new Date().toISOString(),
        machine,
        settings: { ...settings, only: settings.only ? [...settings.only] : null, poolSize },
        serviceEnv: { ...benchEnv, ...poolEnv },
        createStatements: SERVICE_CREATE_STATEMENTS,
        scenarios: selected.map((scenario) => ({
          name: scenario.name,
          description: scenario.description,
          median: summaries.get(scenario.name),
          rounds: rounds.get(scenario.name),
        })),
        ratios: Object.fromEntries(targets.map((entry) => [entry.name, entry.value ?? null])),
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nWritten ${path.relative(packageRoot, file)}`);
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
