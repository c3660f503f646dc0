import { describe, expect, it } from 'vitest';
import { createIntegrity } from '../helpers/integrity.js';
import { useTestContext } from '../helpers/test-app.js';

describe('POST /api/v1/assets/{planet} under concurrency', () => {
  // A generous burst: this test is about the database, not the rate limiter.
  const context = useTestContext({ config: { AVS_RATE_LIMIT_BURST: 1_000 } });

  it('200 concurrent creates on one planet: all 201, distinct numbers, one CREATED event and one outbox row each', async () => {
    const { auth, accountId } = await context.createAccountWithKey();
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

    expect(await createIntegrity(context.db, accountId)).toEqual({
      assets: 200,
      assetsWithoutTheirEvents: 0,
      orphans: 0,
      distinctCertificateNumbers: 200,
    });
  });
});
