import {
  chmodSync,
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import path from 'node:path';
import v8 from 'node:v8';
import { PGlite, types, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { parseDateTime } from '../lib/date-time.js';
import { ChangeSignals, PendingAnnouncements } from './change-signals.js';
import { PglitePreparedStatements } from './pglite-prepared.js';
import {
  type ChangeTopic,
  DataDirectoryInUseError,
  DataDirectoryUnsafeError,
  singleStatementQueryable,
  type Database,
  type Queryable,
  type QueryResult,
  type Row,
  type Sql,
} from './database.js';

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The data directory is its owner's alone, as PostgreSQL requires: created 0700, refused when others can
 * write to it (they could swap the catalogs that hold the append-only triggers).
 */
function prepareDataDir(dataDir: string): void {
  if (!existsSync(dataDir)) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    // mkdir's mode passes through the umask; this one is exact.
    chmodSync(dataDir, 0o700);
    return;
  }
  const { mode } = statSync(dataDir);
  if ((mode & 0o022) !== 0) throw new DataDirectoryUnsafeError(dataDir, mode);
}

/**
 * PGlite's file system layer creates its files world-writable (0666, whatever the umask): take every
 * permission of group and others away, at open and at close (files made while running are caught then).
 */
function restrictToOwner(directory: string): void {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const entryPath = path.join(directory, entry.name);
    if (entry.isSymbolicLink()) continue;
    const { mode } = lstatSync(entryPath);
    if ((mode & 0o077) !== 0) chmodSync(entryPath, mode & 0o700);
    if (entry.isDirectory()) restrictToOwner(entryPath);
  }
}

