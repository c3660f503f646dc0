import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { listEvents } from '../../src/modules/chain/events.repository.js';
import { createAssetViaApi } from '../helpers/asset-factory.js';
import { expectSecurityRefusals, securityCases } from '../helpers/security-cases.js';
import { useTestContext, type TestContext } from '../helpers/test-app.js';

// Ownership moves only with the receiving account's consent.
type Party = Awaited<ReturnType<TestContext['createAccountWithKey']>>;
type TransferBody = {
  id: string;
  asset_id: string;
  from_account_id: string;
  to_account_id: string;
  status: string;
  expires_at: string;
};

const context = useTestContext();
let seller: Party;
let buyer: Party;
let stranger: Party;

beforeAll(async () => {
  seller = await context.createAccountWithKey({ name: 'Seller' });
  buyer = await context.createAccountWithKey({ name: 'Buyer' });
  stranger = await context.createAccountWithKey({ name: 'Stranger' });
});

const post = (url: string, headers: Record<string, string>, payload?: object) =>
  context.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const offer = (assetId: string, to: string, headers = seller.auth, planet = 'artworks') =>
  post(`/api/v1/assets/${planet}/${assetId}/transfer`, headers, { to_account_id: to });
const answer = (id: string, move: 'accept' | 'decline' | 'cancel', headers: Record<string, string>) =>
  post(`/api/v1/transfers/${id}/${move}`, headers);
type Page = { data: TransferBody[]; has_more: boolean; next_cursor: string | null };
const list = (headers: Record<string, string>, query = '') =>
  context.app.inject({ method: 'GET', url: `/api/v1/transfers${query}`, headers });
const listed = async (headers: Record<string, string>, query = '') =>
  (await list(headers, query)).json<Page>();
const ownerOf = async (assetId: string) =>
  (
    await context.app.inject({
      method: 'GET',
      url: `/api/v1/assets/artworks/${assetId}`,
      headers: seller.auth,
    })
  ).json().account_id as string;

async function offered(to = buyer.accountId): Promise<{ assetId: string; transfer: TransferBody }> {
  const asset = await createAssetViaApi(context.app, seller.auth);
  const response = await offer(asset.id, to);
  expect(response.statusCode, response.body).toBe(202);
  return { assetId: asset.id, transfer: response.json<{ transfer: TransferBody }>().transfer };
}

describe('the offer', () => {
  it('is 202 { transfer } pending for 14 days, and changes nothing about the asset', async () => {
    const before = Date.now();
    const { assetId, transfer } = await offered();
    expect(transfer).toMatchObject({
      asset_id: assetId,
      from_account_id: seller.accountId,
      to_account_id: buyer.accountId,
      status: 'pending',
    });
    const days = (Date.parse(transfer.expires_at) - before) / 86_400_000;
    expect(days).toBeGreaterThan(13.99);
    expect(days).toBeLessThan(14.01);
    expect(await ownerOf(assetId)).toBe(seller.accountId);
    expect((await listEvents(context.db, assetId)).map((event) => event.event_type)).toEqual(['CREATED']);
    const { rows } = await context.db.query(
      "SELECT 1 FROM webhook_outbox WHERE event_type = 'ownership.transferred' AND payload->'asset'->>'id' = $1",
      [assetId],
    );
    expect(rows).toHaveLength(0);
  });

  it('to an account that does not exist gets the same answer as to one that does (no oracle)', async () => {
    const known = await offered(buyer.accountId);
    const unknown = await offered(randomUUID());
    const shape = (transfer: TransferBody) => ({
      keys: Object.keys(transfer).sort(),
      status: transfer.status,
    });
    expect(shape(unknown.transfer)).toEqual(shape(known.transfer));
  });

  it('409 transfer_pending while the asset has an open offer; a cancelled one frees it', async () => {
    const { assetId, transfer } = await offered();
    const second = await offer(assetId, stranger.accountId);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'transfer_pending' });
    expect((await answer(transfer.id, 'cancel', seller.auth)).statusCode).toBe(200);
    expect((await offer(assetId, stranger.accountId)).statusCode).toBe(202);
  });

  it('an expired offer frees the asset for a new one', async () => {
    const { assetId, transfer } = await offered();
    await context.db.query("UPDATE transfers SET expires_at = now() - interval '1 second' WHERE id = $1", [
      transfer.id,
    ]);
    expect((await offer(assetId, stranger.accountId)).statusCode).toBe(202);
  });
});

