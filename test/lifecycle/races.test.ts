import { beforeAll, describe, expect, it } from 'vitest';
import { listEvents } from '../../src/modules/chain/events.repository.js';
import { checkChain } from '../../src/modules/chain/history-chain.js';
import { createAssetViaApi } from '../helpers/asset-factory.js';
import { useTestContext, type TestContext } from '../helpers/test-app.js';

const context = useTestContext();
let owner: Awaited<ReturnType<TestContext['createAccountWithKey']>>;

beforeAll(async () => {
  owner = await context.createAccountWithKey();
});

describe('concurrent moves on one asset', () => {
  it('of ten concurrent archives exactly one succeeds; the others get 409 invalid_state', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        context.app.inject({
          method: 'POST',
          url: `/api/v1/assets/artworks/${asset.id}/archive`,
          headers: owner.auth,
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    const events = await listEvents(context.db, asset.id);
    expect(events.map((event) => event.event_type)).toEqual(['CREATED', 'ARCHIVED']);
  });

  it('of concurrent offers to two buyers exactly one is made; of concurrent answers to it exactly one wins', async () => {
    const first = await context.createAccountWithKey({ name: 'First buyer' });
    const second = await context.createAccountWithKey({ name: 'Second buyer' });
    const asset = await createAssetViaApi(context.app, owner.auth);
    const offers = await Promise.all(
      [first, second].map((buyer) =>
        context.app.inject({
          method: 'POST',
          url: `/api/v1/assets/artworks/${asset.id}/transfer`,
          headers: owner.auth,
          payload: { to_account_id: buyer.accountId },
        }),
      ),
    );
    expect(offers.map((response) => response.statusCode).sort()).toEqual([202, 409]);
    const offered = offers.find((response) => response.statusCode === 202)!.json().transfer;
    const receiver = offered.to_account_id === first.accountId ? first : second;
    // The receiver accepts while the owner cancels: one of the two, never both.
    const answers = await Promise.all([
      context.app.inject({
        method: 'POST',
        url: `/api/v1/transfers/${offered.id}/accept`,
        headers: receiver.auth,
      }),
      context.app.inject({
        method: 'POST',
        url: `/api/v1/transfers/${offered.id}/cancel`,
        headers: owner.auth,
      }),
    ]);
    expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const events = await listEvents(context.db, asset.id);
    const moved = events.filter((event) => event.event_type === 'OWNERSHIP_TRANSFERRED');
    expect(moved).toHaveLength(answers[0].statusCode === 200 ? 1 : 0);
  });

  it('concurrent updates keep the history gap-free and linear, and concurrent verifications see it intact', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? context.app.inject({
              method: 'PATCH',
              url: `/api/v1/assets/artworks/${asset.id}`,
              headers: owner.auth,
              payload: { counter: i },
            })
          : context.app.inject({
              method: 'POST',
              url: '/api/v1/verify',
              headers: owner.auth,
              payload: { planet: 'artworks', asset_id: asset.id },
            }),
      ),
    );
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    const events = await listEvents(context.db, asset.id);
    // CREATED and ten UPDATEDs: a verification is a read and appends nothing.
    expect(events.map((event) => event.sequence)).toEqual(Array.from({ length: 11 }, (_, i) => i + 1));
    expect(checkChain(events)).toEqual({ intact: true });
    // Each verification read the row and its history at one instant: never a head from between two updates.
    for (const response of responses.filter((_, i) => i % 2 === 1)) {
      const body = response.json<{ checks: { name: string; passed: boolean }[] }>();
      expect(body.checks.find((check) => check.name === 'history_intact')).toEqual({
        name: 'history_intact',
        passed: true,
      });
    }
  });
});
