import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { PgliteDatabase } from '../../src/db/pglite.js';
import { PostgresDatabase } from '../../src/db/postgres.js';
import { databaseUrl } from './postgres-url.js';

type TestDatabaseKind = 'pglite' | 'postgres';

const testDatabaseKind: TestDatabaseKind = process.env.AVS_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
export const onPostgres = testDatabaseKind === 'postgres';
/** The pgbouncer project: the service reaches PostgreSQL through PgBouncer in transaction pooling mode. */
export const throughPgbouncer = onPostgres && process.env.AVS_TEST_POOL_MODE === 'transaction';
const poolMode = throughPgbouncer ? ('transaction' as const) : ('session' as const);

export interface TestDatabase {
  kind: TestDatabaseKind;
  db: Database;
  /** Environment that points a child process (CLI, second server) at this same database. */
  childEnv(): Promise<Record<string, string>>;
  /** PostgreSQL only: the URL of this database. */
  url?: string;
  drop(): Promise<void>;
}

let pgliteTemplate: Buffer | undefined;

function pgliteTemplateBlob(): Blob {
  pgliteTemplate ??= readFileSync(inject('pgliteTemplatePath'));
  return new Blob([new Uint8Array(pgliteTemplate)]);
}

/** A PGlite data directory on disk holding a freshly migrated database, for child processes. */
async function createPgliteDataDir(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'avs-test-data-'));
  const db = await PgliteDatabase.open(dir, { loadDataDir: pgliteTemplateBlob() });
  await db.close();
  return dir;
}

function viaPgbouncer(serverUrl: string): string {
  const url = new URL(serverUrl);
  url.port = String(inject('pgbouncerPort'));
  return url.toString();
}

/** What a child process needs besides DATABASE_URL to use it the way this project does. */
const poolModeEnv: Record<string, string> = throughPgbouncer ? { AVS_DB_POOL_MODE: 'transaction' } : {};

async function createPostgresDatabase(blank = false): Promise<{ url: string; drop: () => Promise<void> }> {
  const { adminUrl, templateName } = inject('postgresTemplate');
  const name = `${templateName.replace('template', 'test')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Two files copying one template at the same instant can collide; a short retry settles it.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name}${blank ? '' : ` TEMPLATE ${templateName}`}`);
        break;
      } catch (error) {
        if (attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  const url = databaseUrl(adminUrl, name);
  return {
    url: throughPgbouncer ? viaPgbouncer(url) : url,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** A fresh, migrated database of the kind this test project runs on; `blank`: with no migration applied. */
export async function createTestDatabase(
  options: { poolSize?: number; blank?: boolean } = {},
): Promise<TestDatabase> {
  if (testDatabaseKind === 'pglite') {
    const db = await PgliteDatabase.open(
      'memory://',
      options.blank ? {} : { loadDataDir: pgliteTemplateBlob() },
    );
    return {
      kind: 'pglite',
      db,
      childEnv: async () => {
        throw new Error(
          'an in-memory PGlite database cannot be shared with a child process; use createPgliteDataDir()',
        );
      },
      drop: () => db.close(),
    };
  }
  const created = await createPostgresDatabase(options.blank);
  const db = new PostgresDatabase({
    connectionString: created.url,
    poolSize: options.poolSize ?? 10,
    statementTimeoutMs: 30_000,
    connectTimeoutMs: 5_000,
    poolMode,
  });
  return {
    kind: 'postgres',
    db,
    url: created.url,
    childEnv: async () => ({ DATABASE_URL: created.url, ...poolModeEnv }),
    drop: async () => {
      await db.close();
      await created.drop();
    },
  };
}

/** Environment for child processes on a fresh database: a data directory (PGlite) or a new database (PostgreSQL). */
export async function createChildDatabaseEnv(): Promise<{
  env: Record<string, string>;
  drop: () => Promise<void>;
}> {
  if (testDatabaseKind === 'pglite') {
    const dir = await createPgliteDataDir();
    return { env: { AVS_DATA_DIR: dir }, drop: async () => undefined };
  }
  const created = await createPostgresDatabase();
  return { env: { DATABASE_URL: created.url, ...poolModeEnv }, drop: created.drop };
}

/** Opens the database a child process used (after it exited: PGlite allows one process at a time). */
export async function openChildDatabase(env: Record<string, string>): Promise<Database> {
  if (env.DATABASE_URL) {
    return new PostgresDatabase({
      connectionString: env.DATABASE_URL,
      poolSize: 2,
      statementTimeoutMs: 30_000,
      connectTimeoutMs: 5_000,
      poolMode: env.AVS_DB_POOL_MODE === 'transaction' ? 'transaction' : 'session',
    });
  }
  return PgliteDatabase.open(env.AVS_DATA_DIR!);
}
