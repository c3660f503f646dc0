// What the service costs while nothing happens (docs/performance.md, "Round 3: idle costs"): its resident set
// size 30 s after start and the CPU it spends over an idle window, on embedded PGlite and on PostgreSQL, with
// webhook delivery off (the default) and on; then the embedded server's RSS under a short mixed load.
// `npm run bench:idle` runs it alone; `npm run bench` runs it too (BENCH_ONLY=idle selects it).
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFreshPostgres, seedPglite } from './databases.js';
import { CREATE_BODY, createAssets } from './fixtures.js';
import { mixedRequests, runHttpLoad, type Measurement } from './load.js';
import { describeMachine, serviceBenchEnv } from './machine.js';
import { processCost } from './process-cost.js';
import { residentSetSize, startService, type RunningServer } from './processes.js';
import { formatTable } from './report.js';
import { readBenchSettings, type BenchSettings } from './settings.js';
import { recordTarget } from './targets.js';

const MIB = 1024 * 1024;
/** A first start creates and migrates the database: minutes on a small machine busy with other work. */
const FIRST_START_WITHIN_MS = 600_000;

/** The group name BENCH_ONLY selects these measurements by. */
export const IDLE_GROUP = 'idle';

/** One server measured while idle. */
export interface IdleMeasurement {
  name: string;
  /** Resident set size once the settle time after start has passed. */
  rssAfterStartMiB: number;
  /** CPU (user + system) over the idle window, as a percentage of one core. */
  idleCpuPercent: number;
  /** Context switches of all the process's threads per second over the window: how often it wakes. */
  wakeUpsPerSecond: number;
  /**
   * Embedded only: the server started again on its registry (seeded with a key), its RSS after the settle
   * time, then under the mixed load: the highest RSS sampled and the RSS when the load ended.
   */
  mix?: { rssAfterRestartMiB: number; peakRssMiB: number; rssAtEndMiB: number; load: Measurement };
}

/** Voluntary and involuntary context switches of every thread of the process. */
function contextSwitches(pid: number): number {
  let total = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      const status = readFileSync(`/proc/${pid}/task/${task}/status`, 'utf8');
      for (const match of status.matchAll(/^(?:non)?voluntary_ctxt_switches:\s+(\d+)$/gm))
        total += Number(match[1]);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return total;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface IdleTarget {
  name: string;
  server: RunningServer;
  env: Record<string, string>;
  /** The embedded server's data directory (it is stopped, seeded and started again for the mix). */
  dataDir?: string;
  startedAt: number;
}

/** Samples the server's RSS every 250 ms while `run` runs: the highest sample and the run's result. */
async function sampledRss<T>(pid: number, run: () => Promise<T>): Promise<{ peak: number; result: T }> {
  let peak = await residentSetSize(pid);
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await residentSetSize(pid));
      await sleep(250);
    }
  })();
  try {
    const result = await run();
    return { peak, result };
  } finally {
    sampling = false;
    await sampler;
  }
}

/** The embedded server again, on its data directory seeded with a key: its RSS after start, then under the mix. */
async function measureMix(
  target: IdleTarget,
  settings: BenchSettings,
  cleanups: (() => Promise<void>)[],
): Promise<NonNullable<IdleMeasurement['mix']>> {
  await target.server.stop();
  const credentials = await seedPglite(target.dataDir!);
  const server = await startService({
    name: 'service-pglite-mix',
    env: target.env,
    healthyWithinMs: FIRST_START_WITHIN_MS,
  });
  cleanups.push(() => server.stop());
  await sleep(settings.idleSettleSeconds * 1000);
  const rssAfterRestart = await residentSetSize(server.pid);
  const assets = await createAssets(server.url, credentials.apiKey, 64);
  const { peak, result } = await sampledRss(server.pid, () =>
    runHttpLoad(
      {
        target: () => server.url,
        pid: () => server.pid,
        headers: { authorization: `Bearer ${credentials.apiKey}` },
        requests: mixedRequests(
          assets.map((asset) => `/api/v1/assets/artworks/${asset.id}`),
          '/api/v1/assets/artworks',
          CREATE_BODY,
        ),
      },
      { connections: settings.connections, seconds: settings.idleMixSeconds },
    ),
  );
  const rssAtEnd = await residentSetSize(server.pid);
  await server.stop();
  return {
    rssAfterRestartMiB: rssAfterRestart / MIB,
    peakRssMiB: peak / MIB,
    rssAtEndMiB: rssAtEnd / MIB,
    load: result,
  };
}

