import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAssetViaApi } from '../helpers/asset-factory.js';
import { useTestContext, type TestContext } from '../helpers/test-app.js';

// OWASP API1:2023 Broken Object Level Authorization. Also covered: test/webhooks/registration.security.test.ts
// (another account's webhook on read, delete, log, test), test/lifecycle/archive-transfer.test.ts,
// test/lifecycle/transfers.test.ts (another account's transfer offer: 404 on accept, decline, cancel and in lists).
describe('API1 object level authorization: another account may not change what it does not own', () => {
  const context = useTestContext();
  let owner: Awaited<ReturnType<TestContext['createAccountWithKey']>>;
  let intruder: Awaited<ReturnType<TestContext['createAccountWithKey']>>;
  beforeAll(async () => {
    owner = await context.createAccountWithKey({ name: 'Owner' });
    intruder = await context.createAccountWithKey({ name: 'Intruder' });
  });

  it("answers 404 to every change of another account's asset, and the asset is unchanged", async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    const base = `/api/v1/assets/artworks/${asset.id}`;
    const accomplice = await context.createAccountWithKey({ name: 'Accomplice' });
    const attempts = [
      { method: 'PATCH' as const, url: base, payload: { title: 'Stolen' } },
      { method: 'POST' as const, url: `${base}/archive` },
      { method: 'POST' as const, url: `${base}/transfer`, payload: { to_account_id: accomplice.accountId } },
    ];
    for (const attempt of attempts) {
      const response = await context.app.inject({ ...attempt, headers: intruder.auth });
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(404);
      expect(response.json()).toMatchObject({ code: 'asset_not_found', error: expect.any(String) });
    }
    // The same 404 as for an asset that does not exist: no oracle.
    const missing = await context.app.inject({
      method: 'PATCH',
      url: `/api/v1/assets/artworks/${randomUUID()}`,
      headers: intruder.auth,
      payload: { title: 'x' },
    });
    expect(missing.json().error).toBe(
      (await context.app.inject({ ...attempts[0]!, headers: intruder.auth })).json().error,
    );
    const after = await context.app.inject({ method: 'GET', url: base, headers: owner.auth });
    expect(after.json()).toMatchObject({ title: asset.title, account_id: owner.accountId, status: 'draft' });
  });

  it("answers 404 to reading, listing, disabling or testing another account's webhook", async () => {
    const created = await context.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: owner.auth,
      payload: { url: 'https://hooks.example.com/owner' },
    });
    const id = created.json().id as string;
    for (const [method, url] of [
      ['GET', `/api/v1/webhooks/${id}`],
      ['DELETE', `/api/v1/webhooks/${id}`],
      ['GET', `/api/v1/webhooks/${id}/deliveries`],
      ['POST', `/api/v1/webhooks/${id}/test`],
      ['POST', `/api/v1/webhooks/${id}/deliveries/${randomUUID()}/retry`],
    ] as const) {
      const response = await context.app.inject({ method, url, headers: intruder.auth });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const list = await context.app.inject({ method: 'GET', url: '/api/v1/webhooks', headers: intruder.auth });
    expect(list.json().data).toEqual([]);
    const still = await context.app.inject({
      method: 'GET',
      url: `/api/v1/webhooks/${id}`,
      headers: owner.auth,
    });
    expect(still.json().status).toBe('active');
  });

  it("never replays another account's stored response for the same Idempotency-Key", async () => {
    const key = randomUUID();
    const send = (auth: { authorization: string }) =>
      context.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks',
        headers: { ...auth, 'idempotency-key': key },
        payload: { url: 'https://hooks.example.com/same' },
      });
    const mine = await send(owner.auth);
    const theirs = await send(intruder.auth);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().secret).not.toBe(mine.json().secret);
    expect(theirs.json().account_id).toBe(intruder.accountId);
  });
});
