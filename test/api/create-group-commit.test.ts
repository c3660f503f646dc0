import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PreparedStatement } from '../../src/db/database.js';
import { createIntegrity } from '../helpers/integrity.js';
import { useTestContext } from '../helpers/test-app.js';

// Concurrent creates go to the database together (group commit), each with its own everything.
describe('creates by group commit', () => {
  // Rate limits out of the way: 2,000 creates of one key at once.
  const context = useTestContext({
    config: { AVS_RATE_LIMIT_PER_SECOND: 1_000_000, AVS_RATE_LIMIT_BURST: 1_000_000 },
  });
  let auth: { authorization: string };
  let accountId: string;
  beforeAll(async () => {
    ({ auth, accountId } = await context.createAccountWithKey());
  });
  afterEach(() => vi.restoreAllMocks());

  /** The names of the prepared statements the app sends, and whether each failed. */
  function watchStatements(): { name: string; failed: boolean }[] {
    const seen: { name: string; failed: boolean }[] = [];
    const { db } = context.app;
    const query = db.query.bind(db);
    vi.spyOn(db, 'query').mockImplementation((async (sql: string | PreparedStatement, params?: unknown[]) => {
      const name = typeof sql === 'string' ? '' : sql.name;
      try {
        const result = await query(sql, params);
        seen.push({ name, failed: false });
        return result;
      } catch (error) {
        seen.push({ name, failed: true });
        throw error;
      }
    }) as typeof db.query);
    return seen;
  }

  const create = (title: string) =>
    context.app.inject({ method: 'POST', url: '/api/v1/assets/artworks', headers: auth, payload: { title } });

  it('gives 2,000 concurrent creates each its own asset, number, CREATED event and outbox row', async () => {
    const statements = watchStatements();
    const responses = await Promise.all(Array.from({ length: 2000 }, (_, i) => create(`Batch ${i}`)));
    const bodies = responses.map((response) => {
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: string; title: string; certificate_number: string; head?: unknown }>();
    });
    // Each caller got its own asset back, not a neighbour's.
    expect(bodies.map((body) => body.title)).toEqual(Array.from({ length: 2000 }, (_, i) => `Batch ${i}`));
    expect(new Set(bodies.map((body) => body.id)).size).toBe(2000);
    expect(new Set(bodies.map((body) => body.certificate_number)).size).toBe(2000);
    // They went to the database in batches, fewer statements than creates.
    const batches = statements.filter((s) => s.name === 'insert_assets_with_created_events');
    expect(batches.length).toBeGreaterThan(0);
    const writes = statements.filter((s) => s.name.startsWith('insert_asset')).length;
    expect(writes).toBeLessThan(2000);

    expect(await createIntegrity(context.db, accountId)).toEqual({
      assets: 2000,
      assetsWithoutTheirEvents: 0,
      orphans: 0,
      distinctCertificateNumbers: 2000,
    });
    // The chain head the row keeps is its CREATED event; the outbox row carries the asset's own number;
    // every event is queued for the transparency log by its trigger.
    const { rows } = await context.db.query<{ bad_head: number; bad_outbox: number; unqueued: number }>(
      `SELECT
         (SELECT count(*)::int FROM assets a JOIN asset_events e ON e.asset_id = a.id AND e.sequence = 1
            WHERE a.account_id = $1 AND (a.head_sequence <> 1 OR a.head_hash <> e.hash
              OR e.created_at <> a.created_at OR e.payload->>'source' <> 'api')) AS bad_head,
         (SELECT count(*)::int FROM assets a JOIN webhook_outbox o
            ON o.event_type = 'asset.created' AND o.payload->'asset'->>'id' = a.id::text
            WHERE a.account_id = $1 AND (o.payload->'asset'->>'certificate_number' <> a.certificate_number
              OR o.payload->'asset'->>'title' <> a.title)) AS bad_outbox,
         (SELECT count(*)::int FROM asset_events e WHERE e.actor_account_id = $1
            AND NOT EXISTS (SELECT 1 FROM tlog_pending p WHERE p.event_id = e.id)
            AND NOT EXISTS (SELECT 1 FROM tlog_entries t WHERE t.event_id = e.id)) AS unqueued`,
      [accountId],
    );
    expect(rows[0]).toEqual({ bad_head: 0, bad_outbox: 0, unqueued: 0 });

    // Each history checks out as /verify reads it.
    for (const body of bodies.slice(0, 20)) {
      const verified = await context.app.inject({
        method: 'POST',
        url: '/api/v1/verify',
        headers: auth,
        payload: { planet: 'artworks', asset_id: body.id },
      });
      expect(verified.statusCode).toBe(200);
      const { checks } = verified.json<{ checks: { name: string; passed: boolean }[] }>();
      expect(checks.find((check) => check.name === 'history_intact')?.passed).toBe(true);
    }
  });

  it('fails only the create that breaks a constraint, not the others of its batch', async () => {
    const { accountId: other, auth: otherAuth } = await context.createAccountWithKey();
    // A constraint the service's checks do not know about: the database refuses this title.
    await context.db.exec(
      "ALTER TABLE assets_artworks ADD CONSTRAINT test_refuses_poison CHECK (title <> 'Poison')",
    );
    try {
      const statements = watchStatements();
      const titles = Array.from({ length: 50 }, (_, i) => (i === 40 ? 'Poison' : `Neighbour ${i}`));
      const responses = await Promise.all(
        titles.map((title) =>
          context.app.inject({
            method: 'POST',
            url: '/api/v1/assets/artworks',
            headers: otherAuth,
            payload: { title },
          }),
        ),
      );
      responses.forEach((response, i) => {
        if (i === 40) {
          expect(response.statusCode, response.body).toBe(500);
          expect(response.json<{ code: string }>().code).toBe('asset_create_failed');
        } else {
          expect(response.statusCode, response.body).toBe(201);
          expect(response.json<{ title: string }>().title).toBe(titles[i]);
        }
      });
      // The poisoned create was in a batch with others: that batch failed and was retried one by one.
      expect(statements.some((s) => s.name === 'insert_assets_with_created_events' && s.failed)).toBe(true);
      expect(await createIntegrity(context.db, other)).toEqual({
        assets: 49,
        assetsWithoutTheirEvents: 0,
        orphans: 0,
        distinctCertificateNumbers: 49,
      });
    } finally {
      await context.db.exec('ALTER TABLE assets_artworks DROP CONSTRAINT test_refuses_poison');
    }
  });

  it('refuses an invalid create before batching, alone', async () => {
    const responses = await Promise.all([
      create('Fine one'),
      context.app.inject({
        method: 'POST',
        url: '/api/v1/assets/artworks',
        headers: auth,
        payload: { title: 'Bad year', year: 'not a year' },
      }),
      create('Fine two'),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([201, 400, 201]);
  });
});
