// `npm run bench:scale`: the service on a database of ten million assets and a hundred million events (or the most
// the database's disk holds, said so) against the same service on one of ten thousand, in the same run (issues #35,
// #52, "Growth"). See docs/performance.md.
import { randomInt } from 'node:crypto';
import { statfs } from 'node:fs/promises';
import pg from 'pg';
import { createFreshPostgres, issueCertificates, seedPostgres } from './databases.js';
import { CREATE_BODY, explain } from './fixtures.js';
import { listHistoryStatement } from '../src/modules/history/history.repository.js';
import { databaseSizes, loadGrowthFixture, type LoadedAsset } from './growth-fixtures.js';
import { rotatingGet, rotatingVerify, runHttpLoad, type HttpLoad, type Measurement } from './load.js';
import { describeMachine, serviceBenchEnv } from './machine.js';
import { startService, type RunningServer } from './processes.js';
import { formatTable, measureInRounds } from './report.js';
import { readBenchSettings } from './settings.js';

/** The assets each scenario addresses in turn, drawn at random among the loaded ones. */
const TARGETS = 256;
/** The growth targets: req/s at least this share of the small database's, p99 at most this multiple of it. */
const THROUGHPUT_TARGET = 0.85;
const P99_TARGET = 1.5;

const settings = readBenchSettings();
const cleanups: (() => Promise<void>)[] = [];

interface Scenario {
  name: string;
  measure: (seconds: number) => Promise<Measurement>;
}

/** Draws `count` distinct assets at random. */
function drawTargets(assets: readonly LoadedAsset[], count: number): LoadedAsset[] {
  const drawn = new Set<number>();
  while (drawn.size < Math.min(count, assets.length)) drawn.add(randomInt(assets.length));
  return [...drawn].map((index) => assets[index]!);
}

/** Fails the bench unless a loaded asset verifies: its bulk-loaded chain and log entries check out as the service's own. */
async function expectVerified(url: string, apiKey: string, asset: LoadedAsset): Promise<void> {
  const response = await fetch(`${url}/api/v1/verify`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ planet: 'artworks', asset_id: asset.id }),
  });
  const answer = (await response.json()) as { verified?: boolean; checks?: unknown };
  if (!answer.verified) throw new Error(`a loaded asset does not verify: ${JSON.stringify(answer.checks)}`);
}

/** A fresh database loaded with `count` assets in bulk, its targets issued, and the service on it. */
async function setUpDatabase(label: string, count: number, benchEnv: Record<string, string>) {
  const fresh = await createFreshPostgres(settings.adminDatabaseUrl, `scale_${label}`);
  cleanups.push(() => fresh.drop());
  const credentials = await seedPostgres(fresh.url);
  const emptyBytes = (await databaseSizes(fresh.url)).databaseBytes;
  const started = Date.now();
  const loaded = await loadGrowthFixture(
    fresh.url,
    credentials.accountId,
    count,
    settings.scaleEventsPerAsset,
  );
  const loadSeconds = (Date.now() - started) / 1000;
  console.log(
    `${label}: ${count.toLocaleString('en')} assets and ${(count * settings.scaleEventsPerAsset).toLocaleString('en')} ` +
      `events (with their log entries) loaded and analysed in ${loadSeconds.toFixed(0)} s.`,
  );
  const targets = drawTargets(loaded, TARGETS);
  // The certificate and public pages need issued certificates: issued as an administrator does, one event each.
  await issueCertificates(
    fresh.url,
    targets.map((asset) => asset.certificate_number),
  );
  const server = await startService({
    name: `service-postgres-${label}`,
    env: { ...benchEnv, DATABASE_URL: fresh.url },
    cpuProfileDir: settings.cpuProfileDir,
  });
  cleanups.push(() => server.stop());
  await expectVerified(server.url, credentials.apiKey, targets[0]!);
  return { fresh, credentials, targets, server, loadSeconds, emptyBytes, count };
}

