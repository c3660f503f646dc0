import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../lib/package-root.js';
import type { Database } from './database.js';

const migrationsDir = path.join(packageRoot, 'migrations');

// Any constant shared by every avs process: the advisory lock that lets one migrate at a time.
const MIGRATION_LOCK_ID = 4_242_001;

// A claim on an outside-transaction migration older than this is a crashed process's: another takes it over.
const CLAIM_STALE_MINUTES = 30;

/** A migration whose first line is this runs outside a transaction: CREATE INDEX CONCURRENTLY needs that. */
const OUTSIDE_TRANSACTION_MARKER = '-- avs:outside-transaction';

export interface Migration {
  version: number;
  name: string;
  sql: string;
  /** Run statement by statement, each its own transaction (see OUTSIDE_TRANSACTION_MARKER). */
  outsideTransaction: boolean;
}

export function loadMigrations(dir = migrationsDir): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d+_.+\.sql$/.test(file))
    .sort()
    .map((file) => {
      const sql = readFileSync(path.join(dir, file), 'utf8');
      return {
        version: Number(file.split('_', 1)[0]),
        name: file.replace(/\.sql$/, ''),
        sql,
        outsideTransaction: sql.startsWith(OUTSIDE_TRANSACTION_MARKER),
      };
    });
}

/**
 * The statements of an outside-transaction migration: one per line-ending `;`. Such a migration holds only
 * simple statements (no function bodies), because a multi-statement string would run as one transaction.
 */
export function splitStatements(sql: string): string[] {
  return sql
    .split(/;[ \t]*(?:\r?\n|$)/)
    .map((statement) =>
      statement
        .split(/\r?\n/)
        .filter((line) => !line.trimStart().startsWith('--'))
        .join('\n')
        .trim(),
    )
    .filter((statement) => statement.length > 0);
}

/**
 * Applies every migration not yet recorded, in order. Ordinary migrations run each in its own transaction,
 * under an advisory lock. An outside-transaction migration (CREATE INDEX CONCURRENTLY, which must not lock
 * writes on a large table) runs after the ones before it have committed, one statement at a time, and is
 * recorded when its last statement succeeds; its statements are idempotent (IF NOT EXISTS), so a second
 * process starting at the same moment, or a rerun after a failure, repeats them harmlessly.
 */
export async function migrate(db: Database, migrations = loadMigrations()): Promise<string[]> {
  const newlyApplied: string[] = [];
  for (;;) {
    const next = await db.transaction(async (tx): Promise<Migration | 'wait' | undefined> => {
      // Transaction-scoped: released at commit, even if this process dies.
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
      await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
      const { rows } = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
      const applied = new Set(rows.map((row) => row.version));
      for (const migration of migrations) {
        if (applied.has(migration.version)) continue;
        if (migration.outsideTransaction) {
          // Two CREATE INDEX CONCURRENTLY on one table deadlock: one process claims the migration (a row under
          // its negative version, taken over when older than CLAIM_STALE_MINUTES), the others wait for it.
          const { rowCount } = await tx.query(
            `INSERT INTO schema_migrations (version, name) VALUES ($1, $2)
             ON CONFLICT (version) DO UPDATE SET applied_at = now()
             WHERE schema_migrations.applied_at < now() - make_interval(mins => $3)`,
            [-migration.version, `claim of ${migration.name}`, CLAIM_STALE_MINUTES],
          );
          return rowCount > 0 ? migration : 'wait';
        }
        await tx.exec(migration.sql);
        await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
          migration.version,
          migration.name,
        ]);
        newlyApplied.push(migration.name);
      }
      return undefined;
    });
    if (!next) return newlyApplied;
    if (next === 'wait') {
      await new Promise((resolve) => setTimeout(resolve, 250));
      continue;
    }
    try {
      for (const statement of splitStatements(next.sql)) await db.query(statement);
      const { rowCount } = await db.query(
        'INSERT INTO schema_migrations (version, name) VALUES ($1, $2) ON CONFLICT (version) DO NOTHING',
        [next.version, next.name],
      );
      if (rowCount > 0) newlyApplied.push(next.name);
    } finally {
      await db.query('DELETE FROM schema_migrations WHERE version = $1', [-next.version]);
    }
  }
}
