import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AvsApiError, createAvsClient, type RetryEvent } from '../../sdk/src/index.js';
import { packageRoot } from '../../src/lib/package-root.js';
import { PostgresDatabase } from '../../src/db/postgres.js';
import { buildApp } from '../../src/app.js';
import { createApiKey, revokeApiKey } from '../../src/modules/keys/keys.service.js';
import { TcpProxy } from '../helpers/tcp-proxy.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';
import { onPostgres, throughPgbouncer } from '../helpers/test-database.js';
import { startLostAnswerProxy, startUnavailableOnceProxy, urlOf } from './sdk-helpers.js';

// The SDK against the real service over HTTP (app.listen on a free port), on PGlite and on PostgreSQL.
let context: TestContext;
let serviceUrl: string;
let owner: Awaited<ReturnType<TestContext['createAccountWithKey']>>;

beforeAll(async () => {
  context = await createTestContext();
  await context.app.listen({ port: 0, host: '127.0.0.1' });
  serviceUrl = urlOf(context.app.server);
  owner = await context.createAccountWithKey();
});
afterAll(async () => context?.close());

async function assetsTitled(title: string): Promise<number> {
  const { rows } = await context.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM assets WHERE account_id = $1 AND title = $2',
    [owner.accountId, title],
  );
  return rows[0]!.n;
}

describe("the README's ten-line example", () => {
  it('runs as written against the live service, through the built package', async () => {
    const readme = readFileSync(path.join(packageRoot, 'sdk', 'README.md'), 'utf8');
    const block = /## Ten lines\n\n```ts\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(block, 'the ten-line block of sdk/README.md').toBeDefined();
    expect(block!.trim().split('\n').length).toBeLessThanOrEqual(10);
    // Node 20 runs JavaScript: the block's type annotations are stripped as tsc would, nothing else changes.
    const code = ts.transpileModule(block!, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    }).outputText;
    // Run from the repository root so `@avs/sdk` resolves as a user's install does (the workspace link to sdk/dist).
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', code], {
      cwd: packageRoot,
      env: { PATH: process.env.PATH ?? '', AVS_URL: serviceUrl, AVS_API_KEY: owner.key },
      timeout: 60_000,
    });
    const created = /^created (\S+) (\S+) draft$/m.exec(stdout);
    expect(created, stdout).not.toBeNull();
    expect(stdout).toContain(`listed ${created![1]} Water Lilies`);
    expect(stdout).toMatch(/^event asset\.created [0-9a-f-]{36}$/m);
    expect(stdout).toMatch(/^error 404 asset_not_found \S+$/m);
    expect(await assetsTitled('Water Lilies')).toBe(1);
  });
});

describe('iterators', () => {
  it('follow next_cursor through every page of the asset list and the events feed', async () => {
    const avs = createAvsClient({ baseUrl: serviceUrl, apiKey: owner.key });
    const ids: string[] = [];
    for (let index = 0; index < 7; index += 1) {
      ids.push((await avs.assets.create('watches', { title: `Paged ${index}`, brand: 'Omega' })).id);
    }
    // Pages of 3: the iterator needs three requests, and yields newest first, each once.
    const listed: string[] = [];
    for await (const item of avs.assets.list('watches', { limit: 3, q: 'paged' })) listed.push(item.id);
    expect(listed).toEqual([...ids].reverse());
    const events: string[] = [];
    for await (const event of avs.events.list({ limit: 2, type: 'asset.created' })) {
      if (event.type === 'asset.created' && ids.includes((event.data as { asset: { id: string } }).asset.id))
        events.push(event.id);
    }
    expect(events).toHaveLength(7);
    expect(new Set(events).size).toBe(7);
  });

  it('follow next_cursor through the audit log, newest first', async () => {
    const avs = createAvsClient({ baseUrl: serviceUrl, apiKey: owner.key });
    for (let index = 0; index < 3; index += 1) {
      const key = await createApiKey(context.db, {
        actor: { admin: true },
        accountId: owner.accountId,
        name: `Audited ${index}`,
      });
      await revokeApiKey(context.db, key.id, { actor: { admin: true } });
    }
    const entries = [];
    for await (const entry of avs.audit.list({ limit: 2 })) entries.push(entry);
    // The owner's own key, then three keys made and revoked.
    expect(entries).toHaveLength(7);
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(7);
    expect(entries.every((entry) => 'admin' in entry.actor && entry.actor.admin)).toBe(true);
    const at = entries.map((entry) => Date.parse(entry.at));
    expect(at).toEqual([...at].sort((a, b) => b - a));
  });

  it("type each planet's create body, and throw AvsApiError with status, code and request_id", async () => {
    const avs = createAvsClient({ baseUrl: serviceUrl, apiKey: owner.key, retry: { maxAttempts: 1 } });
    // @ts-expect-error the artworks body types `year` as an integer: the compiler refuses what the service refuses.
    await expect(avs.assets.create('artworks', { title: 'Typed', year: 'nineteen' })).rejects.toMatchObject({
      status: 400,
      code: 'validation_failed',
    });
    const error = await avs.assets
      .get('jewelry', '00000000-0000-4000-8000-000000000000')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AvsApiError);
    expect(error).toMatchObject({ status: 404, code: 'asset_not_found', name: 'AvsApiError' });
    expect((error as AvsApiError).request_id).toMatch(/\S/);
    expect((error as AvsApiError).message).toMatch(/\S/);
  });
});

