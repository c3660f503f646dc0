import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from '../../src/db/migrate.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

// Migrations 480 and 481 convert a registry that already holds history (docs/scaling.md, "Partitions"): every row
// reaches the partitioned tables, the log's queue learns its events' assets, and old verifications get their months.
const ACCOUNT = randomUUID();
const ASSETS = Array.from({ length: 6 }, () => randomUUID());
let database: TestDatabase;
let before: Awaited<ReturnType<typeof contents>>;

/** The rows of the three tables and the queue, as one text each: equal before and after, equal contents. */
async function contents(): Promise<{
  events: string;
  entries: string;
  verifications: string;
  pending: string;
}> {
  const read = async (sql: string) =>
    (
      await database.db.query<{ rows: string }>(
        `SELECT coalesce(string_agg(r, '|' ORDER BY r), '') AS rows FROM (${sql}) t(r)`,
      )
    ).rows[0]!.rows;
  return {
    events: await read('SELECT e::text FROM asset_events e'),
    entries: await read('SELECT t::text FROM tlog_entries t'),
    verifications: await read('SELECT v::text FROM verifications v'),
    pending: await read('SELECT event_id::text FROM tlog_pending'),
  };
}

beforeAll(async () => {
  database = await createTestDatabase({ blank: true });
  await migrate(
    database.db,
    loadMigrations().filter((migration) => migration.version < 480),
  );
  await database.db.exec(`
    INSERT INTO accounts (id, name) VALUES ('${ACCOUNT}', 'Converted');
    INSERT INTO assets (id, planet, title, account_id, certificate_number, created_by, updated_by)
    SELECT id::uuid, 'artworks', 'Work ' || n, '${ACCOUNT}', 'ART-2020-' || lpad(n::text, 6, '0'), '${ACCOUNT}', '${ACCOUNT}'
    FROM unnest('{${ASSETS.join(',')}}'::text[]) WITH ORDINALITY AS a(id, n);
    INSERT INTO asset_events (id, asset_id, planet, sequence, event_type, payload, created_at, prev_hash, hash)
    SELECT gen_random_uuid(), a.id, 'artworks', s, 'UPDATED', '{}', now(), NULL, md5(a.id::text || s)
    FROM assets a, generate_series(1, 3) s;
    -- The first two events of each asset in the log, the third still queued.
    INSERT INTO tlog_entries (log_index, event_id, planet, asset_id, sequence, entry)
    SELECT row_number() OVER (ORDER BY e.asset_id, e.sequence) - 1, e.id, e.planet, e.asset_id, e.sequence, '\\x00'
    FROM asset_events e WHERE e.sequence <= 2;
    DELETE FROM tlog_pending p USING tlog_entries t WHERE t.event_id = p.event_id;
    -- Verifications of this month, of fourteen months ago and of three years ago.
    INSERT INTO verifications (id, planet, asset_id, certificate_number, verified, result, account_id, created_at)
    SELECT gen_random_uuid(), 'artworks', a.id, a.certificate_number, true, '{}', '${ACCOUNT}', now() - age
    FROM assets a, unnest(ARRAY[interval '0', interval '14 months', interval '3 years']) age;
  `);
  before = await contents();
  expect(await migrate(database.db)).toEqual(
    loadMigrations()
      .filter((migration) => migration.version >= 480)
      .map((migration) => migration.name),
  );
});

afterAll(async () => {
  await database?.drop();
});

describe('converting a registry with history to the partitioned tables', () => {
  it('keeps every event, log entry, verification and queued event', async () => {
    const after = await contents();
    expect(after).toEqual(before);
    expect(after.events.split('|')).toHaveLength(18);
    expect(after.pending.split('|')).toHaveLength(6);
  });

  it("the log's queue knows each queued event's asset and sequence", async () => {
    const { rows } = await database.db.query<{ matched: number }>(
      `SELECT count(*)::int AS matched FROM tlog_pending p
       JOIN asset_events e ON e.asset_id = p.asset_id AND e.sequence = p.sequence AND e.id = p.event_id`,
    );
    expect(rows[0]!.matched).toBe(6);
  });

  it('spreads the history over the hash partitions and puts each old verification in its own month', async () => {
    const { rows: spread } = await database.db.query<{ partitions: number }>(
      'SELECT count(DISTINCT tableoid)::int AS partitions FROM asset_events',
    );
    expect(spread[0]!.partitions).toBeGreaterThan(1);
    const { rows } = await database.db.query<{ partition: string; created_at: Date }>(
      'SELECT tableoid::regclass::text AS partition, created_at FROM verifications',
    );
    for (const row of rows) {
      const at = row.created_at;
      expect(row.partition).toBe(
        `verifications_p${at.getUTCFullYear()}_${String(at.getUTCMonth() + 1).padStart(2, '0')}`,
      );
    }
  });

  it('the converted tables take new history: an event is queued for the log with its asset', async () => {
    const asset = ASSETS[0]!;
    await database.db.query(
      `INSERT INTO asset_events (id, asset_id, planet, sequence, event_type, payload, created_at, prev_hash, hash)
       VALUES ($1, $2, 'artworks', 4, 'UPDATED', '{}', now(), NULL, 'h4')`,
      [randomUUID(), asset],
    );
    const { rows } = await database.db.query<{ head: number; queued: number }>(
      `SELECT (SELECT head_sequence FROM assets WHERE id = $1) AS head,
              (SELECT count(*)::int FROM tlog_pending WHERE asset_id = $1 AND sequence = 4) AS queued`,
      [asset],
    );
    expect(rows[0]).toEqual({ head: 4, queued: 1 });
  });
});