/** A lock file beside the data: PGlite itself would let two processes open one directory and corrupt it. */
function acquireDataDirLock(dataDir: string): () => void {
  const lockPath = path.join(dataDir, 'avs.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(lockPath, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isProcessAlive(holder)) {
        throw new DataDirectoryInUseError(dataDir, holder);
      }
      // The holder is gone: the lock is stale.
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}.`);
}

/**
 * PGlite reads a timestamptz with `new Date(text)`, which takes years 0001–0099 for 1901–2099 (an alert that
 * occurred in 0050 read back as 2050): read it as the service reads a client's date-time, as node-postgres does.
 */
function readTimestamptz(text: string): Date | number {
  if (text === 'infinity') return Infinity;
  if (text === '-infinity') return -Infinity;
  return parseDateTime(text) ?? new Date(text);
}

/**
 * PostgreSQL's page cache of an embedded database, in MiB, unless the caller says otherwise. PGlite touches all
 * of it at start, so it is resident from the first second: initdb's 128 MB made most of the server's RSS.
 * The operating system's file cache still holds what does not fit (docs/performance.md, "Round 3: idle costs").
 */
const DEFAULT_PGLITE_SHARED_BUFFERS_MB = 32;

export interface PgliteOpenOptions extends Omit<PGliteOptions, 'dataDir'> {
  /** shared_buffers in MiB (DEFAULT_PGLITE_SHARED_BUFFERS_MB); ignored when startParams are given. */
  sharedBuffersMb?: number;
  /**
   * Creates a new data directory (initdb) in a short-lived child process: creating one leaves ~100 MiB in the
   * creating process that closing does not give back, which a server would hold for its whole life.
   */
  initialiseInChildProcess?: boolean;
}

/**
 * V8 compiles PGlite's WebAssembly twice by default: a quick baseline (Liftoff) of every function at start, then
 * optimised code (TurboFan) of the hot ones, and keeps both. Optimised code only: ~60 MiB less resident and no
 * slower once started, for about a second more CPU at start (docs/performance.md, "Round 3: idle costs").
 * Process-wide, so for a long-lived server, called before its database opens.
 */
export function compileWebAssemblyOptimisedOnly(): void {
  v8.setFlagsFromString('--no-liftoff');
}

/** Runs PGlite's initdb on dataDir in a child process, which exits and takes initdb's memory with it. */
async function initialiseInChildProcess(dataDir: string): Promise<void> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script =
    `require(${JSON.stringify(entry)}).PGlite.create({ dataDir: ${JSON.stringify(dataDir)} })` +
    '.then((db) => db.close()).catch((error) => { console.error(error); process.exit(1); });';
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`Could not create the database in ${dataDir}: ${stderr.trim()}`);
}

function toResult<T extends object>(result: { rows: T[]; affectedRows?: number }): QueryResult<T> {
  return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
}

export class PgliteDatabase implements Database {
  readonly kind = 'pglite' as const;
  /** Every writer of this data directory is in this process: its announcements are the whole story. */
  private readonly signals = new ChangeSignals();
  /** prepared() statements, parsed once on this PGlite's session (docs/performance.md, "PGlite's named statements"). */
  private readonly preparedStatements: PglitePreparedStatements;

  private constructor(
    readonly pglite: PGlite,
    private readonly releaseLock: () => void,
  ) {
    this.preparedStatements = new PglitePreparedStatements(pglite);
  }

  /** Opens (creating if needed) the database stored in dataDir; memory:// opens a throwaway one. */
  static async open(dataDir: string, options: PgliteOpenOptions = {}): Promise<PgliteDatabase> {
    const { sharedBuffersMb, initialiseInChildProcess: initialiseApart, ...pgliteOptions } = options;
    const inMemory = dataDir.startsWith('memory://');
    if (!inMemory) prepareDataDir(dataDir);
    const lock = inMemory ? () => undefined : acquireDataDirLock(dataDir);
    const releaseLock = inMemory
      ? lock
      : () => {
          lock();
          restrictToOwner(dataDir);
        };
    try {
      if (initialiseApart && !inMemory && !existsSync(path.join(dataDir, 'PG_VERSION')))
        await initialiseInChildProcess(dataDir);
      const pglite = await PGlite.create({
        ...pgliteOptions,
        startParams: pgliteOptions.startParams ?? [
          ...PGlite.defaultStartParams,
          '-c',
          `shared_buffers=${sharedBuffersMb ?? DEFAULT_PGLITE_SHARED_BUFFERS_MB}MB`,
        ],
        // The trigram index of the asset list's title search (migration 160), as on PostgreSQL.
        extensions: { pg_trgm, ...pgliteOptions.extensions },
        parsers: { [types.TIMESTAMPTZ]: readTimestamptz, ...pgliteOptions.parsers },
        dataDir: inMemory ? undefined : dataDir,
      });
      if (!inMemory) restrictToOwner(dataDir);
      return new PgliteDatabase(pglite, releaseLock);
    } catch (error) {
      releaseLock();
      throw error;
    }
  }

  async query<T extends object = Row>(sql: Sql, params?: readonly unknown[]): Promise<QueryResult<T>> {
    if (typeof sql !== 'string') return toResult(await this.preparedStatements.query<T>(sql, params));
    return toResult(await this.pglite.query<T>(sql, params as unknown[]));
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const announced = new PendingAnnouncements();
    const result = await this.pglite.transaction(async (tx) =>
      fn({
        query: async <R extends object = Row>(sql: Sql, params?: readonly unknown[]) =>
          toResult(
            typeof sql === 'string'
              ? await tx.query<R>(sql, params as unknown[])
              : await this.preparedStatements.queryInTransaction<R>(tx, sql, params),
          ),
        exec: async (sql: string) => {
          await tx.exec(sql);
        },
        announce: (topic) => announced.add(topic),
      }),
    );
    announced.deliver((topic) => this.signals.emit(topic));
    return result;
  }

  async singleStatement<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return fn(singleStatementQueryable(this));
  }

  async exec(sql: string): Promise<void> {
    await this.pglite.exec(sql);
  }

  announce(topic: ChangeTopic): void {
    this.signals.emit(topic);
  }

  onChange(topic: ChangeTopic, listener: () => void): () => void {
    return this.signals.on(topic, listener);
  }

  async close(): Promise<void> {
    try {
      await this.pglite.close();
    } finally {
      this.releaseLock();
    }
  }
}
