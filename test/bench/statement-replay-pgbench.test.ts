import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPgbench } from '../../bench/pgbench.js';
import { buildReplay, type LoggedStatement } from '../../bench/statement-replay.js';
import { withClient } from '../../bench/stats-cluster.js';
import { onPostgres } from '../helpers/test-database.js';

// The pgbench replay of a path's SQL (issue #53, item 2), run by pgbench itself against PostgreSQL: the statements
// the service sent, replayed again and again, make their ids afresh each time and send every other value as it was.

const adminUrl = process.env.AVS_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = `avs_replay_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
const databaseUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
})();

const INSERT = 'INSERT INTO things (id, owner, doc, n) VALUES ($1, $2, $3::jsonb, $4)';
const COUNT = 'UPDATE counters SET n = n + $2 WHERE id = $1';

describe.runIf(onPostgres)('a replay run by pgbench', () => {
  const owner = randomUUID();
  beforeAll(async () => {
    await withClient(adminUrl, (client) => client.query(`CREATE DATABASE ${database}`));
    await withClient(databaseUrl, async (client) => {
      await client.query(
        'CREATE TABLE things (id uuid PRIMARY KEY, owner uuid NOT NULL, doc jsonb NOT NULL, n int)',
      );
      await client.query('CREATE TABLE counters (id uuid PRIMARY KEY, n int NOT NULL)');
      await client.query('INSERT INTO counters VALUES ($1, 0)', [owner]);
    });
  });
  afterAll(async () => {
    await withClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
  });

  it('makes the ids the service made afresh, the same within a replay, and keeps every other value', async () => {
    const made = randomUUID();
    // A JSON value holding the new id, a colon before a word (which pgbench would read as a variable) and a quote.
    const doc = JSON.stringify({ id: made, ok: true, at: '12:30', said: "it's" });
    const stream: LoggedStatement[] = [
      { database, pid: 1, queryId: '1', text: 'BEGIN', parameters: [] },
      { database, pid: 1, queryId: '2', text: INSERT, parameters: [made, owner, doc, null] },
      { database, pid: 1, queryId: '3', text: COUNT, parameters: [owner, '1'] },
      { database, pid: 1, queryId: '4', text: 'COMMIT', parameters: [] },
    ];
    const replay = await buildReplay({ databaseUrl, streams: [stream], made: new Set([made]) });
    expect(replay.statementsPerScript).toEqual([4]);

    const measured = await runPgbench({
      pgbenchPath: process.env.BENCH_PGBENCH || 'pgbench',
      databaseUrl,
      script: replay.scripts,
      clients: 2,
      threads: 1,
      seconds: 1,
    });

    const { things, counted } = await withClient(databaseUrl, async (client) => ({
      things: (
        await client.query<{ id: string; owner: string; doc: Record<string, unknown>; n: number | null }>(
          'SELECT id, owner, doc, n FROM things',
        )
      ).rows,
      counted: (await client.query<{ n: number }>('SELECT n FROM counters')).rows[0]!.n,
    }));
    expect(measured.total).toBeGreaterThan(1);
    expect(things).toHaveLength(measured.total);
    expect(counted).toBe(measured.total);
    expect(things.map((thing) => thing.id)).not.toContain(made);
    for (const thing of things) {
      expect(thing.owner).toBe(owner);
      expect(thing.n).toBeNull();
      expect(thing.doc).toEqual({ id: thing.id, ok: true, at: '12:30', said: "it's" });
    }
  });
});
