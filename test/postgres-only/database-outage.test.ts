import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresDatabase } from '../../src/db/postgres.js';
import { accountWithKey, createIntegrity } from '../helpers/integrity.js';
import { startServerProcess, type ServerProcess } from '../helpers/processes.js';
import { createThrowawayCluster, type ThrowawayCluster } from '../helpers/throwaway-postgres.js';
import { readJsonAnswer } from '../helpers/json-answer.js';

interface Sample {
  started: number;
  ended: number;
  status: number;
  ms: number;
  code?: unknown;
  error?: unknown;
  json: boolean;
  id?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PostgreSQL stopped and started under load (a throwaway cluster of its own)', () => {
  let cluster: ThrowawayCluster;
  let server: ServerProcess;
  let db: PostgresDatabase;
  beforeAll(async () => {
    cluster = await createThrowawayCluster();
    server = await startServerProcess({
      DATABASE_URL: cluster.url,
      AVS_RATE_LIMIT_PER_SECOND: '1000000',
      AVS_RATE_LIMIT_BURST: '1000000',
    });
    db = new PostgresDatabase({
      connectionString: cluster.url,
      poolSize: 2,
      statementTimeoutMs: 10_000,
      connectTimeoutMs: 3_000,
    });
  });
  afterAll(async () => {
    // A service that died under the outage says why here.
    if (server && server.child.exitCode !== null) console.error(server.output().slice(-4_000));
    await server?.stop('SIGKILL');
    await db?.close().catch(() => undefined);
    await cluster?.destroy();
  });

  it.each(['fast', 'immediate'] as const)(
    'fails fast with JSON 503 while it is down (pg_ctl stop -m %s), says not ready, and recovers by itself',
    async (mode) => {
      const { accountId, authorization } = await accountWithKey(db);
      let running = true;
      const samples: Sample[] = [];
      const request = async (method: 'GET' | 'POST', url: string, body?: unknown): Promise<Sample> => {
        const started = Date.now();
        let response: Response;
        try {
          response = await fetch(`${server.url}${url}`, {
            method,
            headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
            body: body ? JSON.stringify(body) : undefined,
            signal: AbortSignal.timeout(30_000),
          });
        } catch (error) {
          // No HTTP answer at all (the service died or hung): recorded, and fails every check below.
          return { started, ended: Date.now(), status: 0, ms: Date.now() - started, error, json: false };
        }
        const { body: parsed, json } = await readJsonAnswer(response);
        return {
          started,
          ended: Date.now(),
          status: response.status,
          ms: Date.now() - started,
          code: parsed?.code,
          error: parsed?.error,
          json,
          id: typeof parsed?.id === 'string' ? parsed.id : undefined,
        };
      };
      let n = 0;
      const load = async () => {
        while (running) {
          const i = n++;
          samples.push(await request('POST', '/api/v1/assets/artworks', { title: `Outage ${i}` }));
          samples.push(await request('GET', '/api/v1/webhooks'));
          await sleep(20);
        }
      };
      const workers = Promise.all(Array.from({ length: 4 }, load));

      await sleep(1_000);
      const stopping = Date.now();
      await cluster.stop(mode);
      const downStarted = Date.now();
      const readyWhileDown = await request('GET', '/readyz');
      await sleep(4_000);
      const downMs = Date.now() - downStarted;

      const starting = Date.now();
      await cluster.start();
      const backAt = Date.now();
      let recoveredAfterMs = Infinity;
      while (Date.now() - backAt < 20_000) {
        const probe = await request('POST', '/api/v1/assets/artworks', { title: 'Probe' });
        if (probe.status === 201) {
          recoveredAfterMs = Date.now() - backAt;
          break;
        }
        await sleep(100);
      }
      const recovered = Date.now();
      await sleep(1_500);
      const readyAfter = await request('GET', '/readyz');
      running = false;
      await workers;

      // Requests that straddle a stop or a start may go either way; each phase holds the ones wholly inside it.
      const up = samples.filter((sample) => sample.ended < stopping);
      const down = samples.filter((sample) => sample.started >= downStarted && sample.ended < starting);
      const back = samples.filter((sample) => sample.started >= recovered);
      for (const sample of samples.filter((s) => s.status >= 300)) {
        expect(sample.json).toBe(true);
        expect(typeof sample.error).toBe('string');
        expect(sample.ms).toBeLessThan(5_000);
      }
      expect(up.length).toBeGreaterThan(10);
      expect(up.filter((sample) => sample.status >= 300)).toEqual([]);

      // While down: every answer within 5 s, JSON with a string error, 503 (or a create's 500 asset_create_failed).
      expect(down.length).toBeGreaterThan(10);
      for (const sample of down) {
        expect([503, 500]).toContain(sample.status);
        expect(['service_unavailable', 'asset_create_failed']).toContain(sample.code);
      }
      const refused = down.filter((sample) => sample.status >= 500);
      expect(readyWhileDown.status).toBe(503);
      expect(readyWhileDown.json).toBe(true);
      expect(readyWhileDown.code).toBe('service_unavailable');
      expect(readyWhileDown.ms).toBeLessThan(5_000);

      // Back: no restart of the service, and everything succeeds again.
      expect(recoveredAfterMs).toBeLessThan(20_000);
      expect(back.length).toBeGreaterThan(10);
      expect(back.filter((sample) => sample.status >= 300)).toEqual([]);
      expect(readyAfter.status).toBe(200);
      expect(server.child.exitCode).toBeNull();

      // Every create answered 201 is stored with its event and outbox row; nothing half-written.
      const created = samples
        .filter((sample) => sample.status === 201 && sample.id)
        .map((sample) => sample.id!);
      const stored = await db.query<{ id: string }>('SELECT id FROM assets WHERE id = ANY($1::uuid[])', [
        created,
      ]);
      expect(stored.rowCount).toBe(created.length);
      const integrity = await createIntegrity(db, accountId);
      expect(integrity.assetsWithoutTheirEvents).toBe(0);
      expect(integrity.orphans).toBe(0);

      const slowest = Math.max(...down.map((sample) => sample.ms));
      console.info(
        `outage (${mode}): ${up.length} requests up, ${down.length} during ${downMs} ms down (${refused.length} refused, slowest ${slowest} ms), ` +
          `recovered ${recoveredAfterMs} ms after start, ${back.length} after`,
      );
    },
  );
});
