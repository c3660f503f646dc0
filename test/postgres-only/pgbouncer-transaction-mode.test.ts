import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepared } from '../../src/db/database.js';
import { PostgresDatabase } from '../../src/db/postgres.js';
import { startPgbouncer, type RunningPgbouncer } from '../helpers/pgbouncer.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

// The whole API suite also runs through PgBouncer (vitest project "pgbouncer"); this file pins down why
// AVS_DB_POOL_MODE=transaction is needed and what it changes.
describe('AVS_DB_POOL_MODE=transaction behind Debian PgBouncer 1.18 (transaction pooling, default settings)', () => {
  let pgbouncer: RunningPgbouncer;
  let database: TestDatabase;
  const open = (poolMode: 'session' | 'transaction', poolSize = 4) =>
    new PostgresDatabase({
      connectionString: pgbouncer.url(database.url!),
      poolSize,
      statementTimeoutMs: 4_321,
      connectTimeoutMs: 5_000,
      poolMode,
    });

  beforeAll(async () => {
    database = await createTestDatabase({ poolSize: 2 });
    pgbouncer = await startPgbouncer(database.url!);
  });
  afterAll(async () => {
    await pgbouncer?.stop();
    await database?.drop();
  });

  it('session mode cannot even connect: PgBouncer refuses the statement_timeout startup parameter', async () => {
    const db = open('session');
    try {
      await expect(db.query('SELECT 1')).rejects.toThrow(/unsupported startup parameter: statement_timeout/);
    } finally {
      await db.close();
    }
  });

  it('transaction mode: the statement timeout holds in every transaction, set locally', async () => {
    const db = open('transaction');
    try {
      const inside = await db.transaction((tx) =>
        tx.query<{ statement_timeout: string }>('SHOW statement_timeout'),
      );
      expect(inside.rows[0]!.statement_timeout).toBe('4321ms');
      await expect(db.transaction((tx) => tx.query('SELECT pg_sleep(10)'))).rejects.toThrow(
        /canceling statement due to statement timeout/,
      );
    } finally {
      await db.close();
    }
  });

  it('transaction mode: a hot statement runs from many clients over few server connections', async () => {
    // Named, each client would prepare it on whichever server connection it got; the next server
    // connection would answer "prepared statement … does not exist".
    const statement = prepared('pgbouncer_probe', 'SELECT $1::int + 1 AS n');
    const db = open('transaction', 30);
    try {
      const results = await Promise.all(
        Array.from({ length: 300 }, (_, i) =>
          i % 2 === 0
            ? db.query<{ n: number }>(statement, [i])
            : db.transaction((tx) => tx.query<{ n: number }>(statement, [i])),
        ),
      );
      expect(results.map((result) => result.rows[0]!.n)).toEqual(results.map((_, i) => i + 1));
    } finally {
      await db.close();
    }
  });
});
