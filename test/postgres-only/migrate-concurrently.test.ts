import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { databaseUrl } from '../helpers/postgres-url.js';
import { runAvs } from '../helpers/processes.js';

describe('avs migrate on a new PostgreSQL database', () => {
  const { adminUrl } = inject('postgresTemplate');
  const name = `avs_migrate_${randomBytes(5).toString('hex')}`;
  const url = databaseUrl(adminUrl, name);
  const admin = new pg.Client({ connectionString: adminUrl });
  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
  });
  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('succeeds when two run at the same moment, and leaves one schema', async () => {
    const [first, second] = await Promise.all([
      runAvs(['migrate'], { env: { DATABASE_URL: url } }),
      runAvs(['migrate'], { env: { DATABASE_URL: url } }),
    ]);
    expect(first.code, first.stderr).toBe(0);
    expect(second.code, second.stderr).toBe(0);
    const outputs = [first.stdout, second.stdout].sort();
    // One applied the migrations, the other waited on the lock and found nothing left to do.
    expect(outputs[0]).toMatch(/^Applied 001_initial_schema/);
    expect(outputs[1]).toMatch(/up to date/);

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ version: number; count: string }>(
      'SELECT version, count(*) OVER () AS count FROM schema_migrations ORDER BY version',
    );
    expect(rows[0]?.version).toBe(1);
    expect(new Set(rows.map((row) => row.version)).size).toBe(rows.length);
    const tables = await client.query(
      `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public' AND tablename = 'assets'`,
    );
    expect(tables.rows[0]).toEqual({ n: 1 });
    await client.end();

    const again = await runAvs(['migrate'], { env: { DATABASE_URL: url } });
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/up to date/);
  });
});
