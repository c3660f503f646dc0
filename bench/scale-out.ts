// `npm run bench:scale-out`: the bench mix on one instance on one PostgreSQL, then on two instances behind
// PgBouncer (transaction mode) with a streaming replica (DATABASE_READ_URL). See docs/scaling.md.
import pg from 'pg';
import { createAccount } from '../src/modules/accounts/accounts.service.js';
import { createApiKey } from '../src/modules/keys/keys.service.js';
import { PostgresDatabase } from '../src/db/postgres.js';
import { startPgbouncer } from '../test/helpers/pgbouncer.js';
import { createThrowawayCluster, type ThrowawayCluster } from '../test/helpers/throwaway-postgres.js';
import { seedPostgres } from './databases.js';
import { CREATE_BODY, createAssets } from './fixtures.js';
import { rotatingGet, runHttpLoad, type Measurement, type RequestSpec } from './load.js';
import { describeMachine, serviceBenchEnv } from './machine.js';
import { startService, type RunningServer } from './processes.js';
import { formatTable, MEASUREMENT_HEADER, measurementRow, summarise } from './report.js';
import { readBenchSettings } from './settings.js';

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

/** Four reads to one create, as `npm run bench`'s mix; the reads by readerAuth (the writer's own key or another's). */
function mix(getPaths: readonly string[], writerAuth: string, readerAuth: string): RequestSpec[] {
  const get = rotatingGet(getPaths);
  const read: RequestSpec = { ...get, headers: { authorization: readerAuth } };
  const create: RequestSpec = {
    method: 'POST',
    path: '/api/v1/assets/artworks',
    body: CREATE_BODY,
    headers: { authorization: writerAuth },
  };
  return [read, read, read, read, create];
}

/** The load split evenly over the instances at once; req/s added up, latencies of the slowest. */
async function measure(
  servers: RunningServer[],
  requests: RequestSpec[],
  seconds: number,
): Promise<Measurement> {
  const connections = Math.max(1, Math.floor(settings.connections / servers.length));
  const parts = await Promise.all(
    servers.map((server) => runHttpLoad({ target: () => server.url, requests }, { connections, seconds })),
  );
  return {
    requestsPerSecond: parts.reduce((sum, part) => sum + part.requestsPerSecond, 0),
    p50Ms: Math.max(...parts.map((part) => part.p50Ms)),
    p99Ms: Math.max(...parts.map((part) => part.p99Ms)),
    errors: parts.reduce((sum, part) => sum + part.errors, 0),
    non2xx: parts.reduce((sum, part) => sum + part.non2xx, 0),
    total: parts.reduce((sum, part) => sum + part.total, 0),
  };
}

async function transactions(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      'SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()',
    );
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const machine = await describeMachine(settings.adminDatabaseUrl);
  console.log(`Machine: ${machine.cpus} CPUs (${machine.cpuModel}), Node ${machine.node}`);
  console.log(
    `Load: ${settings.connections} connections in all, ${settings.rounds} rounds of ${settings.seconds} s (median), ${settings.warmupSeconds} s warm-up.`,
  );
  // A primary of its own (the replica needs replication connections) and its pg_basebackup copy.
  const primary: ThrowawayCluster = await createThrowawayCluster();
  cleanups.push(() => primary.destroy());
  const credentials = await seedPostgres(primary.url);
  const seedDb = new PostgresDatabase({
    connectionString: primary.url,
    poolSize: 1,
    statementTimeoutMs: 10_000,
    connectTimeoutMs: 5_000,
  });
  const reader = await createAccount(seedDb, { name: 'Bench reader' });
  const readerKey = await createApiKey(seedDb, {
    actor: { admin: true },
    accountId: reader.id,
    name: 'bench reader',
  });
  await seedDb.close();
  const replica = await primary.replicate();
  cleanups.push(() => replica.destroy());
  const pgbouncer = await startPgbouncer(primary.url);
  cleanups.push(() => pgbouncer.stop());

  const env = serviceBenchEnv();
  const oneBox = await startService({ name: 'one-box', env: { ...env, DATABASE_URL: primary.url } });
  cleanups.push(() => oneBox.stop());
  const scaledEnv = {
    ...env,
    DATABASE_URL: pgbouncer.url(primary.url),
    AVS_DB_POOL_MODE: 'transaction',
    DATABASE_READ_URL: replica.url,
  };
  const scaled = [
    await startService({ name: 'scaled-1', env: scaledEnv }),
    await startService({ name: 'scaled-2', env: scaledEnv }),
  ];
  for (const server of scaled) cleanups.push(() => server.stop());
  // Two instances straight on the primary: what the two instances alone cost on this machine.
  const direct = [
    await startService({ name: 'direct-1', env: { ...env, DATABASE_URL: primary.url } }),
    await startService({ name: 'direct-2', env: { ...env, DATABASE_URL: primary.url } }),
  ];
  for (const server of direct) cleanups.push(() => server.stop());

  const assets = await createAssets(oneBox.url, credentials.apiKey, 256);
  const getPaths = assets.map((asset) => `/api/v1/assets/artworks/${asset.id}`);
  const writer = `Bearer ${credentials.apiKey}`;
  const readerAuth = `Bearer ${readerKey.key}`;

  const scenarios = [
    { name: 'one box, one key', servers: [oneBox], requests: mix(getPaths, writer, writer) },
    {
      name: 'one box, reads by a second key',
      servers: [oneBox],
      requests: mix(getPaths, writer, readerAuth),
    },
    { name: '2 instances, direct, one key', servers: direct, requests: mix(getPaths, writer, writer) },
    {
      name: '2 instances, direct, reads by a second key',
      servers: direct,
      requests: mix(getPaths, writer, readerAuth),
    },
    {
      name: '2 instances + PgBouncer + replica, one key',
      servers: scaled,
      requests: mix(getPaths, writer, writer),
    },
    {
      name: '2 instances + PgBouncer + replica, reads by a second key',
      servers: scaled,
      requests: mix(getPaths, writer, readerAuth),
    },
  ];
  const rows: string[][] = [];
  for (const scenario of scenarios) {
    await measure(scenario.servers, scenario.requests, settings.warmupSeconds);
    const beforePrimary = await transactions(primary.url);
    const beforeReplica = await transactions(replica.url);
    const rounds: Measurement[] = [];
    for (let round = 0; round < settings.rounds; round++)
      rounds.push(await measure(scenario.servers, scenario.requests, settings.seconds));
    const onPrimary = (await transactions(primary.url)) - beforePrimary;
    const onReplica = (await transactions(replica.url)) - beforeReplica;
    const summary = summarise(rounds);
    const share = onPrimary + onReplica > 0 ? (100 * onReplica) / (onPrimary + onReplica) : 0;
    rows.push([...measurementRow(scenario.name, summary), `${share.toFixed(0)} %`]);
    console.log(
      `${scenario.name}: ${summary.requestsPerSecond.toFixed(0)} req/s, ${summary.errors} errors, ${summary.non2xx} non-2xx`,
    );
  }
  console.log('');
  console.log(formatTable([...MEASUREMENT_HEADER, 'replica share of transactions'], rows));
  const failed = rows.some((row) => row[4] !== '0' || row[5] !== '0');
  if (failed) process.exitCode = 1;
}

try {
  await main();
} finally {
  await cleanUp();
}
