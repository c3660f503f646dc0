import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { reservedFieldNames } from '../../src/modules/assets/assets.schemas.js';
import { createAssetViaApi } from '../helpers/asset-factory.js';
import { useTestContext, type TestContext } from '../helpers/test-app.js';

// OWASP API3:2023 Broken Object Property Level Authorization (mass assignment, excessive exposure).
// Also covered: test/api/assets-create.test.ts ("a field the service sets is ignored when sent, never stored").
const serviceFields = {
  id: randomUUID(),
  account_id: randomUUID(),
  planet: 'watches',
  certificate_number: 'ART-1999-000001',
  certificate_status: 'issued',
  status: 'active',
  created_by: randomUUID(),
  updated_by: randomUUID(),
  created_at: '1999-01-01T00:00:00.000Z',
  updated_at: '1999-01-01T00:00:00.000Z',
};

describe('API3 object property level authorization', () => {
  const context = useTestContext();
  let owner: Awaited<ReturnType<TestContext['createAccountWithKey']>>;
  beforeAll(async () => {
    owner = await context.createAccountWithKey();
  });

  const expectServiceFieldsUntouched = (record: Record<string, unknown>) => {
    for (const [field, value] of Object.entries(serviceFields)) expect(record[field], field).not.toBe(value);
    expect(record).toMatchObject({
      account_id: owner.accountId,
      planet: 'artworks',
      certificate_status: 'pending',
      status: 'draft',
    });
  };

  it('ignores service fields in a create body: the record and the stored row keep the service values', async () => {
    const created = await context.app.inject({
      method: 'POST',
      url: '/api/v1/assets/artworks',
      headers: owner.auth,
      payload: { title: 'Mass assignment', ...serviceFields },
    });
    expect(created.statusCode).toBe(201);
    expectServiceFieldsUntouched(created.json());
    const stored = await context.app.inject({
      method: 'GET',
      url: `/api/v1/assets/artworks/${created.json().id}`,
      headers: owner.auth,
    });
    expectServiceFieldsUntouched(stored.json());
  });

  it('ignores service fields in an update body', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    const updated = await context.app.inject({
      method: 'PATCH',
      url: `/api/v1/assets/artworks/${asset.id}`,
      headers: owner.auth,
      payload: { title: 'Renamed', ...serviceFields },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ id: asset.id, title: 'Renamed' });
    expectServiceFieldsUntouched(updated.json());
  });

  it('does not let a webhook registration choose its account, status, id or secret', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: owner.auth,
      payload: {
        url: 'https://hooks.example.com/mass',
        account_id: randomUUID(),
        status: 'disabled',
        id: serviceFields.id,
        secret: 'whsec_chosen',
      },
    });
    if (response.statusCode === 201) {
      expect(response.json()).toMatchObject({ account_id: owner.accountId, status: 'active' });
      expect(response.json().id).not.toBe(serviceFields.id);
      expect(response.json().secret).not.toBe('whsec_chosen');
    } else {
      expect(response.statusCode).toBe(400);
    }
  });

  it('shows a webhook secret once: never on read or list', async () => {
    const created = await context.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: owner.auth,
      payload: { url: 'https://hooks.example.com/secret' },
    });
    const secret = created.json().secret as string;
    expect(secret).toMatch(/^whsec_/);
    const read = await context.app.inject({
      method: 'GET',
      url: `/api/v1/webhooks/${created.json().id}`,
      headers: owner.auth,
    });
    const list = await context.app.inject({ method: 'GET', url: '/api/v1/webhooks', headers: owner.auth });
    expect(read.body).not.toContain(secret);
    expect(list.body).not.toContain(secret);
  });

  it("shows another account's asset without internal columns (attributes, status_reason, hashes)", async () => {
    const other = await context.createAccountWithKey();
    const asset = await createAssetViaApi(context.app, owner.auth);
    const read = await context.app.inject({
      method: 'GET',
      url: `/api/v1/assets/artworks/${asset.id}`,
      headers: other.auth,
    });
    expect(read.statusCode).toBe(200);
    expect(Object.keys(read.json())).not.toContain('attributes');
    expect(read.body).not.toMatch(/api_key|key_hash|password/);
  });

  // A pass-through field named as the service's own words would read as its word.
  describe('reserved names for pass-through fields: 400 naming the field', () => {
    it.each(reservedFieldNames)('`%s` in a create body', async (field) => {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/v1/assets/artworks',
        headers: owner.auth,
        payload: { title: 'Reserved', [field]: true },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed' });
      expect(response.json().error).toContain(`\`${field}\``);
    });

    it('in an update body; null (removal) stays allowed', async () => {
      const asset = await createAssetViaApi(context.app, owner.auth);
      const url = `/api/v1/assets/artworks/${asset.id}`;
      for (const payload of [{ verified: true }, { asset_status: 'active' }, { hash: 'ab' }]) {
        const response = await context.app.inject({ method: 'PATCH', url, headers: owner.auth, payload });
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().error).toContain(`\`${Object.keys(payload)[0]}\``);
      }
      const removal = await context.app.inject({
        method: 'PATCH',
        url,
        headers: owner.auth,
        payload: { verified: null },
      });
      expect(removal.statusCode).toBe(200);
      expect(removal.json()).not.toHaveProperty('verified');
    });

    it('a nested field may use the name: only top-level fields sit beside the record', async () => {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/v1/assets/artworks',
        headers: owner.auth,
        payload: { title: 'Nested', provenance: { verified: true, hash: 'x' } },
      });
      expect(response.statusCode).toBe(201);
    });

    it('the fields the service sets stay silently ignored', async () => {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/v1/assets/artworks',
        headers: owner.auth,
        payload: { title: 'Ignored', id: randomUUID(), status: 'active', account_id: randomUUID() },
      });
      expect(response.statusCode).toBe(201);
    });
  });
});