function http(load: HttpLoad): (seconds: number) => Promise<Measurement> {
  return (seconds) => runHttpLoad(load, { connections: settings.connections, seconds });
}

/** The seven scenarios of the growth target on one service. */
function scenariosOf(
  label: string,
  server: RunningServer,
  apiKey: string,
  targets: readonly LoadedAsset[],
): Scenario[] {
  const base = { target: () => server.url, pid: () => server.pid };
  const auth = { authorization: `Bearer ${apiKey}` };
  return [
    {
      name: `${label} get`,
      measure: http({
        ...base,
        headers: auth,
        requests: [rotatingGet(targets.map((asset) => `/api/v1/assets/artworks/${asset.id}`))],
      }),
    },
    {
      name: `${label} verify`,
      measure: http({
        ...base,
        headers: auth,
        requests: [rotatingVerify(targets)],
      }),
    },
    {
      name: `${label} history`,
      measure: http({
        ...base,
        headers: auth,
        requests: [rotatingGet(targets.map((asset) => `/api/v1/assets/artworks/${asset.id}/history`))],
      }),
    },
    {
      name: `${label} list first page`,
      measure: http({
        ...base,
        headers: auth,
        requests: [{ method: 'GET', path: '/api/v1/assets/artworks' }],
      }),
    },
    {
      name: `${label} certificate`,
      measure: http({
        ...base,
        headers: auth,
        requests: [rotatingGet(targets.map((asset) => `/api/v1/certificates/${asset.certificate_number}`))],
      }),
    },
    {
      name: `${label} public page`,
      measure: http({
        ...base,
        headers: {},
        requests: [rotatingGet(targets.map((asset) => `/c/${asset.certificate_number}`))],
      }),
    },
    {
      name: `${label} create`,
      measure: http({
        ...base,
        headers: auth,
        requests: [{ method: 'POST', path: '/api/v1/assets/artworks', body: CREATE_BODY }],
      }),
    },
  ];
}

const mib = (bytes: number) => bytes / 1024 / 1024;

/** Room to spare on the database's disk beyond the loaded size: index builds sort in temporary files, and WAL. */
const DISK_MARGIN = 1.5;

/**
 * The bytes free on the disk of the PostgreSQL data directory, when that directory is on this machine (a local
 * server, read as a superuser); undefined otherwise, and the requested size is then loaded unchecked.
 */
async function freeDiskBytes(databaseUrl: string): Promise<number | undefined> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ data_directory: string }>('SHOW data_directory');
    const disk = await statfs(rows[0]!.data_directory);
    return disk.bavail * disk.bsize;
  } catch {
    return undefined;
  } finally {
    await client.end();
  }
}

/**
 * The large database's assets: as many as asked, or, when the disk cannot hold them, the most it can (in steps of
 * 100,000), from the small database's measured bytes per asset beyond an empty one's.
 */
async function largeAssetCount(emptyBytes: number, smallBytes: number): Promise<number> {
  const free = await freeDiskBytes(settings.adminDatabaseUrl);
  const perAsset = (smallBytes - emptyBytes) / settings.scaleSmallAssets;
  if (free === undefined) {
    console.log('The database server is not on this machine: its disk was not checked.');
    return settings.scaleAssets;
  }
  const fits = Math.floor(free / (perAsset * DISK_MARGIN) / 100_000) * 100_000;
  console.log(
    `Disk: ${(free / 2 ** 30).toFixed(0)} GiB free for the database; ${(perAsset / 1024).toFixed(2)} KiB per asset ` +
      `with its ${settings.scaleEventsPerAsset} events, log entries and indexes (measured on the small database), ` +
      `× ${DISK_MARGIN} for index builds and WAL: room for ${fits.toLocaleString('en')} assets.`,
  );
  if (fits >= settings.scaleAssets) return settings.scaleAssets;
  console.log(
    `The disk holds fewer than the ${settings.scaleAssets.toLocaleString('en')} assets asked: the large database ` +
      `has ${fits.toLocaleString('en')}, the most this machine's disk holds.`,
  );
  return fits;
}

