import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { accountWithKey, createIntegrity } from '../helpers/integrity.js';
import { startServerProcess, type ServerProcess } from '../helpers/processes.js';
import { createChildDatabaseEnv, openChildDatabase } from '../helpers/test-database.js';

const unlimited = { AVS_RATE_LIMIT_PER_SECOND: '1000000', AVS_RATE_LIMIT_BURST: '1000000' };
const REQUESTS = 300;
const CONCURRENCY = 16;

interface Attempt {
  key: string;
  title: string;
  /** The asset id of a 201 received before the crash. */
  firstId?: string;
}

describe('SIGKILL of a server during a stream of creates with Idempotency-Keys', () => {
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  let db: Database;
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    ({ env, drop } = await createChildDatabaseEnv());
    db = await openChildDatabase(env);
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    await db?.close();
    await drop();
  });

  it('leaves each asset exactly once, with its event and outbox row, after a restart and a retry of every request', async () => {
    const { accountId, authorization } = await accountWithKey(db);
    const attempts: Attempt[] = Array.from({ length: REQUESTS }, (_, i) => ({
      key: randomUUID(),
      title: `Crash ${i}`,
    }));
    const send = (server: ServerProcess, attempt: Attempt) =>
      fetch(`${server.url}/api/v1/assets/artworks`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json', 'idempotency-key': attempt.key },
        body: JSON.stringify({ title: attempt.title }),
      });

    const first = await startServerProcess({ ...env, ...unlimited });
    servers.push(first);
    let next = 0;
    let completed = 0;
    let failed = 0;
    const worker = async () => {
      while (next < attempts.length) {
        const attempt = attempts[next++]!;
        try {
          const response = await send(first, attempt);
          if (response.status === 201) attempt.firstId = ((await response.json()) as { id: string }).id;
          completed++;
        } catch {
          failed++;
        }
      }
    };
    const stream = Promise.all(Array.from({ length: CONCURRENCY }, worker));
    // Kill it mid-stream, with requests in flight.
    while (completed < REQUESTS / 3) await new Promise((resolve) => setTimeout(resolve, 5));
    first.child.kill('SIGKILL');
    await stream;
    expect(failed, 'requests cut off by the crash').toBeGreaterThan(0);
    expect(completed).toBeLessThan(REQUESTS);

    const restarted = await startServerProcess({ ...env, ...unlimited });
    servers.push(restarted);
    const retries = await Promise.all(
      attempts.map(async (attempt) => {
        // 300 retries at once can outrun the pool on a loaded machine: a 503 says "retry shortly", and a
        // client does (the invariant under test is exactly-once, whatever the number of tries).
        let response = await send(restarted, attempt);
        for (let tries = 1; response.status === 503 && tries < 5; tries++) {
          await response.arrayBuffer();
          await new Promise((resolve) => setTimeout(resolve, 500 * tries));
          response = await send(restarted, attempt);
        }
        const body = (await response.json()) as { id: string; title: string };
        return {
          attempt,
          status: response.status,
          body,
          replayed: response.headers.get('idempotent-replayed'),
        };
      }),
    );
    for (const retry of retries) {
      expect(retry.status, JSON.stringify(retry.body)).toBe(201);
      expect(retry.body.title).toBe(retry.attempt.title);
      // A request answered before the crash is replayed: the same asset, not a second one.
      if (retry.attempt.firstId) {
        expect(retry.body.id).toBe(retry.attempt.firstId);
        expect(retry.replayed).toBe('true');
      }
    }
    const { rows } = await db.query<{ title: string; n: number }>(
      'SELECT title, count(*)::int AS n FROM assets WHERE account_id = $1 GROUP BY title HAVING count(*) <> 1',
      [accountId],
    );
    expect(rows).toEqual([]);
    expect(await createIntegrity(db, accountId)).toEqual({
      assets: REQUESTS,
      assetsWithoutTheirEvents: 0,
      orphans: 0,
      distinctCertificateNumbers: REQUESTS,
    });
    // Every stored response belongs to an asset that exists.
    const stored = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM idempotency_keys k WHERE k.account_id = $1
         AND NOT EXISTS (SELECT 1 FROM assets a WHERE a.id::text = (k.response_body::jsonb)->>'id')`,
      [accountId],
    );
    expect(stored.rows[0]!.n).toBe(0);
    console.info(
      `crash: ${completed} answered before SIGKILL, ${failed} cut off, ${retries.filter((r) => r.replayed).length} replayed after restart`,
    );
  });
});
