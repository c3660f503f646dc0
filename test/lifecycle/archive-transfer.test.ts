import { beforeAll, describe, expect, it } from 'vitest';
import { listEvents } from '../../src/modules/chain/events.repository.js';
import { createAssetViaApi, issueCertificateForTest, transferViaApi } from '../helpers/asset-factory.js';
import { expectSecurityRefusals, securityCases } from '../helpers/security-cases.js';
import { useTestContext, type TestContext } from '../helpers/test-app.js';

const context = useTestContext();
let owner: Awaited<ReturnType<TestContext['createAccountWithKey']>>;
let buyer: Awaited<ReturnType<TestContext['createAccountWithKey']>>;

beforeAll(async () => {
  owner = await context.createAccountWithKey({ name: 'Seller' });
  buyer = await context.createAccountWithKey({ name: 'Buyer' });
});

const post = (url: string, headers: Record<string, string>, payload?: object) =>
  context.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

describe('POST /api/v1/assets/{planet}/{id}/archive', () => {
  it('archives a draft or active asset and writes an ARCHIVED event', async () => {
    const draft = await createAssetViaApi(context.app, owner.auth);
    const active = await createAssetViaApi(context.app, owner.auth);
    await issueCertificateForTest(context.db, active);
    for (const [asset, from] of [
      [draft, 'draft'],
      [active, 'active'],
    ] as const) {
      const response = await post(`/api/v1/assets/artworks/${asset.id}/archive`, owner.auth);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: asset.id,
        status: 'archived',
        updated_by: owner.accountId,
      });
      const events = await listEvents(context.db, asset.id);
      expect(events[events.length - 1]).toMatchObject({
        event_type: 'ARCHIVED',
        payload: { from_status: from },
        actor_account_id: owner.accountId,
      });
    }
  });

  it('409 invalid_state naming the state when the asset is already archived', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    expect((await post(`/api/v1/assets/artworks/${asset.id}/archive`, owner.auth)).statusCode).toBe(200);
    const again = await post(`/api/v1/assets/artworks/${asset.id}/archive`, owner.auth);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'invalid_state' });
    expect(again.json().error).toContain('archived');
    expect((await listEvents(context.db, asset.id)).map((event) => event.event_type)).toEqual([
      'CREATED',
      'ARCHIVED',
    ]);
  });

  it('another account’s asset is 404 and stays as it was', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    const response = await post(`/api/v1/assets/artworks/${asset.id}/archive`, buyer.auth);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('asset_not_found');
    expect(await listEvents(context.db, asset.id)).toHaveLength(1);
  });

  it('refuses missing, unknown, revoked and expired keys (401) and a key scoped to another planet (400)', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    await expectSecurityRefusals(context, await securityCases(context, { planet: 'artworks' }), {
      method: 'POST',
      url: `/api/v1/assets/artworks/${asset.id}/archive`,
    });
  });
});

describe('POST /api/v1/assets/{planet}/{id}/transfer, then the receiver accepts (its consent)', () => {
  const transfer = (id: string, to: unknown, headers = owner.auth) =>
    post(`/api/v1/assets/artworks/${id}/transfer`, headers, { to_account_id: to });
  const accept = (transferId: string, headers = buyer.auth) =>
    post(`/api/v1/transfers/${transferId}/accept`, headers);

  it('on acceptance moves ownership, records who did it, and writes OWNERSHIP_TRANSFERRED and ownership.transferred outbox rows', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    const offered = await transfer(asset.id, buyer.accountId);
    expect(offered.statusCode).toBe(202);
    const transferId = offered.json().transfer.id as string;
    // Nothing moves before the receiver says yes.
    expect(await listEvents(context.db, asset.id)).toHaveLength(1);
    const response = await accept(transferId);
    expect(response.statusCode).toBe(200);
    const record = response.json().asset;
    expect(record).toMatchObject({
      account_id: buyer.accountId,
      created_by: owner.accountId,
      updated_by: buyer.accountId,
    });
    const events = await listEvents(context.db, asset.id);
    expect(events[1]).toMatchObject({
      event_type: 'OWNERSHIP_TRANSFERRED',
      payload: { from_account_id: owner.accountId, to_account_id: buyer.accountId, transfer_id: transferId },
      actor_account_id: buyer.accountId,
    });
    const { rows } = await context.db.query<{ account_id: string; payload: Record<string, unknown> }>(
      "SELECT account_id, payload FROM webhook_outbox WHERE event_type = 'ownership.transferred' AND payload->'asset'->>'id' = $1",
      [asset.id],
    );
    // One for each side.
    expect(rows.map((row) => row.account_id).sort()).toEqual([owner.accountId, buyer.accountId].sort());
    for (const row of rows) {
      expect(row.payload).toEqual({
        asset: record,
        from_account_id: owner.accountId,
        to_account_id: buyer.accountId,
        transfer_id: transferId,
      });
    }
  });

  it('afterwards the old owner can no longer change the asset and the new owner can', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    await transferViaApi(context.app, asset, owner.auth, buyer);
    const patchAs = (headers: Record<string, string>) =>
      context.app.inject({
        method: 'PATCH',
        url: `/api/v1/assets/artworks/${asset.id}`,
        headers,
        payload: { title: 'Renamed' },
      });
    expect((await patchAs(owner.auth)).statusCode).toBe(404);
    expect((await transfer(asset.id, owner.accountId, owner.auth)).statusCode).toBe(400);
    expect((await patchAs(buyer.auth)).statusCode).toBe(200);
    const back = await transferViaApi(context.app, asset, buyer.auth, owner);
    expect(back.asset.account_id).toBe(owner.accountId);
  });

  it('400 when the target is the owner or is not a UUID', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    for (const to of [owner.accountId, 'someone', 42, null]) {
      const response = await transfer(asset.id, to);
      expect(response.statusCode, String(to)).toBe(400);
      expect(response.json().code).toBe('validation_failed');
      expect(response.json().error).toContain('to_account_id');
    }
    expect((await post(`/api/v1/assets/artworks/${asset.id}/transfer`, owner.auth, {})).statusCode).toBe(400);
    expect(await listEvents(context.db, asset.id)).toHaveLength(1);
  });

  it('another account’s asset is 404', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    const response = await transfer(asset.id, owner.accountId, buyer.auth);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('asset_not_found');
  });

  it('409 invalid_state for an archived asset', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    await post(`/api/v1/assets/artworks/${asset.id}/archive`, owner.auth);
    const response = await transfer(asset.id, buyer.accountId);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'invalid_state' });
    expect(response.json().error).toContain('archived');
  });

  it('refuses missing, unknown, revoked and expired keys (401) and a key scoped to another planet (400)', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    await expectSecurityRefusals(context, await securityCases(context, { planet: 'artworks' }), {
      method: 'POST',
      url: `/api/v1/assets/artworks/${asset.id}/transfer`,
      payload: { to_account_id: buyer.accountId },
    });
  });
});