async function main(): Promise<void> {
  const machine = await describeMachine(settings.adminDatabaseUrl);
  const benchEnv = serviceBenchEnv();
  console.log(
    `Machine: ${machine.cpus} CPUs (${machine.cpuModel}), Node ${machine.node}, PostgreSQL ${machine.postgres}`,
  );
  const small = await setUpDatabase('small', settings.scaleSmallAssets, benchEnv);
  const largeCount = await largeAssetCount(
    small.emptyBytes,
    (await databaseSizes(small.fresh.url)).databaseBytes,
  );
  console.log(
    `Growth: ${settings.scaleSmallAssets.toLocaleString('en')} assets against ${largeCount.toLocaleString('en')}, ` +
      `${settings.scaleEventsPerAsset} events each; ${settings.connections} connections, ${settings.rounds} rounds of ` +
      `${settings.seconds} s per scenario (median reported), scenarios interleaved round by round.`,
  );
  const large = await setUpDatabase('large', largeCount, benchEnv);
  const smallScenarios = scenariosOf('small', small.server, small.credentials.apiKey, small.targets);
  const largeScenarios = scenariosOf('large', large.server, large.credentials.apiKey, large.targets);
  // Each large scenario right after its small one, so that both see the same moment of a noisy machine.
  const scenarios = smallScenarios.flatMap((scenario, index) => [scenario, largeScenarios[index]!]);

  const { summaries } = await measureInRounds(scenarios, settings);

  console.log('');
  const ratioRows = smallScenarios.map((scenario) => {
    const name = scenario.name.replace(/^small /, '');
    const smallSummary = summaries.get(`small ${name}`)!;
    const largeSummary = summaries.get(`large ${name}`)!;
    const throughput = largeSummary.requestsPerSecond / smallSummary.requestsPerSecond;
    const p99 = largeSummary.p99Ms / smallSummary.p99Ms;
    return [
      name,
      throughput.toFixed(2),
      throughput >= THROUGHPUT_TARGET ? 'met' : 'NOT met',
      p99.toFixed(2),
      p99 <= P99_TARGET ? 'met' : 'NOT met',
    ];
  });
  console.log(
    formatTable(
      ['scenario', 'req/s large / small', `≥ ${THROUGHPUT_TARGET}`, 'p99 large / small', `≤ ${P99_TARGET}`],
      ratioRows,
    ),
  );

  // The history page's plan among ten million events (the join on (asset_id, sequence) of migration 351).
  const historyPlan = await explain(large.fresh.url, {
    text: listHistoryStatement.text,
    params: [large.targets[0]!.id, 0, 51],
  });
  console.log(`\nThe history page's plan on the large database (an issued asset):\n\n${historyPlan}`);

  const sizes = await databaseSizes(large.fresh.url);
  console.log('');
  console.log(
    `Large database: ${mib(sizes.databaseBytes).toFixed(0)} MiB in all ` +
      `(${(mib(sizes.databaseBytes) / (large.count / 1e6)).toFixed(0)} MiB per million assets); ` +
      `loaded in ${large.loadSeconds.toFixed(0)} s, the small one in ${small.loadSeconds.toFixed(0)} s.`,
  );
  console.log(
    formatTable(
      ['relation', 'kind', 'rows', 'MiB', 'MiB per million rows'],
      sizes.relations.map((relation) => [
        relation.name,
        relation.kind,
        relation.rows.toLocaleString('en'),
        mib(relation.bytes).toFixed(1),
        relation.rows > 0 ? (mib(relation.bytes) / (relation.rows / 1e6)).toFixed(1) : '—',
      ]),
    ),
  );
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.error('clean-up failed:', error);
    }
  }
}
