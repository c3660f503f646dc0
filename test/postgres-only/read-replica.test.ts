import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { ReplicatedDatabase } from '../../src/db/replicas.js';
import { createAccount } from '../../src/modules/accounts/accounts.service.js';
import { createApiKey } from '../../src/modules/keys/keys.service.js';
import { createAssetViaApi, type CreatedAsset } from '../helpers/asset-factory.js';
import { testConfig } from '../helpers/test-app.js';
import { createThrowawayCluster, type ThrowawayCluster } from '../helpers/throwaway-postgres.js';
import { waitFor } from '../helpers/wait-for.js';

const MAX_LAG_MS = 1_500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The CI's server allows no replication connections, so the primary is a throwaway
// cluster of its own and the replica a pg_basebackup of it, both on free ports, removed afterwards.
describe('DATABASE_READ_URL: a real streaming replica (pg_basebackup of a throwaway primary)', () => {
  let primary: ThrowawayCluster;
  let replica: ThrowawayCluster;
  let app: FastifyInstance;
  let db: ReplicatedDatabase;
  let replicaAdmin: pg.Client;
  let writer: { authorization: string };
  let old: CreatedAsset;

  beforeAll(async () => {
    primary = await createThrowawayCluster();
    replica = await primary.replicate();
    app = await buildApp({
      config: testConfig({
        DATABASE_URL: primary.url,
        DATABASE_READ_URL: [replica.url],
        AVS_REPLICA_MAX_LAG_MS: MAX_LAG_MS,
        AVS_DB_POOL_SIZE: 4,
        AVS_RATE_LIMIT_PER_SECOND: 1_000_000,
        AVS_RATE_LIMIT_BURST: 1_000_000,
        AVS_PUBLIC_RATE_LIMIT_PER_SECOND: 1_000_000,
        AVS_PUBLIC_RATE_LIMIT_BURST: 1_000_000,
      }),
      logger: false,
    });
    await app.ready();
    expect(app.db).toBeInstanceOf(ReplicatedDatabase);
    db = app.db as ReplicatedDatabase;
    const account = await createAccount(db, { name: 'Replica Gallery' });
    const key = await createApiKey(db, {
      actor: { admin: true },
      accountId: account.id,
      planetScope: [],
      expiresAt: null,
      name: 'k',
    });
    writer = { authorization: `Bearer ${key.key}` };
    old = await createAssetViaApi(app, writer);
    replicaAdmin = new pg.Client({ connectionString: replica.url });
    await replicaAdmin.connect();
  });
  afterAll(async () => {
    await replicaAdmin?.end().catch(() => undefined);
    await app?.close();
    await replica?.destroy();
    await primary?.destroy();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  it('sends lag-tolerant reads to the replica once it has replayed the caller’s writes', async () => {
    const before = db.stats.replicaReads;
    await waitFor(
      async () => {
        await db.probe();
        const response = await get(`/api/v1/assets/artworks/${old.id}`, writer);
        expect(response.statusCode).toBe(200);
        return db.stats.replicaReads > before;
      },
      { message: 'a read answered by the replica' },
    );
    // The same count on /metrics.
    const metrics = await get('/metrics');
    const served = /^avs_db_reads_total\{outcome="replica"\} (\d+)$/m.exec(metrics.body);
    expect(Number(served?.[1])).toBe(db.stats.replicaReads);
    // The replica really is a hot standby of the primary.
    const { rows } = await replicaAdmin.query<{ recovery: boolean }>(
      'SELECT pg_is_in_recovery() AS recovery',
    );
    expect(rows[0]!.recovery).toBe(true);
  });

  it('a create followed at once by a get of the same asset by the same caller never gets 404', async () => {
    // Replay paused: the replica cannot hold anything created now, so only the routing can save the read.
    await replicaAdmin.query('SELECT pg_wal_replay_pause()');
    try {
      // Not only "found": first (well within AVS_REPLICA_MAX_LAG_MS), the caller sees its own change,
      // which the replica's copy of the row does not show.
      const skipped = db.stats.skippedReplicas;
      const patched = await app.inject({
        method: 'PATCH',
        url: `/api/v1/assets/artworks/${old.id}`,
        headers: writer,
        payload: { title: 'Water Lilies (revised)' },
      });
      expect(patched.statusCode).toBe(200);
      const edited = await get(`/api/v1/assets/artworks/${old.id}`, writer);
      expect(edited.json<{ title: string }>().title).toBe('Water Lilies (revised)');
      expect(db.stats.skippedReplicas).toBeGreaterThan(skipped);
      for (let i = 0; i < 20; i++) {
        const created = await createAssetViaApi(app, writer);
        const read = await get(`/api/v1/assets/artworks/${created.id}`, writer);
        expect(read.statusCode).toBe(200);
        // Another caller (no key: the public page) cannot be known to have written: "not found" on the
        // replica is asked again on the primary, never answered as a 404.
        const page = await get(`/c/${created.certificate_number}`);
        expect(page.statusCode).toBe(200);
      }
      expect(db.stats.emptyRetries).toBeGreaterThan(0);
    } finally {
      await replicaAdmin.query('SELECT pg_wal_replay_resume()');
    }
  });

  it(`skips a replica more than AVS_REPLICA_MAX_LAG_MS (${MAX_LAG_MS} ms) behind; the primary serves`, async () => {
    await replicaAdmin.query('SELECT pg_wal_replay_pause()');
    try {
      await createAssetViaApi(app, writer);
      await sleep(MAX_LAG_MS + 500);
      await db.probe();
      const replicaReads = db.stats.replicaReads;
      const skipped = db.stats.skippedReplicas;
      const page = await get(`/c/${old.certificate_number}`);
      expect(page.statusCode).toBe(200);
      expect(db.stats.replicaReads).toBe(replicaReads);
      expect(db.stats.skippedReplicas).toBeGreaterThan(skipped);
    } finally {
      await replicaAdmin.query('SELECT pg_wal_replay_resume()');
    }
    // Caught up again, it serves again.
    const replicaReads = db.stats.replicaReads;
    await waitFor(
      async () => {
        await db.probe();
        await get(`/c/${old.certificate_number}`);
        return db.stats.replicaReads > replicaReads;
      },
      { message: 'the replica serving again after catching up' },
    );
  });

  it('a stopped replica costs no failed request, and serves again once started', async () => {
    await replicaAdmin.end();
    const missed = db.stats.replicaFailures + db.stats.skippedReplicas;
    const statuses: number[] = [];
    let running = true;
    const load = (async () => {
      while (running) {
        statuses.push((await get(`/api/v1/assets/artworks/${old.id}`, writer)).statusCode);
        statuses.push((await get(`/c/${old.certificate_number}`)).statusCode);
      }
    })();
    try {
      await sleep(200);
      await replica.stop('immediate');
      await sleep(1_500);
      await replica.start();
      const replicaReads = db.stats.replicaReads;
      await waitFor(() => db.stats.replicaReads > replicaReads, {
        message: 'reads on the restarted replica',
      });
    } finally {
      running = false;
      await load;
    }
    expect(statuses.length).toBeGreaterThan(10);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    // The replica was missed while down (failed reads asked again, or skipped), and none of that showed.
    expect(db.stats.replicaFailures + db.stats.skippedReplicas).toBeGreaterThan(missed);
  });
});
