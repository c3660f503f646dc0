// `npm run bench:integrator`: how many events a second the transparency log's one integrator appends, on
// PostgreSQL (issue #52, docs/scaling.md "6. Citus": the log stays one writer past one primary; this is its ceiling).
import { PostgresDatabase } from '../src/db/postgres.js';
import { INSERT_ASSET_WITH_CREATED_EVENT_SQL } from '../src/modules/assets/assets.repository.js';
import { SigningKeyring } from '../src/modules/signing/signing-keys.service.js';
import { INTEGRATION_BATCH, integrateBatch } from '../src/modules/tlog/tlog.service.js';
import { createFreshPostgres, seedPostgres } from './databases.js';
import { describeMachine } from './machine.js';
import { createAssetParams } from './pglite-loop.js';
import { formatTable } from './report.js';
import { readBenchSettings } from './settings.js';

const settings = readBenchSettings();
/** Events queued for the log before the integrator is timed. */
const EVENTS = Math.round(Number(process.env.BENCH_INTEGRATOR_EVENTS ?? 100_000));
/** Creates in flight while queuing. */
const WRITERS = 16;

async function main(): Promise<void> {
  const machine = await describeMachine(settings.adminDatabaseUrl);
  console.log(
    `Machine: ${machine.cpus} CPUs (${machine.cpuModel}), Node ${machine.node}, PostgreSQL ${machine.postgres}`,
  );
  const fresh = await createFreshPostgres(settings.adminDatabaseUrl, 'integrator');
  const db = new PostgresDatabase({
    connectionString: fresh.url,
    poolSize: WRITERS,
    statementTimeoutMs: 600_000,
    connectTimeoutMs: 10_000,
  });
  try {
    const credentials = await seedPostgres(fresh.url);
    const keyring = new SigningKeyring(undefined);
    // The log's first checkpoint, so that the timed part appends only.
    await integrateBatch(db, keyring, 'bench.example/tlog');
    let queued = 0;
    const writer = async () => {
      while (queued < EVENTS) {
        queued++;
        await db.query(INSERT_ASSET_WITH_CREATED_EVENT_SQL, createAssetParams(credentials));
      }
    };
    const queuing = performance.now();
    await Promise.all(Array.from({ length: WRITERS }, writer));
    const queueSeconds = (performance.now() - queuing) / 1000;
    await db.query('VACUUM ANALYZE tlog_pending');

    const rows: string[][] = [];
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    let appended = 0;
    let batches = 0;
    for (;;) {
      const result = await integrateBatch(db, keyring, 'bench.example/tlog');
      if (result.appended === 0) break;
      appended += result.appended;
      batches++;
    }
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const { rows: pending } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM tlog_pending');
    if (appended !== EVENTS || pending[0]!.n !== 0)
      throw new Error(`appended ${appended} of ${EVENTS} queued events; ${pending[0]!.n} left in the queue`);
    rows.push([
      EVENTS.toLocaleString('en'),
      `${batches} of ≤ ${INTEGRATION_BATCH}`,
      seconds.toFixed(1),
      Math.round(appended / seconds).toLocaleString('en'),
      (((cpu.user + cpu.system) / 1000 / appended) * 1000).toFixed(1),
    ]);
    console.log(
      `Queued ${EVENTS.toLocaleString('en')} creates (one event each) at ${Math.round(EVENTS / queueSeconds)} /s ` +
        `with ${WRITERS} writers, then appended them to the log by integrateBatch alone:`,
    );
    console.log(
      formatTable(
        ['events', 'transactions', 'seconds', 'events/s', 'integrator CPU ms per 1,000 events (Node)'],
        rows,
      ),
    );
  } finally {
    await db.close();
    await fresh.drop();
  }
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
