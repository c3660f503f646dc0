import { describe, expect, it } from 'vitest';
import { listEvents } from '../../src/modules/chain/events.repository.js';
import { createAssetViaApi, moveCertificateForTest } from '../helpers/asset-factory.js';
import { useTestContext } from '../helpers/test-app.js';

// The four behaviours the contract tools (Prism, Dredd) found to differ from docs/api.md.
const context = useTestContext();

describe('an archived asset is final', () => {
  it('PATCH answers 409 invalid_state naming the state, and writes no UPDATED event', async () => {
    const { auth } = await context.createAccountWithKey();
    const asset = await createAssetViaApi(context.app, auth);
    const url = `/api/v1/assets/artworks/${asset.id}`;
    expect(
      (await context.app.inject({ method: 'POST', url: `${url}/archive`, headers: auth })).statusCode,
    ).toBe(200);
    const patched = await context.app.inject({
      method: 'PATCH',
      url,
      headers: auth,
      payload: { title: 'New' },
    });
    expect(patched.statusCode).toBe(409);
    expect(patched.json()).toMatchObject({
      code: 'invalid_state',
      error: 'Cannot update an asset that is archived.',
    });
    const events = await listEvents(context.db, asset.id);
    expect(events.map((event) => event.event_type)).toEqual(['CREATED', 'ARCHIVED']);
    expect((await context.app.inject({ method: 'GET', url, headers: auth })).json().title).toBe(asset.title);
  });

  it('a certificate move (issue, revoke) on an archived asset is refused with 409 invalid_state', async () => {
    const { auth } = await context.createAccountWithKey();
    const asset = await createAssetViaApi(context.app, auth);
    await context.app.inject({
      method: 'POST',
      url: `/api/v1/assets/artworks/${asset.id}/archive`,
      headers: auth,
    });
    for (const move of ['issue', 'revoke'] as const)
      await expect(moveCertificateForTest(context.db, asset, move, 'a reason')).rejects.toMatchObject({
        code: 'invalid_state',
        message: `Cannot ${move} an asset that is archived.`,
      });
    const events = await listEvents(context.db, asset.id);
    expect(events.map((event) => event.event_type)).toEqual(['CREATED', 'ARCHIVED']);
  });
});

describe('an empty body sent as application/json', () => {
  it('is no body on operations that take none (POST archive, DELETE webhook)', async () => {
    const { auth } = await context.createAccountWithKey();
    const asset = await createAssetViaApi(context.app, auth);
    const json = { ...auth, 'content-type': 'application/json' };
    const archived = await context.app.inject({
      method: 'POST',
      url: `/api/v1/assets/artworks/${asset.id}/archive`,
      headers: json,
      payload: '',
    });
    expect(archived.statusCode).toBe(200);
    expect(archived.json().status).toBe('archived');

    const hook = await context.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: auth,
      payload: { url: 'https://hooks.example.com/empty-body' },
    });
    const deleted = await context.app.inject({
      method: 'DELETE',
      url: `/api/v1/webhooks/${hook.json().id}`,
      headers: json,
      payload: '',
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().status).toBe('disabled');
  });

  it('is a missing body (400 validation_failed, not invalid_json) where a body is required', async () => {
    const { auth } = await context.createAccountWithKey();
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v1/assets/artworks',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation_failed');
  });

  it('broken JSON is still 400 invalid_json', async () => {
    const { auth } = await context.createAccountWithKey();
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v1/assets/artworks',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: '{"title":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('invalid_json');
  });
});

describe('prototype keys', () => {
  const bodies = [
    ['__proto__', '{"title":"T","__proto__":{"admin":true}}'],
    ['__proto__', '{"title":"T","provenance":{"\\u005f_proto__":{"x":1}}}'],
    ['constructor', '{"title":"T","constructor":{"prototype":{"admin":true}}}'],
  ] as const;
  for (const [key, payload] of bodies)
    it(`${payload} → 400 validation_failed naming \`${key}\``, async () => {
      const { auth } = await context.createAccountWithKey();
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/v1/assets/artworks',
        headers: { ...auth, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed' });
      expect(response.json().error).toContain(`\`${key}\``);
    });

  it('a `constructor` string field is ordinary data (as Fastify parsed it before)', async () => {
    const { auth } = await context.createAccountWithKey();
    const asset = await createAssetViaApi(context.app, auth, 'artworks', { title: 'T', constructor: 'Acme' });
    expect(asset.constructor).toBe('Acme');
  });
});

describe('DELETE of a webhook that is already disabled', () => {
  it('is idempotent (RFC 9110 §9.2.2): 200 with the record unchanged, disabled_at kept', async () => {
    const { auth } = await context.createAccountWithKey();
    const hook = await context.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: auth,
      payload: { url: 'https://hooks.example.com/twice' },
    });
    const url = `/api/v1/webhooks/${hook.json().id}`;
    const first = await context.app.inject({ method: 'DELETE', url, headers: auth });
    const second = await context.app.inject({ method: 'DELETE', url, headers: auth });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
  });
});
