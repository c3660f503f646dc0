// `npm run bench:drivers`: the service's own get and create statements through `pg` (the driver the service
// uses) and `postgres` (porsager) side by side, in one process, same pool size and concurrency.
import postgres from 'postgres';
import pg from 'pg';
import {
  FIND_ASSET_SQL,
  INSERT_ASSET_WITH_CREATED_EVENT_SQL,
} from '../src/modules/assets/assets.repository.js';
import { createFreshPostgres, seedPostgres, type Credentials } from './databases.js';
import { loopMeasurement, type Measurement } from './load.js';
import { createAssetParams } from './pglite-loop.js';
import { formatTable, median } from './report.js';
import { readBenchSettings } from './settings.js';

/** One driver as the bench drives it: a query by statement name and text, as the service sends it. */
interface Driver {
  name: string;
  query(name: string, text: string, params: unknown[]): Promise<number>;
  close(): Promise<void>;
}

function nodePg(url: string, poolSize: number): Driver {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  return {
    name: 'pg',
    // Named prepared statements, as src/db/postgres.ts sends them in session pooling.
    query: async (name, text, values) => (await pool.query({ name, text, values })).rows.length,
    close: () => pool.end(),
  };
}

function porsager(url: string, poolSize: number): Driver {
  const sql = postgres(url, { max: poolSize, prepare: true, onnotice: () => undefined });
  return {
    name: 'postgres',
    query: async (_name, text, params) =>
      (await sql.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare: true })).length,
    close: () => sql.end(),
  };
}

/** `connections` loops, each sending its next query when the last answered, for `seconds`. */
async function load(
  seconds: number,
  connections: number,
  operation: () => Promise<void>,
): Promise<Measurement & { cpuMsPer1000: number }> {
  const latencies: number[] = [];
  let errors = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const sent = performance.now();
        try {
          await operation();
        } catch {
          errors++;
        }
        latencies.push(performance.now() - sent);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  return {
    ...loopMeasurement(latencies, elapsed, errors),
    cpuMsPer1000: ((cpu.user + cpu.system) / 1000 / latencies.length) * 1000,
  };
}

async function main(): Promise<void> {
  const settings = readBenchSettings();
  const poolSize = settings.poolSize ?? 20;
  const fresh = await createFreshPostgres(settings.adminDatabaseUrl, 'drivers');
  try {
    const credentials: Credentials = await seedPostgres(fresh.url);
    const drivers = [nodePg(fresh.url, poolSize), porsager(fresh.url, poolSize)];
    const ids: string[] = [];
    for (let i = 0; i < 256; i++) {
      const params = createAssetParams(credentials);
      await drivers[0]!.query('bench_insert', INSERT_ASSET_WITH_CREATED_EVENT_SQL, params);
      ids.push(params[0] as string);
    }
    let next = 0;
    const scenarios = {
      get: async (driver: Driver) => {
        const found = await driver.query('bench_find', FIND_ASSET_SQL, [
          'artworks',
          ids[next++ % ids.length],
        ]);
        if (found !== 1) throw new Error('asset not found');
      },
      create: async (driver: Driver) => {
        await driver.query(
          'bench_insert',
          INSERT_ASSET_WITH_CREATED_EVENT_SQL,
          createAssetParams(credentials),
        );
      },
    };
    const rounds = new Map<string, (Measurement & { cpuMsPer1000: number })[]>();
    console.log(
      `drivers: pool ${poolSize}, ${settings.connections} queries in flight, ${settings.rounds} × ${settings.seconds} s, interleaved`,
    );
    for (const operation of Object.values(scenarios))
      for (const driver of drivers)
        await load(settings.warmupSeconds, settings.connections, () => operation(driver));
    for (let round = 0; round < settings.rounds; round++)
      for (const [scenario, operation] of Object.entries(scenarios))
        for (const driver of drivers) {
          const key = `${scenario} ${driver.name}`;
          const measured = await load(settings.seconds, settings.connections, () => operation(driver));
          rounds.set(key, [...(rounds.get(key) ?? []), measured]);
        }
    const rows = [...rounds].map(([key, measured]) => [
      key,
      median(measured.map((m) => m.requestsPerSecond)).toFixed(0),
      median(measured.map((m) => m.p50Ms)).toFixed(2),
      median(measured.map((m) => m.p99Ms)).toFixed(2),
      String(measured.reduce((sum, m) => sum + m.errors, 0)),
      median(measured.map((m) => m.cpuMsPer1000)).toFixed(0),
    ]);
    console.log(formatTable(['driver', 'queries/s', 'p50 ms', 'p99 ms', 'errors', 'client CPU ms/1k'], rows));
    for (const scenario of Object.keys(scenarios)) {
      const rate = (driver: string) =>
        median(rounds.get(`${scenario} ${driver}`)!.map((m) => m.requestsPerSecond));
      const cpu = (driver: string) => median(rounds.get(`${scenario} ${driver}`)!.map((m) => m.cpuMsPer1000));
      console.log(
        `${scenario}: postgres / pg = ${(rate('postgres') / rate('pg')).toFixed(2)} × the queries/s, ` +
          `${(cpu('postgres') / cpu('pg')).toFixed(2)} × the client CPU per query`,
      );
    }
    await Promise.all(drivers.map((driver) => driver.close()));
  } finally {
    await fresh.drop();
  }
}

await main();