describe('the answer', () => {
  it('accept: 200 with the transfer accepted and the asset now the receiver’s', async () => {
    const { assetId, transfer } = await offered();
    const response = await answer(transfer.id, 'accept', buyer.auth);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      transfer: { id: transfer.id, status: 'accepted' },
      asset: { id: assetId, account_id: buyer.accountId, updated_by: buyer.accountId },
    });
    expect(response.json().transfer.decided_at).toEqual(expect.any(String));
    expect(await ownerOf(assetId)).toBe(buyer.accountId);
    const { rows } = await context.db.query<{ account_id: string }>(
      "SELECT account_id FROM webhook_outbox WHERE event_type = 'ownership.transferred' AND payload->'asset'->>'id' = $1",
      [assetId],
    );
    expect(rows.map((row) => row.account_id).sort()).toEqual([seller.accountId, buyer.accountId].sort());
  });

  it('decline and cancel close the offer; the asset stays; a second answer is 409 invalid_state', async () => {
    for (const [move, headers] of [
      ['decline', () => buyer.auth],
      ['cancel', () => seller.auth],
    ] as const) {
      const { assetId, transfer } = await offered();
      const response = await answer(transfer.id, move, headers());
      expect(response.statusCode).toBe(200);
      expect(response.json().transfer.status).toBe(move === 'decline' ? 'declined' : 'cancelled');
      expect(await ownerOf(assetId)).toBe(seller.accountId);
      const late = await answer(transfer.id, 'accept', buyer.auth);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ code: 'invalid_state' });
      expect(late.json().error).toContain(move === 'decline' ? 'declined' : 'cancelled');
      expect((await listEvents(context.db, assetId)).map((event) => event.event_type)).toEqual(['CREATED']);
    }
  });

  it('an expired offer cannot be accepted: 409 transfer_expired, and the asset stays', async () => {
    const { assetId, transfer } = await offered();
    await context.db.query("UPDATE transfers SET expires_at = now() - interval '1 second' WHERE id = $1", [
      transfer.id,
    ]);
    const response = await answer(transfer.id, 'accept', buyer.auth);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'transfer_expired' });
    expect(await ownerOf(assetId)).toBe(seller.accountId);
    expect((await listed(buyer.auth)).data.map((t) => t.id)).not.toContain(transfer.id);
  });

  it('an asset archived after the offer cannot be accepted: 409 invalid_state', async () => {
    const { assetId, transfer } = await offered();
    expect((await post(`/api/v1/assets/artworks/${assetId}/archive`, seller.auth)).statusCode).toBe(200);
    const response = await answer(transfer.id, 'accept', buyer.auth);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'invalid_state' });
    expect(await ownerOf(assetId)).toBe(seller.accountId);
  });

  it('only the receiver accepts or declines and only the sender cancels; anyone else gets 404', async () => {
    const { assetId, transfer } = await offered();
    for (const [move, headers] of [
      ['accept', seller.auth],
      ['accept', stranger.auth],
      ['decline', seller.auth],
      ['decline', stranger.auth],
      ['cancel', buyer.auth],
      ['cancel', stranger.auth],
    ] as const) {
      const response = await answer(transfer.id, move, headers);
      expect(response.statusCode, move).toBe(404);
      expect(response.json()).toMatchObject({ code: 'transfer_not_found' });
    }
    // The same answer as for a transfer that does not exist, or an id that is not one.
    for (const id of [randomUUID(), 'not-a-uuid', `urn:uuid:${transfer.id}`]) {
      const response = await answer(encodeURIComponent(id), 'accept', buyer.auth);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toMatchObject({ code: 'transfer_not_found' });
    }
    expect(await ownerOf(assetId)).toBe(seller.accountId);
    expect((await listed(stranger.auth)).data.map((t) => t.id)).not.toContain(transfer.id);
  });

  it('a key scoped to another planet does not see or answer the offer (404)', async () => {
    const { transfer } = await offered();
    const watchesKey = await context.createApiKey(buyer.accountId, { planetScope: ['watches'] });
    const scoped = { authorization: `Bearer ${watchesKey.key}` };
    expect((await answer(transfer.id, 'accept', scoped)).statusCode).toBe(404);
    expect((await listed(scoped)).data.map((t) => t.id)).not.toContain(transfer.id);
  });
});

