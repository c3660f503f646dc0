import type { Static } from '@sinclair/typebox';
import { beforeAll, describe, expect, it } from 'vitest';
import type { VerificationPage } from '../../src/modules/verification/verification.schemas.js';
import { createAssetViaApi, issueCertificateForTest, type CreatedAsset } from '../helpers/asset-factory.js';
import { expectSecurityRefusals, securityCases } from '../helpers/security-cases.js';
import { useTestContext, type TestContext } from '../helpers/test-app.js';

type Account = Awaited<ReturnType<TestContext['createAccountWithKey']>>;

const context = useTestContext();
let owner: Account;
let auctionHouse: Account;
let insurer: Account;

beforeAll(async () => {
  owner = await context.createAccountWithKey({ name: 'Gallery One' });
  auctionHouse = await context.createAccountWithKey({ name: 'Auction House' });
  insurer = await context.createAccountWithKey({ name: 'Insurer' });
});

async function issuedAsset(): Promise<CreatedAsset> {
  const asset = await createAssetViaApi(context.app, owner.auth, 'artworks', { title: 'Checked work' });
  await issueCertificateForTest(context.db, asset);
  return asset;
}

async function verifyAs(
  account: Account,
  asset: CreatedAsset,
): Promise<{ id: string; [field: string]: unknown }> {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/v1/verify',
    headers: account.auth,
    payload: { planet: 'artworks', asset_id: asset.id },
  });
  expect(response.statusCode).toBe(200);
  // The stored verification is the result; the signed receipt stays with the verifier.
  const { receipt: _receipt, ...result } = response.json<{ id: string; receipt: unknown }>();
  return result;
}

const get = (url: string, account: Account | { auth: Record<string, string> }) =>
  context.app.inject({ method: 'GET', url, headers: account.auth });

describe('GET /api/v1/verifications/{id}', () => {
  it('returns the stored result, with who verified, to the verifier and to the asset owner', async () => {
    const asset = await issuedAsset();
    const result = await verifyAs(auctionHouse, asset);
    for (const reader of [auctionHouse, owner]) {
      const response = await get(`/api/v1/verifications/${result.id}`, reader);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        ...result,
        verified_by: { account_id: auctionHouse.accountId, name: 'Auction House' },
      });
    }
  });

  it('404 to every other account, and for unknown or malformed ids', async () => {
    const asset = await issuedAsset();
    const result = await verifyAs(auctionHouse, asset);
    for (const url of [
      `/api/v1/verifications/${result.id}`,
      '/api/v1/verifications/00000000-0000-4000-8000-000000000000',
      '/api/v1/verifications/not-a-uuid',
    ]) {
      const response = await get(url, insurer);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe('verification_not_found');
    }
  });

  it("404 to the owner's key when it is scoped to another planet", async () => {
    const asset = await issuedAsset();
    const result = await verifyAs(auctionHouse, asset);
    const watchesKey = await context.createApiKey(owner.accountId, { planetScope: ['watches'] });
    const response = await get(`/api/v1/verifications/${result.id}`, {
      auth: { authorization: `Bearer ${watchesKey.key}` },
    });
    expect(response.statusCode).toBe(404);
  });

  it('refuses missing, unknown, revoked and expired keys (401)', async () => {
    const asset = await issuedAsset();
    const result = await verifyAs(auctionHouse, asset);
    await expectSecurityRefusals(context, await securityCases(context), {
      method: 'GET',
      url: `/api/v1/verifications/${result.id}`,
    });
  });
});

describe('GET /api/v1/assets/{planet}/{id}/verifications', () => {
  it("lists the verifications of the owner's asset newest first, naming each verifying account", async () => {
    const asset = await issuedAsset();
    const first = await verifyAs(auctionHouse, asset);
    const second = await verifyAs(insurer, asset);
    const third = await verifyAs(auctionHouse, asset);
    const response = await get(`/api/v1/assets/artworks/${asset.id}/verifications`, owner);
    expect(response.statusCode).toBe(200);
    const page = response.json<Static<typeof VerificationPage>>();
    expect(page.has_more).toBe(false);
    expect(page.next_cursor).toBeNull();
    expect(page.data.map((entry) => entry.id)).toEqual([third.id, second.id, first.id]);
    expect(page.data.map((entry) => entry.verified_by.name)).toEqual([
      'Auction House',
      'Insurer',
      'Auction House',
    ]);
    expect(page.data[1]).toEqual({
      ...second,
      verified_by: { account_id: insurer.accountId, name: 'Insurer' },
    });
  });

  it('pages with limit and cursor, as history does, without losing or repeating an entry', async () => {
    const asset = await issuedAsset();
    const made = [];
    for (let i = 0; i < 5; i++) made.push((await verifyAs(auctionHouse, asset)).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=2&cursor=${encodeURIComponent(cursor)}` : '?limit=2';
      const response = await get(`/api/v1/assets/artworks/${asset.id}/verifications${query}`, owner);
      expect(response.statusCode).toBe(200);
      const page = response.json<Static<typeof VerificationPage>>();
      seen.push(...page.data.map((entry) => entry.id));
      cursor = page.next_cursor;
      expect(page.has_more).toBe(cursor !== null);
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...made].reverse());
  });

  it('404 to every account but the owner, as for changes to an asset', async () => {
    const asset = await issuedAsset();
    await verifyAs(auctionHouse, asset);
    for (const [url, reader] of [
      [`/api/v1/assets/artworks/${asset.id}/verifications`, auctionHouse],
      [`/api/v1/assets/artworks/00000000-0000-4000-8000-000000000000/verifications`, owner],
      [`/api/v1/assets/watches/${asset.id}/verifications`, owner],
      [`/api/v1/assets/artworks/not-a-uuid/verifications`, owner],
    ] as const) {
      const response = await get(url, reader);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe('asset_not_found');
    }
  });

  it('400: an unknown planet, a limit outside 1–100, a cursor this service did not return', async () => {
    const asset = await issuedAsset();
    for (const [url, code] of [
      [`/api/v1/assets/spaceships/${asset.id}/verifications`, 'invalid_planet'],
      [`/api/v1/assets/artworks/${asset.id}/verifications?limit=0`, 'validation_failed'],
      [`/api/v1/assets/artworks/${asset.id}/verifications?limit=101`, 'validation_failed'],
      [`/api/v1/assets/artworks/${asset.id}/verifications?cursor=bm9wZQ`, 'validation_failed'],
    ] as const) {
      const response = await get(url, owner);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().code, url).toBe(code);
    }
  });

  it('refuses missing, unknown, revoked and expired keys (401) and a key scoped to another planet (400)', async () => {
    const asset = await issuedAsset();
    await expectSecurityRefusals(context, await securityCases(context, { planet: 'artworks' }), {
      method: 'GET',
      url: `/api/v1/assets/artworks/${asset.id}/verifications`,
    });
  });
});