/**
 * Starts the four servers (embedded and PostgreSQL, webhook delivery off and on) at once on empty registries,
 * which they migrate; waits the settle time, reads their RSS, then their CPU time over the idle window; then
 * restarts each embedded one on its registry, seeded with a key, and runs the mixed load against it.
 */
export async function measureIdleCosts(
  settings: BenchSettings,
  cleanups: (() => Promise<void>)[],
): Promise<IdleMeasurement[]> {
  const benchEnv = serviceBenchEnv();
  const targets: IdleTarget[] = [];
  const variants: { suffix: string; env: Record<string, string> }[] = [
    { suffix: '', env: {} },
    { suffix: ', webhooks on', env: { AVS_WEBHOOK_DELIVERY: 'on' } },
  ];
  for (const variant of variants) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'avs-bench-idle-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const pgliteEnv = { ...benchEnv, ...variant.env, AVS_DATA_DIR: dataDir };
    const pgliteServer = await startService({
      name: 'service-pglite-idle',
      env: pgliteEnv,
      cpuProfileDir: settings.cpuProfileDir,
      healthyWithinMs: FIRST_START_WITHIN_MS,
    });
    cleanups.push(() => pgliteServer.stop());
    targets.push({
      name: `embedded (PGlite)${variant.suffix}`,
      server: pgliteServer,
      env: pgliteEnv,
      dataDir,
      startedAt: Date.now(),
    });
    const fresh = await createFreshPostgres(settings.adminDatabaseUrl, 'idle');
    cleanups.push(() => fresh.drop());
    const postgresEnv = { ...benchEnv, ...variant.env, DATABASE_URL: fresh.url };
    const postgresServer = await startService({
      name: 'service-postgres-idle',
      env: postgresEnv,
      cpuProfileDir: settings.cpuProfileDir,
      healthyWithinMs: FIRST_START_WITHIN_MS,
    });
    cleanups.push(() => postgresServer.stop());
    targets.push({
      name: `PostgreSQL${variant.suffix}`,
      server: postgresServer,
      env: postgresEnv,
      startedAt: Date.now(),
    });
  }
  const settledAt =
    Math.max(...targets.map((target) => target.startedAt)) + settings.idleSettleSeconds * 1000;
  console.log(
    `Idle: ${targets.length} servers started on empty registries; settling ${settings.idleSettleSeconds} s, ` +
      `then ${settings.idleSeconds} s idle, then the embedded ones restarted with a key for ` +
      `${settings.idleMixSeconds} s of mixed load.`,
  );
  await sleep(Math.max(0, settledAt - Date.now()));
  const rss = await Promise.all(targets.map((target) => residentSetSize(target.server.pid)));
  const before = targets.map((target) => ({
    cpu: processCost(target.server.pid).cpuMs,
    switches: contextSwitches(target.server.pid),
    at: Date.now(),
  }));
  await sleep(settings.idleSeconds * 1000);
  const measurements: IdleMeasurement[] = targets.map((target, index) => {
    const elapsedMs = Date.now() - before[index]!.at;
    const cpuMs = processCost(target.server.pid).cpuMs - before[index]!.cpu;
    return {
      name: target.name,
      rssAfterStartMiB: rss[index]! / MIB,
      idleCpuPercent: (cpuMs / elapsedMs) * 100,
      wakeUpsPerSecond: ((contextSwitches(target.server.pid) - before[index]!.switches) * 1000) / elapsedMs,
    };
  });
  for (const [index, target] of targets.entries()) {
    if (target.dataDir !== undefined) measurements[index]!.mix = await measureMix(target, settings, cleanups);
  }
  return measurements;
}

const RSS_AFTER_START_TARGET_MIB = 250;
const RSS_UNDER_MIX_TARGET_MIB = 350;
const IDLE_CPU_TARGET_PERCENT = 0.3;
/** The server issue #53 item 4 measures at rest: embedded, at its defaults (webhook delivery off). */
const EMBEDDED_AT_REST = 'embedded (PGlite)';

