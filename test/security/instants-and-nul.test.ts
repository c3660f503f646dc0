import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAssetViaApi } from '../helpers/asset-factory.js';
import { useTestContext } from '../helpers/test-app.js';

// Inputs that PostgreSQL and PGlite refused, answered 500.
const ADMIN_TOKEN = 'instants-and-nul-admin-token-for-the-tests-0042';

// Year 0 does not exist in PostgreSQL; a year-1 instant east of UTC lands in year 0 once in UTC.
const UNSTORABLE_INSTANTS = [
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00+14:00',
  '0000-12-31T23:59:59.999Z',
  // Past year 9999 in UTC, and a leap second (which JavaScript's Date cannot read).
  '9999-12-31T23:00:00-05:00',
  '2026-12-31T23:59:60Z',
];

describe('instants PostgreSQL cannot store and NUL in free text are 400, not 500', () => {
  const context = useTestContext({ config: { AVS_ADMIN_TOKEN: ADMIN_TOKEN, AVS_RATE_LIMIT_BURST: 100_000 } });
  let auth: { authorization: string };
  let asset: { id: string };
  beforeAll(async () => {
    ({ auth } = await context.createAccountWithKey());
    asset = await createAssetViaApi(context.app, auth);
  });

  async function expectValidationFailed(request: InjectOptions, field: string): Promise<void> {
    const response = await context.app.inject(request);
    const label = `${JSON.stringify(request)} -> ${response.body}`;
    expect(response.statusCode, label).toBe(400);
    expect(response.json(), label).toMatchObject({ code: 'validation_failed' });
    expect(response.json<{ error: string }>().error, label).toContain(`\`${field}\``);
  }

  it('`q=%00` on the asset list', async () => {
    await expectValidationFailed({ method: 'GET', url: '/api/v1/assets/artworks?q=%00', headers: auth }, 'q');
    await expectValidationFailed(
      { method: 'GET', url: '/api/v1/assets/artworks?q=water%00lilies', headers: auth },
      'q',
    );
  });

  it.each(UNSTORABLE_INSTANTS)('`created_after` / `created_before` of %s on the lists', async (instant) => {
    const value = encodeURIComponent(instant);
    for (const [url, field] of [
      [`/api/v1/assets/artworks?created_after=${value}`, 'created_after'],
      [`/api/v1/assets/artworks?created_before=${value}`, 'created_before'],
      [`/api/v1/events?created_after=${value}`, 'created_after'],
    ] as const)
      await expectValidationFailed({ method: 'GET', url, headers: auth }, field);
  });

  it.each([...UNSTORABLE_INSTANTS, '0000-01-01'])(
    'an alert `occurred_at` of %s, raised by the owner or an administrator',
    async (instant) => {
      await expectValidationFailed(
        {
          method: 'POST',
          url: `/api/v1/assets/artworks/${asset.id}/alerts`,
          headers: auth,
          payload: { kind: 'stolen', occurred_at: instant },
        },
        'occurred_at',
      );
      await expectValidationFailed(
        {
          method: 'POST',
          url: `/admin/api/assets/artworks/${asset.id}/alerts`,
          headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
          payload: { kind: 'lost', occurred_at: instant },
        },
        'occurred_at',
      );
    },
  );

  it('the instants at the edges of the range still pass', async () => {
    // An hour-only offset passed the schema and then broke JavaScript's Date (500): now read as the schema reads it.
    for (const instant of [
      '0001-01-01T00:00:00Z',
      '0001-01-01T10:00:00+10:00',
      '9999-12-31T23:59:59.999Z',
      '2026-01-01T00:00:00+01',
    ])
      for (const url of [
        `/api/v1/assets/artworks?created_after=${encodeURIComponent(instant)}`,
        `/api/v1/events?created_after=${encodeURIComponent(instant)}`,
      ]) {
        const response = await context.app.inject({ method: 'GET', url, headers: auth });
        expect(response.statusCode, `${url} -> ${response.body}`).toBe(200);
      }
    const raised = await context.app.inject({
      method: 'POST',
      url: `/api/v1/assets/artworks/${asset.id}/alerts`,
      headers: auth,
      payload: { kind: 'lost', occurred_at: '0001-01-01T00:00:00-01:00' },
    });
    expect(raised.statusCode, raised.body).toBe(201);
    expect(raised.json<{ alert: { occurred_at: string } }>().alert.occurred_at).toBe(
      '0001-01-01T01:00:00.000Z',
    );
  });
});
