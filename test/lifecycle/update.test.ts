import { beforeAll, describe, expect, it } from 'vitest';
import { listEvents } from '../../src/modules/chain/events.repository.js';
import { checkChain } from '../../src/modules/chain/history-chain.js';
import type { AssetRecordType } from '../../src/modules/assets/assets.schemas.js';
import {
  createAssetViaApi,
  issueCertificateForTest,
  setCertificateStatusForTest,
} from '../helpers/asset-factory.js';
import { expectSecurityRefusals, securityCases } from '../helpers/security-cases.js';
import { useTestContext, type TestContext } from '../helpers/test-app.js';

const context = useTestContext();
let owner: Awaited<ReturnType<TestContext['createAccountWithKey']>>;
let stranger: Awaited<ReturnType<TestContext['createAccountWithKey']>>;

beforeAll(async () => {
  owner = await context.createAccountWithKey();
  stranger = await context.createAccountWithKey({ name: 'Stranger' });
});

const patch = (planet: string, id: string, payload: unknown, headers: Record<string, string> = owner.auth) =>
  context.app.inject({
    method: 'PATCH',
    url: `/api/v1/assets/${planet}/${id}`,
    headers,
    payload: payload as object,
  });

describe('PATCH /api/v1/assets/{planet}/{id}', () => {
  it('updates title and planet fields, merges pass-through fields, and writes an UPDATED event with old and new values', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth, 'artworks', {
      title: 'Sunflowers',
      year: 1887,
      notes: 'first',
      keep: 1,
    });
    const response = await patch('artworks', asset.id, {
      title: '  Sunflowers (1888)  ',
      year: 1888,
      notes: 'second',
      added: true,
    });
    expect(response.statusCode).toBe(200);
    const record = response.json<AssetRecordType>();
    expect(record).toMatchObject({
      title: 'Sunflowers (1888)',
      year: 1888,
      notes: 'second',
      keep: 1,
      added: true,
    });
    expect(record.updated_by).toBe(owner.accountId);
    expect(Date.parse(record.updated_at)).toBeGreaterThanOrEqual(Date.parse(asset.created_at as string));
    const events = await listEvents(context.db, asset.id);
    expect(events.map((event) => event.event_type)).toEqual(['CREATED', 'UPDATED']);
    expect(events[1]!.payload).toEqual({
      source: 'api',
      api_key_id: owner.apiKey.id,
      changes: {
        title: { old: 'Sunflowers', new: 'Sunflowers (1888)' },
        year: { old: 1887, new: 1888 },
        notes: { old: 'first', new: 'second' },
        added: { old: null, new: true },
      },
    });
    expect(events[1]!.actor_account_id).toBe(owner.accountId);
    expect(checkChain(events)).toEqual({ intact: true });
  });

  it('a field set to null is removed', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth, 'artworks', {
      title: 'T',
      medium: 'Ink',
      extra: 'x',
    });
    const record = (await patch('artworks', asset.id, { medium: null, extra: null })).json();
    expect(record).not.toHaveProperty('medium');
    expect(record).not.toHaveProperty('extra');
    const events = await listEvents(context.db, asset.id);
    expect(events[1]!.payload).toEqual({
      source: 'api',
      api_key_id: owner.apiKey.id,
      changes: { medium: { old: 'Ink', new: null }, extra: { old: 'x', new: null } },
    });
  });

  it('ignores fields the service sets, and writes no event when nothing changes', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    const response = await patch('artworks', asset.id, {
      status: 'active',
      certificate_status: 'issued',
      account_id: stranger.accountId,
      certificate_number: 'ART-1900-000001',
      id: '00000000-0000-4000-8000-000000000000',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(asset);
    expect(await listEvents(context.db, asset.id)).toHaveLength(1);
  });

  it('validates as on create: typed planet fields, title bounds, limits', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    const refused = [
      { year: '1900' },
      { title: '' },
      { title: '   ' },
      { title: null },
      { title: 'x'.repeat(501) },
      { medium: 'x'.repeat(2001) },
      { deep: { a: { b: { c: { d: { e: { f: 1 } } } } } } },
    ];
    for (const body of refused) {
      const response = await patch('artworks', asset.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe('validation_failed');
    }
    const fields = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`f${i}`, i]));
    expect((await patch('artworks', asset.id, fields)).statusCode).toBe(400);
    for (const payload of ['[]', '"x"', '{']) {
      const response = await context.app.inject({
        method: 'PATCH',
        url: `/api/v1/assets/artworks/${asset.id}`,
        headers: { ...owner.auth, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
    }
    expect(await listEvents(context.db, asset.id)).toHaveLength(1);
  });

  it('409 invalid_state naming the current state once the certificate is no longer pending', async () => {
    for (const status of ['issued', 'suspended', 'revoked', 'rejected']) {
      const asset = await createAssetViaApi(context.app, owner.auth);
      if (status !== 'rejected') await issueCertificateForTest(context.db, asset);
      if (status !== 'issued') await setCertificateStatusForTest(context.db, asset, status);
      const response = await patch('artworks', asset.id, { title: 'Too late' });
      expect(response.statusCode, status).toBe(409);
      expect(response.json().code).toBe('invalid_state');
      expect(response.json().error).toContain(status);
    }
  });

  it('another account’s asset is 404, as for one that does not exist, and is left unchanged', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    const response = await patch('artworks', asset.id, { title: 'Stolen' }, stranger.auth);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('asset_not_found');
    expect((await patch('artworks', '00000000-0000-4000-8000-000000000000', { title: 'x' })).statusCode).toBe(
      404,
    );
    expect((await patch('artworks', 'not-a-uuid', { title: 'x' })).statusCode).toBe(404);
    expect((await patch('watches', asset.id, { title: 'x' })).statusCode).toBe(404);
    const read = await context.app.inject({
      url: `/api/v1/assets/artworks/${asset.id}`,
      headers: owner.auth,
    });
    expect(read.json().title).toBe(asset.title);
  });

  it('refuses missing, unknown, revoked and expired keys (401) and a key scoped to another planet (400)', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    await expectSecurityRefusals(context, await securityCases(context, { planet: 'artworks' }), {
      method: 'PATCH',
      url: `/api/v1/assets/artworks/${asset.id}`,
      payload: { title: 'Refused' },
    });
  });
});
