import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { ConfigOverrides } from '../../src/config.js';
import { createAccount } from '../../src/modules/accounts/accounts.service.js';
import { createApiKey } from '../../src/modules/keys/keys.service.js';
import { freePort } from '../helpers/processes.js';
import { TcpProxy } from '../helpers/tcp-proxy.js';
import { testConfig } from '../helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';
import { waitFor } from '../helpers/wait-for.js';

const REDIS = { host: '127.0.0.1', port: 6379 };
const assetUrl = () => `/api/v1/assets/artworks/${randomUUID()}`;

interface LoggedApp {
  app: FastifyInstance;
  logs: Array<{ level: number; msg: string }>;
}

describe('rate limits shared through Redis', () => {
  let database: TestDatabase;
  const prefix = `avs-test:${randomUUID()}:`;
  const apps: LoggedApp[] = [];
  const redis = new Redis({ ...REDIS, lazyConnect: true });

  async function startApp(overrides: ConfigOverrides): Promise<LoggedApp> {
    const logs: LoggedApp['logs'] = [];
    const app = await buildApp({
      // One token per 100 s: no refill during a test however slow the machine is.
      config: testConfig({ AVS_RATE_LIMIT_PER_SECOND: 0.01, AVS_RATE_LIMIT_BURST: 6, ...overrides }),
      db: database.db,
      migrate: false,
      redisKeyPrefix: prefix,
      logger: {
        level: 'info',
        stream: { write: (line: string) => logs.push(JSON.parse(line) as LoggedApp['logs'][number]) },
      },
    });
    await app.ready();
    const started = { app, logs };
    apps.push(started);
    return started;
  }

  async function newKey(): Promise<{ authorization: string }> {
    const account = await createAccount(database.db, { name: 'Redis Gallery' });
    const key = await createApiKey(database.db, {
      actor: { admin: true },
      accountId: account.id,
      planetScope: [],
    });
    return { authorization: `Bearer ${key.key}` };
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    await redis.connect();
  });
  afterAll(async () => {
    await Promise.all(apps.map(({ app }) => app.close()));
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    await database.drop();
  });

  it('shares one bucket per key between two instances', async () => {
    const url = `redis://${REDIS.host}:${REDIS.port}`;
    const first = await startApp({ REDIS_URL: url });
    const second = await startApp({ REDIS_URL: url });
    await waitFor(() => first.app.rateLimits.store === 'redis' && second.app.rateLimits.store === 'redis');
    const auth = await newKey();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const { app } = i % 2 === 0 ? first : second;
      statuses.push((await app.inject({ method: 'GET', url: assetUrl(), headers: auth })).statusCode);
    }
    // Six tokens in all, not six per instance.
    expect(statuses).toEqual([404, 404, 404, 404, 404, 404, 429, 429]);
    const stored = await redis.keys(`${prefix}key:*`);
    expect(stored.length).toBe(1);
    expect(await redis.pttl(stored[0]!)).toBeGreaterThan(0);
  });

  it('keeps serving with in-memory limits while Redis is away, says so, and shares again when it returns', async () => {
    const proxy = new TcpProxy(REDIS.host, REDIS.port);
    await proxy.start();
    const { app, logs } = await startApp({ REDIS_URL: `redis://127.0.0.1:${proxy.port}` });
    await waitFor(() => app.rateLimits.store === 'redis');
    const auth = await newKey();
    expect((await app.inject({ method: 'GET', url: assetUrl(), headers: auth })).statusCode).toBe(404);

    await proxy.stop();
    await waitFor(() => app.rateLimits.store === 'memory (redis unavailable)');
    const started = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push((await app.inject({ method: 'GET', url: assetUrl(), headers: auth })).statusCode);
    expect(Date.now() - started).toBeLessThan(2_000);
    // The in-memory bucket starts full (6), so six pass and then it limits on its own.
    expect(statuses).toEqual([404, 404, 404, 404, 404, 404, 429, 429]);
    expect(logs.some((line) => line.level === 40 && /Redis is unavailable/.test(line.msg))).toBe(true);

    await proxy.start();
    await waitFor(() => app.rateLimits.store === 'redis', { message: 'the Redis store again' });
    expect(logs.some((line) => line.level === 30 && /Redis is available again/.test(line.msg))).toBe(true);
    // Back on the shared bucket: the request updates the key's bucket in Redis again.
    const before = await redis.keys(`${prefix}key:*`);
    const stampsBefore = await Promise.all(before.map((key) => redis.hget(key, 'ts')));
    const shared = await app.inject({ method: 'GET', url: assetUrl(), headers: auth });
    expect(shared.statusCode).toBe(404);
    const stampsAfter = await Promise.all(before.map((key) => redis.hget(key, 'ts')));
    expect(before.length).toBeGreaterThan(0);
    expect(stampsAfter.filter((stamp, i) => stamp !== stampsBefore[i]).length).toBe(1);
    await proxy.stop();
  });

  it('starts and serves when REDIS_URL points at a closed port', async () => {
    const { app, logs } = await startApp({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    const auth = await newKey();
    const started = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push((await app.inject({ method: 'GET', url: assetUrl(), headers: auth })).statusCode);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(statuses).toEqual([404, 404, 404, 404, 404, 404, 429, 429]);
    expect(app.rateLimits.store).toBe('memory (redis unavailable)');
    expect(logs.some((line) => line.level === 40 && /Redis is unavailable/.test(line.msg))).toBe(true);
  });
});