describe('GET /api/v1/transfers', () => {
  it('lists both sides’ open offers; role narrows; pages by cursor', async () => {
    const lister = await context.createAccountWithKey({ name: 'Lister' });
    const incoming: string[] = [];
    for (let i = 0; i < 3; i++) {
      const asset = await createAssetViaApi(context.app, seller.auth);
      incoming.push((await offer(asset.id, lister.accountId)).json<{ transfer: TransferBody }>().transfer.id);
    }
    const own = await createAssetViaApi(context.app, lister.auth);
    const outgoing = (await offer(own.id, buyer.accountId, lister.auth)).json().transfer.id as string;
    // A closed offer is not listed.
    const closedAsset = await createAssetViaApi(context.app, seller.auth);
    const closed = (await offer(closedAsset.id, lister.accountId)).json().transfer.id as string;
    expect((await answer(closed, 'decline', lister.auth)).statusCode).toBe(200);

    const ids = async (query: string) => (await listed(lister.auth, query)).data.map((t) => t.id);
    expect((await ids('')).sort()).toEqual([...incoming, outgoing].sort());
    expect((await ids('?role=incoming')).sort()).toEqual([...incoming].sort());
    expect(await ids('?role=outgoing')).toEqual([outgoing]);
    // The sender sees its outgoing offer too.
    expect(await ids('')).not.toContain(closed);
    const buyerSees = (await listed(buyer.auth, '?role=incoming')).data.map((t) => t.id);
    expect(buyerSees).toContain(outgoing);

    const first = await listed(lister.auth, '?limit=2');
    expect(first.data).toHaveLength(2);
    expect(first.has_more).toBe(true);
    const second = await listed(lister.auth, `?limit=2&cursor=${encodeURIComponent(first.next_cursor!)}`);
    expect([...first.data, ...second.data].map((t) => t.id).sort()).toEqual([...incoming, outgoing].sort());
  });

  it('400 for an unknown role, a limit over 100 or a cursor it did not issue', async () => {
    for (const query of ['?role=everyone', '?limit=101', '?cursor=nope']) {
      const response = await list(buyer.auth, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed' });
    }
  });
});

describe('authentication', () => {
  it('refuses missing, unknown, revoked and expired keys on every transfer route (401)', async () => {
    const { transfer } = await offered();
    const cases = await securityCases(context);
    await expectSecurityRefusals(context, cases, { method: 'GET', url: '/api/v1/transfers' });
    for (const move of ['accept', 'decline', 'cancel']) {
      await expectSecurityRefusals(context, cases, {
        method: 'POST',
        url: `/api/v1/transfers/${transfer.id}/${move}`,
      });
    }
  });
});

describe('rate limits', () => {
  const limited = useTestContext({ config: { AVS_RATE_LIMIT_PER_SECOND: 1, AVS_RATE_LIMIT_BURST: 2 } });
  it('answer 429 rate_limited once the key’s bucket is empty', async () => {
    const { auth } = await limited.createAccountWithKey();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await limited.app.inject({ method: 'GET', url: '/api/v1/transfers', headers: auth })).statusCode,
      );
    }
    expect(statuses).toContain(429);
  });
});
