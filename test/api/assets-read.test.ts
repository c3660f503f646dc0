import type { Static } from '@sinclair/typebox';
import { beforeAll, describe, expect, it } from 'vitest';
import { appendEvent } from '../../src/modules/chain/history-events.service.js';
import { computeEventHash } from '../../src/modules/chain/history-chain.js';
import type { HistoryEntry, HistoryPage } from '../../src/modules/history/history.schemas.js';
import { createAssetViaApi, issueCertificateForTest, type CreatedAsset } from '../helpers/asset-factory.js';
import { expectSecurityRefusals, securityCases } from '../helpers/security-cases.js';
import { useTestContext, type TestContext } from '../helpers/test-app.js';

const context = useTestContext();
let owner: Awaited<ReturnType<TestContext['createAccountWithKey']>>;
let asset: CreatedAsset;

beforeAll(async () => {
  owner = await context.createAccountWithKey();
  asset = await createAssetViaApi(context.app, owner.auth, 'artworks', {
    title: 'The Scream',
    year: 1893,
    x: { y: 1 },
  });
});

const get = (url: string, headers: Record<string, string> = owner.auth) =>
  context.app.inject({ method: 'GET', url, headers });

describe('GET /api/v1/assets/{planet}/{id}', () => {
  it('returns the same record shape as create', async () => {
    const response = await get(`/api/v1/assets/artworks/${asset.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(asset);
  });

  it('any key whose scope covers the planet may read another account’s asset', async () => {
    const reader = await context.createAccountWithKey({ planetScope: ['artworks'] });
    const response = await get(`/api/v1/assets/artworks/${asset.id}`, reader.auth);
    expect(response.statusCode).toBe(200);
    expect(response.json().id).toBe(asset.id);
  });

  it('404 asset_not_found for an unknown id and for an asset of another planet', async () => {
    for (const url of [
      '/api/v1/assets/artworks/00000000-0000-4000-8000-000000000000',
      `/api/v1/assets/watches/${asset.id}`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ code: 'asset_not_found' });
    }
  });

  it('a malformed id is 404 asset_not_found, never 500', async () => {
    for (const id of [
      'not-a-uuid',
      "1'%20OR%20'1'='1",
      '%00',
      'x'.repeat(3000),
      '..%2F..%2Fetc',
      '%E2%80%AE',
    ]) {
      const response = await get(`/api/v1/assets/artworks/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(typeof response.json().error).toBe('string');
    }
  });

  it('400 for an unknown planet', async () => {
    const response = await get(`/api/v1/assets/spaceships/${asset.id}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_planet' });
  });

  it('refuses missing, unknown, revoked and expired keys (401) and a key scoped to another planet (400)', async () => {
    await expectSecurityRefusals(context, await securityCases(context, { planet: 'artworks' }), {
      method: 'GET',
      url: `/api/v1/assets/artworks/${asset.id}`,
    });
  });
});

describe('GET /api/v1/assets/{planet}/{id}/history', () => {
  it('entries oldest first with every field, hash-chained', async () => {
    await issueCertificateForTest(context.db, asset);
    const response = await get(`/api/v1/assets/artworks/${asset.id}/history`);
    expect(response.statusCode).toBe(200);
    const page = response.json<Static<typeof HistoryPage>>();
    expect(page.has_more).toBe(false);
    expect(page.next_cursor).toBeNull();
    expect(page.data.map((entry) => entry.event_type)).toEqual(['CREATED', 'CERTIFICATE_ISSUED']);
    const [first, second] = page.data as [Static<typeof HistoryEntry>, Static<typeof HistoryEntry>];
    expect(Object.keys(first).sort()).toEqual(
      [
        'actor_account_id',
        'asset_id',
        'created_at',
        'event_type',
        'hash',
        'id',
        'log_index',
        'payload',
        'planet',
        'prev_hash',
        'sequence',
      ].sort(),
    );
    expect(first).toMatchObject({
      asset_id: asset.id,
      planet: 'artworks',
      sequence: 1,
      payload: { source: 'api', api_key_id: owner.apiKey.id },
      actor_account_id: owner.accountId,
      prev_hash: null,
    });
    expect(first.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(second.sequence).toBe(2);
    expect(second.prev_hash).toBe(first.hash);
    // log_index is shown beside the entry, never hashed (docs/transparency.md).
    const { hash, log_index: logIndex, ...content } = first;
    expect(logIndex === null || Number.isInteger(logIndex)).toBe(true);
    expect(computeEventHash(content)).toBe(hash);
  });

  it('pages with limit and an opaque cursor until has_more is false', async () => {
    // Four more events (a verification is a read and appends none).
    await context.db.transaction(async (tx) => {
      await tx.query('SELECT id FROM assets WHERE planet = $1 AND id = $2 FOR UPDATE', [
        'artworks',
        asset.id,
      ]);
      for (let i = 0; i < 4; i++) {
        await appendEvent(tx, {
          assetId: asset.id,
          planet: 'artworks',
          eventType: 'UPDATED',
          payload: { changes: { title: { from: 'a', to: 'b' } } },
          actorAccountId: owner.accountId,
        });
      }
    });
    const sequences: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=2&cursor=${encodeURIComponent(cursor)}` : '?limit=2';
      const response = await get(`/api/v1/assets/artworks/${asset.id}/history${query}`);
      expect(response.statusCode).toBe(200);
      const page = response.json<Static<typeof HistoryPage>>();
      expect(page.data.length).toBeLessThanOrEqual(2);
      sequences.push(...page.data.map((entry) => entry.sequence));
      expect(page.next_cursor === null).toBe(!page.has_more);
      cursor = page.next_cursor;
      pages++;
    } while (cursor);
    expect(sequences).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pages).toBe(3);
  });

  it('limit defaults to 50 and must be 1–100', async () => {
    const many = await createAssetViaApi(context.app, owner.auth);
    await context.db.transaction(async (tx) => {
      for (let i = 0; i < 55; i++) {
        await appendEvent(tx, {
          assetId: many.id,
          planet: 'artworks',
          eventType: 'VERIFIED',
          payload: { i },
          actorAccountId: null,
        });
      }
    });
    const page = (await get(`/api/v1/assets/artworks/${many.id}/history`)).json();
    expect(page.data).toHaveLength(50);
    expect(page.has_more).toBe(true);
    expect((await get(`/api/v1/assets/artworks/${many.id}/history?limit=100`)).json().data).toHaveLength(56);
    for (const limit of ['0', '101', '-1', 'abc', '1.5']) {
      const response = await get(`/api/v1/assets/artworks/${many.id}/history?limit=${limit}`);
      expect(response.statusCode, limit).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed' });
    }
  });

  it('a cursor the service did not return is 400', async () => {
    for (const cursor of [
      'garbage',
      'c2VxOi0x',
      '%00',
      'x'.repeat(300),
      Buffer.from('seq:abc').toString('base64url'),
    ]) {
      const response = await get(`/api/v1/assets/artworks/${asset.id}/history?cursor=${cursor}`);
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed' });
    }
  });

  it('404 for an unknown, malformed or other-planet id', async () => {
    for (const url of [
      '/api/v1/assets/artworks/00000000-0000-4000-8000-000000000000/history',
      '/api/v1/assets/artworks/nope/history',
      `/api/v1/assets/jewelry/${asset.id}/history`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it('refuses missing, unknown, revoked and expired keys (401) and a key scoped to another planet (400)', async () => {
    await expectSecurityRefusals(context, await securityCases(context, { planet: 'artworks' }), {
      method: 'GET',
      url: `/api/v1/assets/artworks/${asset.id}/history`,
    });
  });
});