describe('retries against the real service', () => {
  it('a 503 with Retry-After is waited out and the GET retried', async () => {
    const asset = await createAvsClient({ baseUrl: serviceUrl, apiKey: owner.key }).assets.create(
      'artworks',
      {
        title: 'Behind a 503',
      },
    );
    const proxy = await startUnavailableOnceProxy(serviceUrl, (request) => request.method === 'GET');
    try {
      const retries: RetryEvent[] = [];
      const avs = createAvsClient({
        baseUrl: proxy.url,
        apiKey: owner.key,
        retry: { onRetry: (event) => void retries.push(event) },
      });
      const fetched = await avs.assets.get('artworks', asset.id);
      expect(fetched.id).toBe(asset.id);
      expect(proxy.refused).toBe(1);
      expect(retries).toEqual([
        expect.objectContaining({ method: 'GET', attempt: 1, status: 503, delayMs: 1000 }),
      ]);
    } finally {
      await proxy.close();
    }
  });

  it('a POST whose answer is lost is retried with the same Idempotency-Key: one asset, not two', async () => {
    const proxy = await startLostAnswerProxy(serviceUrl);
    try {
      const retries: RetryEvent[] = [];
      const avs = createAvsClient({
        baseUrl: proxy.url,
        apiKey: owner.key,
        retry: { baseDelayMs: 50, onRetry: (event) => void retries.push(event) },
      });
      const created = await avs.assets.create('collectibles', { title: 'Lost answer', category: 'stamps' });
      expect(proxy.dropped).toBe(1);
      expect(retries).toHaveLength(1);
      expect(retries[0]).toMatchObject({ method: 'POST', attempt: 1, status: undefined });
      expect(retries[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
      expect(await assetsTitled('Lost answer')).toBe(1);
      const { rows } = await context.db.query<{ id: string }>(
        'SELECT id FROM assets WHERE account_id = $1 AND title = $2',
        [owner.accountId, 'Lost answer'],
      );
      expect(created.id).toBe(rows[0]!.id);
    } finally {
      await proxy.close();
    }
  });

  // The service's own 503: its database stops answering (the proxy to PostgreSQL is cut), and comes back.
  it.skipIf(!onPostgres || throughPgbouncer)(
    'the service answering 503 while its database is away is retried until it is back',
    async () => {
      const target = new URL(context.database.url!);
      const dbProxy = new TcpProxy(target.hostname, Number(target.port || 5432));
      await dbProxy.start();
      const viaProxy = new URL(target);
      viaProxy.port = String(dbProxy.port);
      const db = new PostgresDatabase({
        connectionString: viaProxy.toString(),
        poolSize: 2,
        statementTimeoutMs: 10_000,
        connectTimeoutMs: 2_000,
      });
      const app = await buildApp({ config: context.config, db, logger: false, migrate: false });
      await app.listen({ port: 0, host: '127.0.0.1' });
      try {
        const asset = await createAvsClient({ baseUrl: urlOf(app.server), apiKey: owner.key }).assets.create(
          'artworks',
          { title: 'Database away' },
        );
        await dbProxy.stop();
        const retries: RetryEvent[] = [];
        const avs = createAvsClient({
          baseUrl: urlOf(app.server),
          apiKey: owner.key,
          // The database comes back while the client waits out Retry-After.
          retry: {
            onRetry: async (event) => {
              retries.push(event);
              if (retries.length === 1) await dbProxy.start();
            },
          },
        });
        const fetched = await avs.assets.get('artworks', asset.id);
        expect(fetched.id).toBe(asset.id);
        expect(retries[0]).toMatchObject({ status: 503, delayMs: 1000 });
      } finally {
        await app.close();
        await db.close();
        await dbProxy.stop();
      }
    },
  );
});
