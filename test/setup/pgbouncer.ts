import type { TestProject } from 'vitest/node';
import { startPgbouncer } from '../helpers/pgbouncer.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The pgbouncer project: PgBouncer's port in front of AVS_TEST_DATABASE_URL's server. */
    pgbouncerPort: number;
  }
}

// The pgbouncer project: PgBouncer 1.18 in transaction mode in front of the CI's PostgreSQL. Templates and
// per-file databases are made directly (CREATE DATABASE … TEMPLATE); the service's connections go through it.
export default async function setup(project: TestProject) {
  const adminUrl = process.env.AVS_TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('AVS_TEST_DATABASE_URL is not set');
  const pgbouncer = await startPgbouncer(adminUrl);
  project.provide('pgbouncerPort', pgbouncer.port);
  return () => pgbouncer.stop();
}
