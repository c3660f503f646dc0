import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { accountWithKey, createIntegrity } from '../helpers/integrity.js';
import { startServerProcess, type ServerProcess } from '../helpers/processes.js';
import { createChildDatabaseEnv, openChildDatabase } from '../helpers/test-database.js';

// Rate limits are not under test here: 500 creates from one key must all reach the database.
const unlimited = { AVS_RATE_LIMIT_PER_SECOND: '1000000', AVS_RATE_LIMIT_BURST: '1000000' };

describe('two server processes on one PostgreSQL database', () => {
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  let db: Database;
  let servers: ServerProcess[] = [];
  beforeAll(async () => {
    ({ env, drop } = await createChildDatabaseEnv());
    servers = await Promise.all([
      startServerProcess({ ...env, ...unlimited }),
      startServerProcess({ ...env, ...unlimited }),
    ]);
    db = await openChildDatabase(env);
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    await db?.close();
    await drop();
  });

  it('answers 500 concurrent creates spread over both with 201, distinct numbers, one event and outbox row each', async () => {
    const { accountId, authorization } = await accountWithKey(db);
    const started = Date.now();
    const responses = await Promise.all(
      Array.from({ length: 500 }, async (_, i) => {
        const server = servers[i % 2]!;
        const response = await fetch(`${server.url}/api/v1/assets/artworks`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify({ title: `Concurrent ${i}`, year: 1900 + (i % 100) }),
        });
        return { status: response.status, body: (await response.json()) as Record<string, unknown> };
      }),
    );
    const elapsedMs = Date.now() - started;
    const statuses = responses.map((response) => response.status);
    expect(
      statuses.filter((status) => status !== 201),
      JSON.stringify(responses.find((r) => r.status !== 201)),
    ).toEqual([]);
    const numbers = new Set(responses.map((response) => response.body.certificate_number));
    expect(numbers.size).toBe(500);
    expect(await createIntegrity(db, accountId)).toEqual({
      assets: 500,
      assetsWithoutTheirEvents: 0,
      orphans: 0,
      distinctCertificateNumbers: 500,
    });
    console.info(`two instances: 500 concurrent creates in ${elapsedMs} ms`);
  });
});
