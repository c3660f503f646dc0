import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { accountWithKey } from '../helpers/integrity.js';
import { runAvs, startServerProcess, type ServerProcess } from '../helpers/processes.js';
import { createChildDatabaseEnv, openChildDatabase } from '../helpers/test-database.js';

// Rate limits and pool waits are not under test here: every create and tile read must reach the service,
// even on a loaded machine where 500 requests at once queue for the pool longer than the default 3 s.
// Small pools: up to four instances run at once beside other test files on one PostgreSQL server.
const unlimited = {
  AVS_DB_CONNECT_TIMEOUT_MS: '30000',
  AVS_DB_POOL_SIZE: '5',
  // One log, one origin: every instance has the same public URL (the default would name each one's port).
  AVS_PUBLIC_URL: 'https://verify.example.com',
  AVS_RATE_LIMIT_PER_SECOND: '1000000',
  AVS_RATE_LIMIT_BURST: '1000000',
  AVS_PUBLIC_RATE_LIMIT_PER_SECOND: '1000000',
  AVS_PUBLIC_RATE_LIMIT_BURST: '1000000',
};

type LogIntegrity = {
  events: number;
  logged_events: number;
  entries: number;
  max_index: number;
  leaves: number;
  tree_size: number;
  pending: number;
};

/** Every event in the log exactly once, indexes 0…n-1 without a gap, a leaf for each, the state's size n. */
async function logIntegrity(db: Database): Promise<LogIntegrity> {
  const { rows } = await db.query<LogIntegrity>(
    `SELECT (SELECT count(*)::int FROM asset_events) AS events,
            (SELECT count(DISTINCT event_id)::int FROM tlog_entries) AS logged_events,
            (SELECT count(*)::int FROM tlog_entries) AS entries,
            (SELECT coalesce(max(log_index), -1)::int FROM tlog_entries) AS max_index,
            (SELECT count(*)::int FROM tlog_hashes WHERE level = 0) AS leaves,
            (SELECT tree_size::int FROM tlog_state) AS tree_size,
            (SELECT count(*)::int FROM tlog_pending) AS pending`,
  );
  return rows[0]!;
}

async function drained(db: Database, timeoutMs = 30_000): Promise<LogIntegrity> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const integrity = await logIntegrity(db);
    if (integrity.pending === 0 && integrity.entries === integrity.events) return integrity;
    if (Date.now() > deadline) return integrity;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function expectWhole(integrity: LogIntegrity, events: number) {
  expect(integrity).toEqual({
    events,
    logged_events: events,
    entries: events,
    max_index: events - 1,
    leaves: events,
    tree_size: events,
    pending: 0,
  });
}

async function createAssets(server: ServerProcess, authorization: string, count: number, from = 0) {
  const statuses = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const response = await fetch(`${server.url}/api/v1/assets/artworks`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ title: `Logged ${from + i}` }),
      });
      await response.arrayBuffer();
      return response.status;
    }),
  );
  expect(statuses.filter((status) => status !== 201)).toEqual([]);
}

describe('the transparency log with several instances on one PostgreSQL database', () => {
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  let db: Database;
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    ({ env, drop } = await createChildDatabaseEnv());
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    await db?.close();
    await drop();
  });

  it('two instances creating 500 assets at once, both integrating: the log holds each event exactly once', async () => {
    const pair = await Promise.all([
      startServerProcess({ ...env, ...unlimited, AVS_TLOG_INTERVAL_MS: '20' }),
      startServerProcess({ ...env, ...unlimited, AVS_TLOG_INTERVAL_MS: '20' }),
    ]);
    servers.push(...pair);
    db = await openChildDatabase(env);
    const { authorization } = await accountWithKey(db);
    await Promise.all([
      createAssets(pair[0], authorization, 250),
      createAssets(pair[1], authorization, 250, 250),
    ]);
    expectWhole(await drained(db), 500);
    const monitor = await runAvs(['log', 'verify', '--url', `${pair[0].url}/tlog`]);
    expect(monitor.code, monitor.stderr).toBe(0);
    await Promise.all(pair.map((server) => server.stop()));
  }, 180_000);

  it('an integrator SIGKILLed mid-run: the next one resumes without gap or duplicate', async () => {
    const writer = await startServerProcess({ ...env, ...unlimited, AVS_TLOG: 'off' });
    servers.push(writer);
    const { authorization } = await accountWithKey(db);
    for (let round = 0; round < 3; round++) {
      const integrator = await startServerProcess({ ...env, ...unlimited, AVS_TLOG_INTERVAL_MS: '10' });
      servers.push(integrator);
      // Creates flow while the integrator appends them in small runs; it dies in the middle of one.
      const creating = createAssets(writer, authorization, 150, 1000 * (round + 1));
      await new Promise((resolve) => setTimeout(resolve, 50 + 100 * round));
      await integrator.stop('SIGKILL');
      await creating;
      const partial = await logIntegrity(db);
      // Whatever it had committed is whole: indexes 0…n-1, each once, a leaf each.
      expect(partial.max_index + 1).toBe(partial.entries);
      expect(partial.logged_events).toBe(partial.entries);
      expect(partial.leaves).toBe(partial.entries);
      expect(partial.tree_size).toBe(partial.entries);
      expect(partial.entries + partial.pending).toBe(partial.events);
    }
    const survivor = await startServerProcess({ ...env, ...unlimited, AVS_TLOG_INTERVAL_MS: '20' });
    servers.push(survivor);
    expectWhole(await drained(db), 500 + 450);
    const monitor = await runAvs(['log', 'verify', '--url', `${survivor.url}/tlog`]);
    expect(monitor.code, monitor.stderr).toBe(0);
  }, 180_000);
});
