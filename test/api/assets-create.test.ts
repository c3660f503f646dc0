import { beforeAll, describe, expect, it } from 'vitest';
import { createAssetViaApi } from '../helpers/asset-factory.js';
import { expectSecurityRefusals, securityCases } from '../helpers/security-cases.js';
import { useTestContext, type TestContext } from '../helpers/test-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_MS_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const context = useTestContext();
let owner: Awaited<ReturnType<TestContext['createAccountWithKey']>>;

beforeAll(async () => {
  owner = await context.createAccountWithKey();
});

const create = (body: unknown, planet = 'artworks', headers: Record<string, string> = owner.auth) =>
  context.app.inject({ method: 'POST', url: `/api/v1/assets/${planet}`, headers, payload: body as object });

describe('POST /api/v1/assets/{planet}: the record (docs/api.md, "The record")', () => {
  it('responds 201 Created with the full asset record', async () => {
    const response = await create({
      title: 'Water Lilies',
      medium: 'Oil on canvas',
      dimensions: '200 x 180 cm',
      year: 1916,
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(Object.keys(response.json()).slice(0, 11)).toEqual([
      'id',
      'planet',
      'title',
      'account_id',
      'certificate_number',
      'certificate_status',
      'status',
      'created_by',
      'updated_by',
      'created_at',
      'updated_at',
    ]);
  });

  it('id is a UUID assigned by the service', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    expect(asset.id).toMatch(UUID);
  });

  it('title is returned as sent (trimmed)', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth, 'artworks', { title: '  Nymphéas  ' });
    expect(asset.title).toBe('Nymphéas');
  });

  it('account_id is the authenticated account', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    expect(asset.account_id).toBe(owner.accountId);
  });

  it('certificate_number is generated: prefix, year, sequence separated by hyphens', async () => {
    const year = new Date().getUTCFullYear();
    const expected = { artworks: 'ART', collectibles: 'COL', watches: 'WAT', jewelry: 'JWL' };
    for (const [planet, prefix] of Object.entries(expected)) {
      const asset = await createAssetViaApi(context.app, owner.auth, planet, { title: 'Numbered' });
      expect(asset.certificate_number).toMatch(new RegExp(`^${prefix}-${year}-\\d{6,}$`));
    }
  });

  it('certificate_number comes from generate_certificate_number (the same sequence)', async () => {
    const first = await createAssetViaApi(context.app, owner.auth, 'watches', { title: 'A' });
    const { rows } = await context.db.query<{ n: string }>(
      "SELECT generate_certificate_number('watches') AS n",
    );
    const second = await createAssetViaApi(context.app, owner.auth, 'watches', { title: 'B' });
    const sequence = (number: string) => Number(number.split('-')[2]);
    expect(sequence(rows[0]!.n)).toBe(sequence(first.certificate_number) + 1);
    expect(sequence(second.certificate_number)).toBe(sequence(rows[0]!.n) + 1);
  });

  it('certificate_status is pending on creation', async () => {
    expect((await createAssetViaApi(context.app, owner.auth)).certificate_status).toBe('pending');
  });

  it('status is draft on creation', async () => {
    expect((await createAssetViaApi(context.app, owner.auth)).status).toBe('draft');
  });

  it('created_by and updated_by are the authenticated account', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    expect(asset.created_by).toBe(owner.accountId);
    expect(asset.updated_by).toBe(owner.accountId);
  });

  it('created_at is an ISO 8601 UTC timestamp with milliseconds', async () => {
    const before = Date.now();
    const asset = await createAssetViaApi(context.app, owner.auth);
    expect(asset.created_at).toMatch(ISO_MS_UTC);
    expect(asset.updated_at).toBe(asset.created_at);
    expect(Date.parse(asset.created_at as string)).toBeGreaterThanOrEqual(before - 5);
  });

  it('artworks fields medium (string), dimensions (string) and year (integer) are stored and returned', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth, 'artworks', {
      title: 'Impression, Sunrise',
      medium: 'Oil on canvas',
      dimensions: '48 x 63 cm',
      year: 1872,
    });
    expect(asset).toMatchObject({ medium: 'Oil on canvas', dimensions: '48 x 63 cm', year: 1872 });
    const read = await context.app.inject({
      url: `/api/v1/assets/artworks/${asset.id}`,
      headers: owner.auth,
    });
    expect(read.json()).toMatchObject({ medium: 'Oil on canvas', dimensions: '48 x 63 cm', year: 1872 });
  });

  it('an artwork keeps its date as written (date_text, at most 100 characters) beside the whole-number year', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth, 'artworks', {
      title: 'Untitled (Blue)',
      year: 1975,
      date_text: 'ca. 1975',
    });
    expect(asset).toMatchObject({ year: 1975, date_text: 'ca. 1975' });
    const changed = await context.app.inject({
      method: 'PATCH',
      url: `/api/v1/assets/artworks/${asset.id}`,
      headers: owner.auth,
      payload: { date_text: '1890–95' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ year: 1975, date_text: '1890–95' });
    const removed = await context.app.inject({
      method: 'PATCH',
      url: `/api/v1/assets/artworks/${asset.id}`,
      headers: owner.auth,
      payload: { date_text: null },
    });
    expect(removed.json()).not.toHaveProperty('date_text');

    // Typed, unlike a pass-through field: a string of at most 100 characters; the year stays an integer.
    for (const date_text of ['x'.repeat(101), 1975, ['1970s']]) {
      const refused = await create({ title: 'A', date_text });
      expect(refused.statusCode, JSON.stringify(date_text)).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'validation_failed' });
      expect(refused.json().error).toContain('`date_text`');
    }
    expect((await create({ title: 'A', date_text: 'é'.repeat(100) })).statusCode).toBe(201);
    expect((await create({ title: 'A', year: 'ca. 1975' })).json().error).toBe('`year` must be integer.');
  });

  it('other body fields are passed through to the planet store and returned', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth, 'artworks', {
      title: 'Provenance',
      provenance: [{ owner: 'Durand-Ruel', from: 1890 }],
      insured: true,
      notes: null,
    });
    expect(asset).toMatchObject({
      provenance: [{ owner: 'Durand-Ruel', from: 1890 }],
      insured: true,
      notes: null,
    });
    const { rows } = await context.db.query<{ attributes: Record<string, unknown> }>(
      'SELECT attributes FROM assets WHERE id = $1',
      [asset.id],
    );
    expect(rows[0]!.attributes).toEqual({
      provenance: [{ owner: 'Durand-Ruel', from: 1890 }],
      insured: true,
      notes: null,
    });
  });

  it('each planet types its own fields', async () => {
    expect(
      (await create({ title: 'W', brand: 'Omega', case_diameter_mm: 42.5, year: 1969 }, 'watches'))
        .statusCode,
    ).toBe(201);
    expect((await create({ title: 'J', origin: 'lab_grown', carat: 1.02 }, 'jewelry')).statusCode).toBe(201);
    expect((await create({ title: 'C', grade: 9.5, set_name: 'Base' }, 'collectibles')).statusCode).toBe(201);
    const refusals: [string, object, string][] = [
      ['watches', { title: 'W', case_diameter_mm: '42' }, 'case_diameter_mm'],
      ['jewelry', { title: 'J', origin: 'mined' }, 'origin'],
      ['collectibles', { title: 'C', grade: 'PSA 10' }, 'grade'],
      ['artworks', { title: 'A', year: '1916' }, 'year'],
      ['artworks', { title: 'A', year: 1916.5 }, 'year'],
      ['artworks', { title: 'A', medium: 42 }, 'medium'],
    ];
    for (const [planet, body, field] of refusals) {
      const response = await create(body, planet);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed' });
      expect(response.json().error).toContain(field);
    }
  });

  it('a field the service sets is ignored when sent, never stored', async () => {
    const other = '00000000-0000-4000-8000-000000000000';
    const asset = await createAssetViaApi(context.app, owner.auth, 'artworks', {
      title: 'Forged',
      id: other,
      planet: 'watches',
      account_id: other,
      certificate_number: 'ART-1900-000001',
      certificate_status: 'issued',
      status: 'active',
      created_by: other,
      updated_by: other,
      created_at: '1900-01-01T00:00:00.000Z',
      updated_at: '1900-01-01T00:00:00.000Z',
    });
    expect(asset.id).not.toBe(other);
    expect(asset).toMatchObject({
      planet: 'artworks',
      account_id: owner.accountId,
      certificate_status: 'pending',
      status: 'draft',
      created_by: owner.accountId,
      updated_by: owner.accountId,
    });
    expect(asset.certificate_number).not.toBe('ART-1900-000001');
    expect(asset.created_at).not.toBe('1900-01-01T00:00:00.000Z');
    const { rows } = await context.db.query<{ attributes: Record<string, unknown> }>(
      'SELECT attributes FROM assets WHERE id = $1',
      [asset.id],
    );
    expect(rows[0]!.attributes).toEqual({});
  });
});