/** The table of the idle measurements, with each target's verdict below it. */
export function formatIdleReport(measurements: readonly IdleMeasurement[], settings: BenchSettings): string {
  const table = formatTable(
    [
      'server',
      'RSS after first start MiB',
      'idle CPU % of a core',
      'wake-ups/s',
      'RSS after restart MiB',
      'peak RSS under mix MiB',
      'mix req/s',
    ],
    measurements.map((entry) => [
      entry.name,
      entry.rssAfterStartMiB.toFixed(0),
      entry.idleCpuPercent.toFixed(2),
      entry.wakeUpsPerSecond.toFixed(1),
      entry.mix ? entry.mix.rssAfterRestartMiB.toFixed(0) : '—',
      entry.mix ? entry.mix.peakRssMiB.toFixed(0) : '—',
      entry.mix ? entry.mix.load.requestsPerSecond.toFixed(0) : '—',
    ]),
  );
  const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
  const lines = [
    `RSS ${settings.idleSettleSeconds} s after the first start on an empty registry; idle CPU over the next ` +
      `${settings.idleSeconds} s (utime + stime of /proc/<pid>/stat); the embedded server restarted on its registry ` +
      `(RSS ${settings.idleSettleSeconds} s after), then ${settings.idleMixSeconds} s of mixed load ` +
      `(80 % get / 20 % create, ${settings.connections} connections).`,
    '',
    table,
    '',
  ];
  for (const entry of measurements) {
    if (entry.name === EMBEDDED_AT_REST) {
      // For the summary that ends `npm run bench` (bench/targets.ts); the lines below print the same figures.
      const atRest = { item: 4, atMost: true } as const;
      recordTarget({
        ...atRest,
        name: `${entry.name} RSS after the first start`,
        value: entry.rssAfterStartMiB,
        target: RSS_AFTER_START_TARGET_MIB,
        unit: ' MiB',
        digits: 0,
      });
      recordTarget({
        ...atRest,
        name: `${entry.name} idle CPU`,
        value: entry.idleCpuPercent,
        target: IDLE_CPU_TARGET_PERCENT,
        unit: ' %',
      });
    }
    lines.push(
      `${entry.name}: idle CPU ${entry.idleCpuPercent.toFixed(2)} %  target ≤ ${IDLE_CPU_TARGET_PERCENT} %: ` +
        verdict(entry.idleCpuPercent <= IDLE_CPU_TARGET_PERCENT),
    );
    if (!entry.name.startsWith('embedded')) continue;
    lines.push(
      `${entry.name}: RSS after the first start ${entry.rssAfterStartMiB.toFixed(0)} MiB  target ≤ ${RSS_AFTER_START_TARGET_MIB} MiB: ` +
        verdict(entry.rssAfterStartMiB <= RSS_AFTER_START_TARGET_MIB),
    );
    if (entry.mix) {
      lines.push(
        `${entry.name}: RSS after a restart ${entry.mix.rssAfterRestartMiB.toFixed(0)} MiB  target ≤ ${RSS_AFTER_START_TARGET_MIB} MiB: ` +
          verdict(entry.mix.rssAfterRestartMiB <= RSS_AFTER_START_TARGET_MIB),
      );
      lines.push(
        `${entry.name}: peak RSS under the mix ${entry.mix.peakRssMiB.toFixed(0)} MiB  target ≤ ${RSS_UNDER_MIX_TARGET_MIB} MiB: ` +
          verdict(entry.mix.peakRssMiB <= RSS_UNDER_MIX_TARGET_MIB),
      );
    }
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const settings = readBenchSettings();
  const machine = await describeMachine(settings.adminDatabaseUrl);
  console.log(
    `Machine: ${machine.cpus} CPUs (${machine.cpuModel}), Node ${machine.node}, PostgreSQL ${machine.postgres}, PGlite ${machine.pglite}`,
  );
  const cleanups: (() => Promise<void>)[] = [];
  try {
    const measurements = await measureIdleCosts(settings, cleanups);
    console.log(`\n${formatIdleReport(measurements, settings)}`);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => console.error(error));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    await main();
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  }
}
