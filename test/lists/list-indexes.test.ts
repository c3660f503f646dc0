import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMigrations, migrate, splitStatements } from '../../src/db/migrate.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

describe('the list indexes and the outside-transaction migration', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('migration 161 runs outside a transaction and leaves every list index valid', async () => {
    const migration = loadMigrations().find((entry) => entry.version === 161)!;
    expect(migration.outsideTransaction).toBe(true);
    const { rows } = await database.db.query<{ name: string; valid: boolean }>(
      `SELECT c.relname AS name, i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
       WHERE c.relname LIKE 'assets%account_created_idx' OR c.relname LIKE 'assets%title_trgm_idx'
          OR c.relname LIKE 'webhook_outbox_%created_idx'`,
    );
    // The parent's index and one per partition (four planets), twice, and the two of the events.
    expect(rows).toHaveLength(12);
    expect(rows.every((row) => row.valid)).toBe(true);
  });

  it('runs a CREATE INDEX CONCURRENTLY migration, and reruns it harmlessly', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'avs-migrations-'));
    writeFileSync(
      path.join(dir, '900_probe.sql'),
      'CREATE TABLE IF NOT EXISTS migration_probe (n integer);\nINSERT INTO migration_probe VALUES (1);\n',
    );
    writeFileSync(
      path.join(dir, '901_probe_index.sql'),
      '-- avs:outside-transaction\n-- a comment line\nCREATE INDEX CONCURRENTLY IF NOT EXISTS migration_probe_n ON migration_probe (n);\n' +
        'CREATE INDEX CONCURRENTLY IF NOT EXISTS migration_probe_n2 ON migration_probe ((n * 2));\n',
    );
    writeFileSync(path.join(dir, '902_probe_after.sql'), 'INSERT INTO migration_probe VALUES (2);\n');
    const probes = loadMigrations(dir);
    const applied = await migrate(database.db, [...loadMigrations(), ...probes]);
    expect(applied).toEqual(['900_probe', '901_probe_index', '902_probe_after']);
    expect(await migrate(database.db, [...loadMigrations(), ...probes])).toEqual([]);
    // A rerun of the statements themselves (a crash before the migration was recorded) does no harm.
    await database.db.query('DELETE FROM schema_migrations WHERE version = 901');
    expect(await migrate(database.db, [...loadMigrations(), ...probes])).toEqual(['901_probe_index']);
    const { rows } = await database.db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM pg_indexes WHERE tablename = 'migration_probe'",
    );
    expect(rows[0]!.count).toBe(2);
  });

  it('splits an outside-transaction migration into its statements, without comment lines', () => {
    expect(
      splitStatements(
        '-- avs:outside-transaction\n-- why\nCREATE INDEX a ON t (x);\nALTER INDEX a\n  ATTACH PARTITION b;\n',
      ),
    ).toEqual(['CREATE INDEX a ON t (x)', 'ALTER INDEX a\n  ATTACH PARTITION b']);
  });
});