describe('POST /api/v1/assets/{planet}: events (docs/api.md, docs/webhooks.md)', () => {
  it('a CREATED event is recorded with payload.source "api" and payload.api_key_id', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    const { rows } = await context.db.query<{
      event_type: string;
      payload: Record<string, unknown>;
      sequence: number;
    }>('SELECT event_type, payload, sequence FROM asset_events WHERE asset_id = $1', [asset.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ event_type: 'CREATED', sequence: 1 });
    expect(rows[0]!.payload).toEqual({ source: 'api', api_key_id: owner.apiKey.id });
  });

  it('asset.created: an outbox row carrying the asset record is written with the asset', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth, 'artworks', {
      title: 'Outboxed',
      year: 1900,
    });
    const { rows } = await context.db.query<{
      account_id: string;
      event_type: string;
      payload: { asset: Record<string, unknown> };
    }>("SELECT account_id, event_type, payload FROM webhook_outbox WHERE payload->'asset'->>'id' = $1", [
      asset.id,
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.event_type).toBe('asset.created');
    expect(rows[0]!.account_id).toBe(owner.accountId);
    expect(rows[0]!.payload.asset).toEqual(asset);
  });
});

describe('POST /api/v1/assets/{planet}: errors (docs/errors.md, docs/api.md "Request bodies")', () => {
  it('400: an invalid planet', async () => {
    const response = await create({ title: 'x' }, 'spaceships');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_planet' });
    expect(response.json().error).toContain('spaceships');
  });

  it('400: title missing, with a message naming `title`', async () => {
    const response = await create({ medium: 'Oil' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
    expect(response.json().error).toContain('title');
  });

  it('title must be 1–500 characters after trimming', async () => {
    for (const title of ['', '   ', 'x'.repeat(501), 42, null]) {
      const response = await create({ title });
      expect(response.statusCode, JSON.stringify(title)).toBe(400);
      expect(response.json().error).toContain('title');
    }
    expect((await create({ title: 'x'.repeat(500) })).statusCode).toBe(201);
    expect((await create({ title: ` ${'x'.repeat(500)} ` })).statusCode).toBe(201);
  });

  it('other strings at most 2,000 characters, nested too', async () => {
    expect((await create({ title: 't', medium: 'x'.repeat(2000) })).statusCode).toBe(201);
    expect((await create({ title: 't', medium: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await create({ title: 't', notes: { deep: ['x'.repeat(2001)] } })).statusCode).toBe(400);
  });

  it('at most 50 pass-through fields', async () => {
    const fields = (count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, i) => [`f${i}`, i]));
    expect((await create({ title: 't', medium: 'm', year: 1, ...fields(50) })).statusCode).toBe(201);
    const response = await create({ title: 't', ...fields(51) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain('50');
  });

  it('pass-through values nested at most 5 deep', async () => {
    const nest = (depth: number): unknown => (depth === 0 ? 'leaf' : { next: nest(depth - 1) });
    expect((await create({ title: 't', tree: nest(5) })).statusCode).toBe(201);
    expect((await create({ title: 't', tree: nest(6) })).statusCode).toBe(400);
    expect((await create({ title: 't', tree: nest(500) })).statusCode).toBe(400);
  });

  it('a non-object body or malformed JSON is 400 with a JSON error', async () => {
    for (const payload of ['[]', '"title"', '42', 'null', '{"title": ', '{"title": "a",}']) {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/v1/assets/artworks',
        headers: { ...owner.auth, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(typeof response.json().error).toBe('string');
    }
  });

  it('refuses characters PostgreSQL cannot store (NUL, lone surrogates) with 400, not 500', async () => {
    for (const payload of [
      '{"title":"a\\u0000b"}',
      '{"title":"t","x":"\\ud800"}',
      '{"title":"t","a\\u0000":1}',
    ]) {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/v1/assets/artworks',
        headers: { ...owner.auth, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
    }
  });

  it('a body over 64 KiB is 413', async () => {
    const response = await create({ title: 't', blob: Array.from({ length: 40 }, () => 'x'.repeat(2000)) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'payload_too_large' });
  });

  it('a database insert failure is 500 asset_create_failed, with nothing stored and no SQL shown', async () => {
    await context.db.exec(
      "ALTER TABLE assets_jewelry ADD CONSTRAINT test_refuse_boom CHECK (title <> 'boom')",
    );
    try {
      const before = await context.db.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_outbox');
      const response = await create({ title: 'boom' }, 'jewelry');
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ code: 'asset_create_failed' });
      expect(response.body).not.toMatch(/test_refuse_boom|constraint|INSERT/i);
      const after = await context.db.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_outbox');
      expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
      const assets = await context.db.query("SELECT 1 FROM assets WHERE title = 'boom'");
      expect(assets.rows).toHaveLength(0);
    } finally {
      await context.db.exec('ALTER TABLE assets_jewelry DROP CONSTRAINT test_refuse_boom');
    }
  });

  it('every error is JSON with a string `error` field', async () => {
    const response = await create({}, 'artworks');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({
      error: expect.any(String),
      code: 'validation_failed',
      request_id: expect.any(String),
    });
  });
});

describe('POST /api/v1/assets/{planet}: security', () => {
  it('401: refuses a missing, unknown, revoked or expired key; 400: a key scoped to another planet', async () => {
    const cases = await securityCases(context, { planet: 'artworks', otherPlanet: 'watches' });
    await expectSecurityRefusals(context, cases, {
      method: 'POST',
      url: '/api/v1/assets/artworks',
      payload: { title: 'Refused' },
    });
    const { rows } = await context.db.query("SELECT 1 FROM assets WHERE title = 'Refused'");
    expect(rows).toHaveLength(0);
  });

  it('a key scoped to the planet may create there', async () => {
    const scoped = await context.createAccountWithKey({ planetScope: ['watches'] });
    expect((await create({ title: 'Scoped' }, 'watches', scoped.auth)).statusCode).toBe(201);
  });

  it('authentication comes before the planet check, the planet before the body', async () => {
    expect((await create({}, 'spaceships', {})).statusCode).toBe(401);
    expect((await create({}, 'spaceships')).json().code).toBe('invalid_planet');
    const scoped = await context.createAccountWithKey({ planetScope: ['watches'] });
    expect((await create({}, 'artworks', scoped.auth)).json().code).toBe('planet_scope_mismatch');
  });

  it('the Bearer scheme word is case-insensitive', async () => {
    expect(
      (await create({ title: 'Case' }, 'artworks', { authorization: `bearer ${owner.key}` })).statusCode,
    ).toBe(201);
  });
});
