import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// Every database test runs twice: on embedded PGlite always, and on PostgreSQL when
// AVS_TEST_DATABASE_URL is set (CI sets it, and an unreachable server fails the run).
const postgresUrl = process.env.AVS_TEST_DATABASE_URL;
// Admin pages in headless Chromium: wherever Debian's chromium is installed, and always in CI (.ci/run installs it).
const withBrowser = existsSync('/usr/bin/chromium') || Boolean(process.env.CI);
// The API suite once more through Debian's PgBouncer in transaction mode (.ci/run installs it).
const withPgbouncer = Boolean(postgresUrl) && (existsSync('/usr/sbin/pgbouncer') || Boolean(process.env.CI));
// Files that open no database (or read only the OpenAPI document): they prove nothing more on a second one, so
// they run in the pglite project only (test/unit is excluded from the others as a whole).
const noDatabase = [
  'test/tlog/merkle.test.ts',
  'test/credentials/test-vectors.test.ts',
  'test/api/openapi-contract.test.ts',
  'test/tags/sun-crypto.test.ts',
  'test/tags/software-tag.test.ts',
  'test/i18n/catalogue.test.ts',
  'test/i18n/page-errors.test.ts',
];

// The failover test (#52) starts etcd and three PostgreSQL nodes under Patroni: `npm run test:failover` alone.
const withFailover = Boolean(process.env.AVS_TEST_FAILOVER);

const testWorkers = Number(process.env.AVS_TEST_WORKERS ?? 3);

export default defineConfig({
  test: {
    testTimeout: 180_000,
    hookTimeout: 180_000,
    teardownTimeout: 60_000,
    pool: 'forks',
    // A worker process runs file after file without re-importing the app for each (the import was a third of CI's
    // time); each file still opens its own database. Tests must not lean on module state another file left behind.
    isolate: false,
    // 2-core machines: a few files at a time. minWorkers = maxWorkers: with fewer, tinypool retires an idle worker
    // while vitest still counts on it, and the run ends early with "Terminating worker thread" (docs/testing.md).
    maxWorkers: testWorkers,
    minWorkers: testWorkers,
    reporters: process.env.CI ? ['verbose'] : ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'pglite',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          exclude: [
            'test/postgres-only/**',
            'test/browser/**',
            'test/failover/**',
            'node_modules/**',
            'dist/**',
          ],
          env: { AVS_TEST_DB: 'pglite' },
          globalSetup: ['test/setup/pglite-template.ts'],
        },
      },
      ...(postgresUrl
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
                exclude: [
                  'test/pglite-only/**',
                  'test/unit/**',
                  'test/browser/**',
                  'test/failover/**',
                  ...noDatabase,
                  'src/**',
                  'node_modules/**',
                  'dist/**',
                ],
                env: { AVS_TEST_DB: 'postgres' },
                globalSetup: ['test/setup/postgres-template.ts'],
              },
            },
          ]
        : []),
      ...(withPgbouncer
        ? [
            {
              extends: true as const,
              test: {
                name: 'pgbouncer',
                include: ['test/api/**/*.test.ts', 'test/lifecycle/**/*.test.ts'],
                exclude: [...noDatabase, 'node_modules/**', 'dist/**'],
                env: { AVS_TEST_DB: 'postgres', AVS_TEST_POOL_MODE: 'transaction' },
                globalSetup: ['test/setup/postgres-template.ts', 'test/setup/pgbouncer.ts'],
              },
            },
          ]
        : []),
      ...(withFailover
        ? [
            {
              extends: true as const,
              test: {
                name: 'failover',
                include: ['test/failover/**/*.test.ts'],
                env: { AVS_TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
      ...(withBrowser
        ? [
            {
              extends: true as const,
              test: {
                name: 'browser',
                include: ['test/browser/**/*.test.ts'],
                env: { AVS_TEST_DB: 'pglite' },
                globalSetup: ['test/setup/pglite-template.ts'],
              },
            },
          ]
        : []),
      // The console's end-to-end journey and its camera photographs (#47), the collectors' journey (#50) and the
      // search pages' recognised matches (#51), once more on PostgreSQL (the issues ask for both databases).
      ...(withBrowser && postgresUrl
        ? [
            {
              extends: true as const,
              test: {
                name: 'browser-postgres',
                include: [
                  'test/browser/console-journey.test.ts',
                  'test/browser/camera-photos.test.ts',
                  'test/browser/collector-journey.test.ts',
                  'test/browser/recognised-photo-search.test.ts',
                ],
                env: { AVS_TEST_DB: 'postgres' },
                globalSetup: ['test/setup/postgres-template.ts'],
              },
            },
          ]
        : []),
    ],
  },
});
