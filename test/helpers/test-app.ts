import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config, type ConfigOverrides } from '../../src/config.js';
import type { Database } from '../../src/db/database.js';
import { PostgresDatabase } from '../../src/db/postgres.js';
import { createAccount } from '../../src/modules/accounts/accounts.service.js';
import { createApiKey, type CreatedApiKey } from '../../src/modules/keys/keys.service.js';
import { OpenApiConformance } from './openapi-conformance.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export interface TestContext {
  app: FastifyInstance;
  db: Database;
  config: Config;
  database: TestDatabase;
  /** Every /api/v1 response this context's app.inject saw, checked against the published OpenAPI document. */
  conformance: OpenApiConformance;
  /** A new account with a key for every planet (or the given scope). */
  createAccountWithKey(options?: { planetScope?: string[]; name?: string }): Promise<{
    accountId: string;
    key: string;
    apiKey: CreatedApiKey;
    auth: { authorization: string };
  }>;
  createApiKey(
    accountId: string,
    options?: { planetScope?: string[]; expiresAt?: Date },
  ): Promise<CreatedApiKey>;
  close(): Promise<void>;
}

/**
 * Long histories are re-checked only when a test asks (`app.historyChecks.runOnce()`, or a short
 * AVS_HISTORY_RECHECK_MS), so what a verification re-hashes never depends on how long a file has run.
 */
export function testConfig(overrides: ConfigOverrides = {}): Config {
  return loadConfig(
    {},
    {
      LOG_LEVEL: 'silent',
      AVS_KEY_CACHE_TTL_MS: 0,
      AVS_HISTORY_RECHECK_MS: 3_600_000,
      // Mail stays queued unless a test sends it (test/helpers/mail-server.ts).
      AVS_MAIL_DELIVERY: false,
      // Recognition (opencv.js in a worker, about 2 s and 120 MiB to load) only where a test asks: RECOGNITION_ON.
      AVS_FEATURE_WORKERS: 0,
      ...overrides,
    },
  );
}

/** The log integrates only when a test asks, and public reads of it are not throttled (log and witness tests). */
export const LOG_ON_DEMAND = {
  AVS_TLOG_INTERVAL_MS: 3_600_000,
  AVS_PUBLIC_URL: 'https://verify.example.com',
  AVS_PUBLIC_RATE_LIMIT_PER_SECOND: 1_000_000,
  AVS_PUBLIC_RATE_LIMIT_BURST: 1_000_000,
};

/** Photo search recognises new photographs: features found by one worker thread (test/recognition). */
export const RECOGNITION_ON = { AVS_FEATURE_WORKERS: 1 };

export interface TestContextOptions {
  config?: ConfigOverrides;
  /** More settings, made from the fresh (migrated) database before the app is built: e.g. witnesses of its log key. */
  prepare?: (db: Database, config: Config) => Promise<ConfigOverrides>;
}

/** The real app on a fresh database, as production builds it; requests go through app.inject. */
export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const database = await createTestDatabase();
  const prepared = options.prepare ? await options.prepare(database.db, testConfig(options.config)) : {};
  const config = testConfig({ ...options.config, ...prepared });
  const app = await buildApp({ config, db: database.db, logger: false, migrate: false });
  await app.ready();
  const conformance = await OpenApiConformance.of(app);
  conformance.watch(app);
  const context: TestContext = {
    app,
    db: database.db,
    config,
    database,
    conformance,
    createApiKey: (accountId, keyOptions = {}) =>
      createApiKey(database.db, {
        actor: { admin: true },
        accountId,
        planetScope: keyOptions.planetScope ?? [],
        expiresAt: keyOptions.expiresAt ?? null,
        name: 'test key',
      }),
    async createAccountWithKey(accountOptions = {}) {
      const account = await createAccount(database.db, { name: accountOptions.name ?? 'Test Gallery' });
      const apiKey = await context.createApiKey(account.id, { planetScope: accountOptions.planetScope });
      return {
        accountId: account.id,
        key: apiKey.key,
        apiKey,
        auth: { authorization: `Bearer ${apiKey.key}` },
      };
    },
    async close() {
      await app.close();
      await database.drop();
      // A response the tests provoked that the OpenAPI document does not describe fails the file.
      if (conformance.violations.length > 0)
        throw new Error(
          `responses that do not match the OpenAPI document:\n${conformance.violations
            .map((v) => `${v.method} ${v.url} → ${v.status}: ${v.problem}`)
            .join('\n')}`,
        );
    },
  };
  return context;
}

/**
 * The test context of a file or a describe block, as fastify/demo's build(t): built in beforeAll, closed in
 * afterAll (which fails on responses the OpenAPI document does not describe). Read it in hooks and tests.
 */
export function useTestContext(options: TestContextOptions = {}): TestContext {
  let built: TestContext | undefined;
  beforeAll(async () => {
    built = await createTestContext(options);
  });
  afterAll(async () => {
    await built?.close();
  });
  const current = (): TestContext => {
    if (!built) throw new Error('the test context is built in beforeAll: read it inside a hook or a test');
    return built;
  };
  return {
    get app() {
      return current().app;
    },
    get db() {
      return current().db;
    },
    get config() {
      return current().config;
    },
    get database() {
      return current().database;
    },
    get conformance() {
      return current().conformance;
    },
    createAccountWithKey: (accountOptions) => current().createAccountWithKey(accountOptions),
    createApiKey: (accountId, keyOptions) => current().createApiKey(accountId, keyOptions),
    close: () => current().close(),
  };
}

/**
 * A second instance of the service on the context's database, as another machine behind the load balancer: its own
 * pool on PostgreSQL; on PGlite (one process) the same database. Close it with `close()`.
 */
export async function startSecondInstance(
  context: Pick<TestContext, 'config' | 'db' | 'database'>,
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const ownDb =
    context.database.kind === 'postgres'
      ? new PostgresDatabase({
          connectionString: context.database.url!,
          poolSize: 2,
          statementTimeoutMs: 30_000,
          connectTimeoutMs: 5_000,
        })
      : undefined;
  const app = await buildApp({
    config: context.config,
    db: ownDb ?? context.db,
    logger: false,
    migrate: false,
  });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await ownDb?.close();
    },
  };
}
