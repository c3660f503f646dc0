import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import {
  DataDirectoryInUseError,
  singleStatementQueryable,
  sqlText,
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

/** A lock file beside the data: PGlite itself would let two processes open one directory and corrupt it. */
function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
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

function toResult<T extends Row>(result: { rows: T[]; affectedRows?: number }): QueryResult<T> {
  return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
}

export class PgliteDatabase implements Database {
  readonly kind = 'pglite' as const;

  private constructor(
    readonly pglite: PGlite,
    private readonly releaseLock: () => void,
  ) {}

  /** Opens (creating if needed) the database stored in dataDir; memory:// opens a throwaway one. */
  static async open(dataDir: string, options: Omit<PGliteOptions, 'dataDir'> = {}): Promise<PgliteDatabase> {
    const inMemory = dataDir.startsWith('memory://');
    const releaseLock = inMemory ? () => undefined : acquireDataDirLock(dataDir);
    try {
      const pglite = await PGlite.create({ ...options, dataDir: inMemory ? undefined : dataDir });
      return new PgliteDatabase(pglite, releaseLock);
    } catch (error) {
      releaseLock();
      throw error;
    }
  }

  async query<T extends Row = Row>(sql: Sql, params?: readonly unknown[]): Promise<QueryResult<T>> {
    return toResult(await this.pglite.query<T>(sqlText(sql), params as unknown[]));
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.pglite.transaction(async (tx) =>
      fn({
        query: async <R extends Row = Row>(sql: Sql, params?: readonly unknown[]) =>
          toResult(await tx.query<R>(sqlText(sql), params as unknown[])),
        exec: async (sql: string) => {
          await tx.exec(sql);
        },
      }),
    );
  }

  async singleStatement<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return fn(singleStatementQueryable(this));
  }

  async exec(sql: string): Promise<void> {
    await this.pglite.exec(sql);
  }

  async close(): Promise<void> {
    try {
      await this.pglite.close();
    } finally {
      this.releaseLock();
    }
  }
}
