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

/** pgbench running a replay's scripts for a second, on `clients` clients. */
const replayFor = (scripts: string[], clients: number) =>
  runPgbench({
    pgbenchPath: process.env.BENCH_PGBENCH || 'pgbench',
    databaseUrl,
    script: scripts,
    clients,
    threads: 1,
    seconds: 1,
  });

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
      await client.query('CREATE TABLE offers (id uuid PRIMARY KEY, taken boolean NOT NULL DEFAULT false)');
      await client.query('CREATE TABLE numbers (n text PRIMARY KEY)');
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

    const measured = await replayFor(replay.scripts, 2);

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

  it('makes a batch of more new ids than pgbench binds to a statement afresh, each its own and the same within a replay', async () => {
    await withClient(databaseUrl, (client) => client.query('TRUNCATE things'));
    const made: string[] = Array.from({ length: 300 }, () => randomUUID());
    const batch = JSON.stringify(made.map((id) => ({ id, owner, doc: { self: id } })));
    const stream: LoggedStatement[] = [
      { database, pid: 1, queryId: '1', text: 'BEGIN', parameters: [] },
      {
        database,
        pid: 1,
        queryId: '2',
        text: `INSERT INTO things (id, owner, doc) SELECT id, owner, doc FROM jsonb_to_recordset($1::jsonb)
               AS t(id uuid, owner uuid, doc jsonb)`,
        parameters: [batch],
      },
      { database, pid: 1, queryId: '3', text: 'COMMIT', parameters: [] },
    ];
    const replay = await buildReplay({ databaseUrl, streams: [stream], made: new Set(made) });
    const measured = await replayFor(replay.scripts, 2);
    const things = await withClient(
      databaseUrl,
      async (client) =>
        (await client.query<{ id: string; doc: { self: string } }>('SELECT id, doc FROM things')).rows,
    );
    expect(measured.errors).toBe(0);
    expect(measured.total).toBeGreaterThan(1);
    expect(things).toHaveLength(300 * measured.total);
    expect(things.some((thing) => made.includes(thing.id))).toBe(false);
    for (const thing of things) expect(thing.doc.self).toBe(thing.id);
  });

  it("draws each replay's own members of a pool the service consumed, once for all its statements", async () => {
    const sequence = 'avs_test_offer_pool';
    const offerSql = (numberSql: string) => `md5('offer-' || ${numberSql})::uuid`;
    await withClient(databaseUrl, (client) =>
      client.query(`INSERT INTO offers (id) SELECT ${offerSql('n')} FROM generate_series(1, 100000) n`),
    );
    const taken = [offerSql("'1'"), offerSql("'2'")];
    const [first, second] = await withClient(databaseUrl, async (client) =>
      (
        await client.query<{ id: string }>(
          `SELECT ${taken.map((sql) => `${sql}::text`).join(' AS id UNION ALL SELECT ')} AS id`,
        )
      ).rows.map((row) => row.id),
    );
    const members = new Map([
      [first!, { kind: 'offer', number: 1 }],
      [second!, { kind: 'offer', number: 2 }],
    ]);
    const take = 'UPDATE offers SET taken = true WHERE id = $1 AND NOT taken';
    const stream: LoggedStatement[] = [first!, second!].flatMap((id) => [
      { database, pid: 1, queryId: '1', text: 'BEGIN', parameters: [] },
      { database, pid: 1, queryId: '2', text: take, parameters: [id] },
      { database, pid: 1, queryId: '2', text: take, parameters: [id] },
      { database, pid: 1, queryId: '3', text: 'COMMIT', parameters: [] },
    ]);
    const replay = await buildReplay({
      databaseUrl,
      streams: [stream],
      made: new Set(),
      rules: {
        setup: [`CREATE SEQUENCE ${sequence}`],
        pool: {
          sequence,
          memberOf: (id) => members.get(id),
          idSql: (_kind, numberSql) => offerSql(numberSql),
        },
      },
    });
    const measured = await replayFor(replay.scripts, 2);
    const { offers, drawn } = await withClient(databaseUrl, async (client) => ({
      offers: (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM offers WHERE taken'))
        .rows[0]!.n,
      drawn: Number(
        (await client.query<{ n: string }>(`SELECT last_value AS n FROM ${sequence}`)).rows[0]!.n,
      ),
    }));
    expect(measured.total).toBeGreaterThan(1);
    // Two offers a replay, each taken by its first statement (its second finds it taken, as the service's did).
    expect(offers).toBe(2 * measured.total);
    expect(drawn).toBe(2 * measured.total);
  });

  it('rolls back each transaction where asked, so that work that cannot be done twice runs again', async () => {
    const stream: LoggedStatement[] = [
      { database, pid: 1, queryId: '1', text: 'BEGIN', parameters: [] },
      {
        database,
        pid: 1,
        queryId: '2',
        text: 'INSERT INTO numbers (n) VALUES ($1)',
        parameters: ['INV-000001'],
      },
      { database, pid: 1, queryId: '3', text: 'COMMIT', parameters: [] },
    ];
    const replay = await buildReplay({
      databaseUrl,
      streams: [stream],
      made: new Set(),
      rules: { rollBack: true },
    });
    const measured = await replayFor(replay.scripts, 1);
    const numbers = await withClient(
      databaseUrl,
      async (client) =>
        (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM numbers')).rows[0]!.n,
    );
    expect(measured.errors).toBe(0);
    expect(measured.total).toBeGreaterThan(1);
    expect(numbers).toBe(0);
  });
});
