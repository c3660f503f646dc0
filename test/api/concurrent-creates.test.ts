import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/test-app.js';

describe('POST /api/v1/assets/{planet} under concurrency', () => {
  let context: TestContext;
  beforeAll(async () => {
    // A generous burst: this test is about the database, not the rate limiter.
    context = await createTestContext({ config: { AVS_RATE_LIMIT_BURST: 1_000 } });
  });
  afterAll(() => context.close());

  it('200 concurrent creates on one planet: all 201, distinct numbers, one CREATED event and one outbox row each', async () => {
    const { auth } = await context.createAccountWithKey();
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        context.app.inject({
          method: 'POST',
          url: '/api/v1/assets/artworks',
          headers: auth,
          payload: { title: `Concurrent ${i}` },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(200).fill(201));
    const assets = responses.map((response) => response.json<{ id: string; certificate_number: string }>());
    expect(new Set(assets.map((asset) => asset.certificate_number)).size).toBe(200);

    const ids = assets.map((asset) => asset.id);
    const events = await context.db.query<{ asset_id: string; n: number }>(
      `SELECT asset_id, count(*)::int AS n FROM asset_events
       WHERE asset_id = ANY($1::uuid[]) AND event_type = 'CREATED' GROUP BY asset_id`,
      [ids],
    );
    expect(events.rows).toHaveLength(200);
    expect(events.rows.every((row) => row.n === 1)).toBe(true);
    const outbox = await context.db.query<{ id: string; n: number }>(
      `SELECT payload->'asset'->>'id' AS id, count(*)::int AS n FROM webhook_outbox
       WHERE event_type = 'asset.created' AND payload->'asset'->>'id' = ANY($1::text[]) GROUP BY 1`,
      [ids],
    );
    expect(outbox.rows).toHaveLength(200);
    expect(outbox.rows.every((row) => row.n === 1)).toBe(true);
  });
});
