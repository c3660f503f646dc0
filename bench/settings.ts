// The bench's knobs, read from the environment in this one file (the service's own config stays in src/config.ts).

export interface BenchSettings {
  /** Length of one measured round of one scenario. */
  seconds: number;
  /** Rounds per scenario; the report is the median. */
  rounds: number;
  warmupSeconds: number;
  connections: number;
  /** A PostgreSQL server (trust auth) on which the bench creates, and afterwards drops, a fresh database. */
  adminDatabaseUrl: string;
  /** PostgreSQL connections of the service and of the floor server (the service default unless set). */
  poolSize: number | undefined;
  pgbenchPath: string;
  /** Run only these scenarios (comma-separated names); everything when unset. */
  only: ReadonlySet<string> | undefined;
  /** The path ceilings' paths to run (BENCH_PATHS='transfer accept,import row'): all of them when unset. */
  ceilingPaths: ReadonlySet<string> | undefined;
  /** Write a V8 CPU profile of each server process into this directory. */
  cpuProfileDir: string | undefined;
  /** Total requests of the memory check. */
  memoryRequests: number;
  /** Copies of each image bomb the memory check sends at once. */
  bombCopies: number;
  /** Assets bulk-loaded into one account for the list scenarios (a million: docs/performance.md, "Lists at a million assets"). */
  listAssets: number;
  /** Idle costs (bench/idle.ts): seconds after start before the RSS is read, the idle window, the mixed load. */
  idleSettleSeconds: number;
  idleSeconds: number;
  idleMixSeconds: number;
  /** The growth bench (bench/scale.ts): assets of the large database, events per asset, assets of the small one. */
  scaleAssets: number;
  scaleEventsPerAsset: number;
  scaleSmallAssets: number;
  /** Assets bulk-loaded for the export scenario (issue #49: a million, docs/performance.md "Inventory"). */
  exportAssets: number;
  /** Rows of the CSV the import scenario imports (issue #49: 100,000, the most a file may hold). */
  importRows: number;
  /** The PostgreSQL 15 binaries the path ceilings' own cluster (initdb, pg_ctl) is run from (issue #53, item 2). */
  postgresBin: string;
  /** Requests of each path sent one at a time while pg_stat_statements counts their statements. */
  pathStatementRequests: number;
}

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name}=${raw}: expected a positive number.`);
  return value;
}

export function readBenchSettings(): BenchSettings {
  const only = process.env.BENCH_ONLY;
  return {
    seconds: positiveNumber('BENCH_SECONDS', 5),
    rounds: Math.round(positiveNumber('BENCH_ROUNDS', 3)),
    warmupSeconds: positiveNumber('BENCH_WARMUP_SECONDS', 2),
    connections: Math.round(positiveNumber('BENCH_CONNECTIONS', 32)),
    adminDatabaseUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    poolSize: process.env.BENCH_POOL_SIZE ? Math.round(positiveNumber('BENCH_POOL_SIZE', 20)) : undefined,
    pgbenchPath: process.env.BENCH_PGBENCH || 'pgbench',
    only: only ? new Set(only.split(',').map((name) => name.trim())) : undefined,
    ceilingPaths: process.env.BENCH_PATHS
      ? new Set(process.env.BENCH_PATHS.split(',').map((name) => name.trim()))
      : undefined,
    cpuProfileDir: process.env.BENCH_CPU_PROFILE_DIR || undefined,
    memoryRequests: Math.round(positiveNumber('BENCH_MEMORY_REQUESTS', 1_000_000)),
    bombCopies: Math.round(positiveNumber('BENCH_BOMB_COPIES', 8)),
    listAssets: Math.round(positiveNumber('BENCH_LIST_ASSETS', 1_000_000)),
    exportAssets: Math.round(positiveNumber('BENCH_EXPORT_ASSETS', 1_000_000)),
    importRows: Math.round(positiveNumber('BENCH_IMPORT_ROWS', 100_000)),
    postgresBin: process.env.BENCH_POSTGRES_BIN || '/usr/lib/postgresql/15/bin',
    pathStatementRequests: Math.round(positiveNumber('BENCH_PATH_STATEMENT_REQUESTS', 200)),
    idleSettleSeconds: positiveNumber('BENCH_IDLE_SETTLE_SECONDS', 30),
    idleSeconds: positiveNumber('BENCH_IDLE_SECONDS', 60),
    idleMixSeconds: positiveNumber('BENCH_IDLE_MIX_SECONDS', 20),
    scaleAssets: Math.round(positiveNumber('BENCH_SCALE_ASSETS', 10_000_000)),
    scaleEventsPerAsset: Math.round(positiveNumber('BENCH_SCALE_EVENTS_PER_ASSET', 10)),
    scaleSmallAssets: Math.round(positiveNumber('BENCH_SCALE_SMALL', 10_000)),
  };
}
