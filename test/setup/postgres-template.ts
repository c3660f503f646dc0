import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { PostgresDatabase } from '../../src/db/postgres.js';
import { migrate } from '../../src/db/migrate.js';
import { databaseUrl } from '../helpers/postgres-url.js';

// One migrated template database per run; each test file gets CREATE DATABASE … TEMPLATE it.
export default async function setup(project: TestProject) {
  const adminUrl = process.env.AVS_TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('AVS_TEST_DATABASE_URL is not set');
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(`AVS_TEST_DATABASE_URL=${adminUrl} cannot be reached: ${(error as Error).message}`);
  }
  const templateName = `avs_template_${randomBytes(6).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${templateName}`);
  const db = new PostgresDatabase({
    connectionString: databaseUrl(adminUrl, templateName),
    poolSize: 2,
    statementTimeoutMs: 60_000,
    connectTimeoutMs: 5_000,
  });
  await migrate(db);
  await db.close();
  await admin.end();
  project.provide('postgresTemplate', { adminUrl, templateName });

  return async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
    // Databases of test files that crashed before their own teardown.
    const { rows } = await cleanup.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1`,
      [`${templateName.replace('template', 'test')}%`],
    );
    for (const row of rows) await cleanup.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
    await cleanup.end();
  };
}
