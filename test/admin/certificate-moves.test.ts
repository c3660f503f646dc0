import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../helpers/test-app.js';
import { createAdmin, createPendingAsset, logIn } from './admin-helpers.js';

const ADMIN_TOKEN = 'admin-token-for-tests-0123456789';
const bearer = { authorization: `Bearer ${ADMIN_TOKEN}` };

const context = useTestContext({ config: { AVS_ADMIN_TOKEN: ADMIN_TOKEN } });
let accountId: string;
let adminUserId: string;
let session: { cookie: string; csrfToken: string };

beforeAll(async () => {
  ({ accountId } = await context.createAccountWithKey());
  const admin = await createAdmin(context.db);
  adminUserId = admin.id;
  session = await logIn(context.app, admin.email);
});

type Move = 'issue' | 'reject' | 'suspend' | 'reinstate' | 'revoke';

const move = (number: string, name: Move, body: Record<string, unknown> | undefined = undefined) =>
  context.app.inject({
    method: 'POST',
    url: `/admin/api/certificates/${number}/${name}`,
    headers: bearer,
    ...(body ? { payload: body } : {}),
  });

// How to reach each starting state from pending.
const PATHS: Record<string, Move[]> = {
  pending: [],
  issued: ['issue'],
  suspended: ['issue', 'suspend'],
  revoked: ['revoke'],
  rejected: ['reject'],
};

async function certificateIn(state: string) {
  const asset = await createPendingAsset(context.db, accountId, { title: `In state ${state}` });
  for (const step of PATHS[state]!) {
    const response = await move(asset.certificateNumber, step, { reason: 'set-up' });
    expect(response.statusCode).toBe(200);
  }
  return asset;
}

async function trail(assetId: string) {
  const events = await context.db.query<{
    event_type: string;
    payload: Record<string, unknown>;
    actor_account_id: string | null;
  }>('SELECT event_type, payload, actor_account_id FROM asset_events WHERE asset_id = $1 ORDER BY sequence', [
    assetId,
  ]);
  const outbox = await context.db.query<{
    event_type: string;
    account_id: string;
    payload: Record<string, unknown>;
  }>(
    `SELECT event_type, account_id, payload FROM webhook_outbox WHERE payload->'asset'->>'id' = $1 ORDER BY created_at, id`,
    [assetId],
  );
  return { events: events.rows, outbox: outbox.rows };
}

const ALLOWED: [string, Move, string, string, string][] = [
  ['pending', 'issue', 'issued', 'CERTIFICATE_ISSUED', 'certificate.issued'],
  ['pending', 'reject', 'rejected', 'CERTIFICATE_REJECTED', 'certificate.updated'],
  ['pending', 'revoke', 'revoked', 'CERTIFICATE_REVOKED', 'certificate.updated'],
  ['issued', 'suspend', 'suspended', 'CERTIFICATE_SUSPENDED', 'certificate.updated'],
  ['issued', 'revoke', 'revoked', 'CERTIFICATE_REVOKED', 'certificate.updated'],
  ['suspended', 'reinstate', 'issued', 'CERTIFICATE_REINSTATED', 'certificate.updated'],
  ['suspended', 'revoke', 'revoked', 'CERTIFICATE_REVOKED', 'certificate.updated'],
];

const ALL_MOVES: Move[] = ['issue', 'reject', 'suspend', 'reinstate', 'revoke'];
const REFUSED = Object.keys(PATHS).flatMap((state) =>
  ALL_MOVES.filter((name) => !ALLOWED.some(([from, allowed]) => from === state && allowed === name)).map(
    (name) => [state, name] as [string, Move],
  ),
);

describe('certificate moves through the admin API', () => {
  it.each(ALLOWED)(
    '%s → %s gives %s, writes %s and a %s outbox row',
    async (from, name, to, eventType, webhookType) => {
      const asset = await certificateIn(from);
      const before = await trail(asset.id);
      const response = await move(asset.certificateNumber, name, { reason: 'Checked by the registrar' });
      expect(response.statusCode).toBe(200);
      const record = response.json();
      expect(record).toMatchObject({
        id: asset.id,
        planet: 'artworks',
        certificate_number: asset.certificateNumber,
        certificate_status: to,
        account_id: accountId,
      });

      const after = await trail(asset.id);
      expect(after.events).toHaveLength(before.events.length + 1);
      expect(after.events.at(-1)).toEqual({
        event_type: eventType,
        payload: { source: 'admin', admin_user_id: 'token', from, to, reason: 'Checked by the registrar' },
        actor_account_id: null,
      });
      expect(after.outbox).toHaveLength(before.outbox.length + 1);
      expect(after.outbox.at(-1)).toMatchObject({
        event_type: webhookType,
        account_id: accountId,
        payload: {
          asset: { id: asset.id, certificate_status: to },
          certificate: { certificate_number: asset.certificateNumber, status: to, previous_status: from },
        },
      });
    },
  );

  it.each(REFUSED)(
    'refuses %s → %s with 409 naming the current state, writing nothing',
    async (from, name) => {
      const asset = await certificateIn(from);
      const before = await trail(asset.id);
      const response = await move(asset.certificateNumber, name, { reason: 'Trying anyway' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'invalid_state' });
      expect(response.json().error).toContain(from);
      const after = await trail(asset.id);
      expect(after.events).toHaveLength(before.events.length);
      expect(after.outbox).toHaveLength(before.outbox.length);
      const { rows } = await context.db.query('SELECT certificate_status FROM assets WHERE id = $1', [
        asset.id,
      ]);
      expect(rows[0]).toEqual({ certificate_status: from });
    },
  );

  it('issuing activates a draft asset and records issued_at', async () => {
    const asset = await createPendingAsset(context.db, accountId, {
      attributes: { artist: 'A. Painter', year: 1999 },
    });
    const response = await move(asset.certificateNumber, 'issue');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'active',
      certificate_status: 'issued',
      artist: 'A. Painter',
      year: 1999,
    });
    const { rows } = await context.db.query<{ issued_at: Date | null; revoked_at: Date | null }>(
      'SELECT issued_at, revoked_at FROM assets WHERE id = $1',
      [asset.id],
    );
    expect(rows[0]!.issued_at).toBeInstanceOf(Date);
    expect(rows[0]!.revoked_at).toBeNull();
    const { events } = await trail(asset.id);
    expect(events.at(-1)!.payload).toEqual({
      source: 'admin',
      admin_user_id: 'token',
      from: 'pending',
      to: 'issued',
    });
  });

  it('revoking records revoked_at and the reason', async () => {
    const asset = await certificateIn('issued');
    const response = await move(asset.certificateNumber, 'revoke', { reason: '  Forgery found  ' });
    expect(response.statusCode).toBe(200);
    const { rows } = await context.db.query<{ revoked_at: Date | null; status_reason: string }>(
      'SELECT revoked_at, status_reason FROM assets WHERE id = $1',
      [asset.id],
    );
    expect(rows[0]!.revoked_at).toBeInstanceOf(Date);
    expect(rows[0]!.status_reason).toBe('Forgery found');
  });

  it.each([
    ['no body', undefined],
    ['no reason', {}],
    ['a blank reason', { reason: '   ' }],
  ])('refuses to revoke with %s (400), leaving the certificate as it was', async (_case, body) => {
    const asset = await certificateIn('issued');
    const response = await move(asset.certificateNumber, 'revoke', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
    expect(response.json().error).toContain('reason');
    const { rows } = await context.db.query('SELECT certificate_status FROM assets WHERE id = $1', [
      asset.id,
    ]);
    expect(rows[0]).toEqual({ certificate_status: 'issued' });
  });

  it('refuses a reason over 2000 characters and unknown body fields', async () => {
    const asset = await certificateIn('pending');
    expect((await move(asset.certificateNumber, 'reject', { reason: 'x'.repeat(2001) })).statusCode).toBe(
      400,
    );
    const extra = await move(asset.certificateNumber, 'reject', { reason: 'ok', status: 'issued' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().code).toBe('validation_failed');
  });

  it.each(['ART-2026-999999', 'XYZ-2026-000001', 'nonsense'])(
    'answers 404 for the unknown certificate %s',
    async (number) => {
      const response = await move(number, 'issue');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'certificate_not_found' });
    },
  );

  it('checks the reason (400) before existence (404)', async () => {
    const response = await move('ART-2026-999999', 'revoke', {});
    expect(response.statusCode).toBe(400);
  });

  it('records the signed-in administrator as the actor of a move made with the session', async () => {
    const asset = await certificateIn('pending');
    const response = await context.app.inject({
      method: 'POST',
      url: `/admin/api/certificates/${asset.certificateNumber}/issue`,
      headers: { cookie: session.cookie, 'x-csrf-token': session.csrfToken },
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    const { events } = await trail(asset.id);
    expect(events.at(-1)).toMatchObject({
      event_type: 'CERTIFICATE_ISSUED',
      payload: { source: 'admin', admin_user_id: adminUserId },
      actor_account_id: adminUserId,
    });
  });

  it('keeps the history chain intact across moves', async () => {
    const asset = await certificateIn('suspended');
    const { rows } = await context.db.query<{ sequence: number; prev_hash: string | null; hash: string }>(
      'SELECT sequence, prev_hash, hash FROM asset_events WHERE asset_id = $1 ORDER BY sequence',
      [asset.id],
    );
    expect(rows.map((row) => row.sequence)).toEqual([1, 2, 3]);
    expect(rows[1]!.prev_hash).toBe(rows[0]!.hash);
    expect(rows[2]!.prev_hash).toBe(rows[1]!.hash);
  });
});

describe('listing certificates', () => {
  it('lists pending certificates of one planet, oldest first, with the asset fields', async () => {
    const watch = await createPendingAsset(context.db, accountId, {
      planet: 'watches',
      title: 'Chronograph',
      attributes: { brand: 'Omega', year: 1969 },
    });
    await createPendingAsset(context.db, accountId, { planet: 'watches', title: 'Diver' });
    const response = await context.app.inject({
      method: 'GET',
      url: '/admin/api/certificates?status=pending&planet=watches',
      headers: bearer,
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: Record<string, unknown>[] }>();
    expect(data.map((item) => item.title)).toEqual(['Chronograph', 'Diver']);
    expect(data[0]).toMatchObject({
      certificate_number: watch.certificateNumber,
      status: 'pending',
      planet: 'watches',
      asset_id: watch.id,
      account_name: 'Test Gallery',
      asset_status: 'draft',
      fields: { brand: 'Omega', year: 1969 },
    });
  });

  it('refuses an unknown planet (400 invalid_planet) and an unknown status (400)', async () => {
    const planet = await context.app.inject({
      method: 'GET',
      url: '/admin/api/certificates?planet=moon',
      headers: bearer,
    });
    expect(planet.statusCode).toBe(400);
    expect(planet.json().code).toBe('invalid_planet');
    const status = await context.app.inject({
      method: 'GET',
      url: '/admin/api/certificates?status=lost',
      headers: bearer,
    });
    expect(status.statusCode).toBe(400);
    expect(status.json().code).toBe('validation_failed');
  });
});

describe('archiving an asset through the admin API (by its owner or an admin)', () => {
  const archive = (planet: string, id: string, headers: Record<string, string> = bearer) =>
    context.app.inject({ method: 'POST', url: `/admin/api/assets/${planet}/${id}/archive`, headers });

  it('archives any account’s asset, keeps updated_by, and records the administrator as the actor', async () => {
    const asset = await certificateIn('issued');
    const response = await context.app.inject({
      method: 'POST',
      url: `/admin/api/assets/artworks/${asset.id}/archive`,
      headers: { cookie: session.cookie, 'x-csrf-token': session.csrfToken },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: asset.id, status: 'archived', updated_by: accountId });
    const { events } = await trail(asset.id);
    expect(events.at(-1)).toMatchObject({
      event_type: 'ARCHIVED',
      payload: { source: 'admin', admin_user_id: adminUserId, from_status: 'active' },
      actor_account_id: adminUserId,
    });
  });

  it('refuses an archived asset with 409 naming the state, and writes nothing', async () => {
    const asset = await certificateIn('pending');
    expect((await archive('artworks', asset.id)).statusCode).toBe(200);
    const before = await trail(asset.id);
    const again = await archive('artworks', asset.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'invalid_state' });
    expect(again.json().error).toContain('archived');
    expect(await trail(asset.id)).toEqual(before);
  });

  it('answers 404 for an unknown or other-planet asset, 400 for an unknown planet, 401 without admin rights', async () => {
    const asset = await certificateIn('pending');
    expect((await archive('watches', asset.id)).json()).toMatchObject({ code: 'asset_not_found' });
    expect((await archive('artworks', 'not-a-uuid')).statusCode).toBe(404);
    expect((await archive('ships', asset.id)).json()).toMatchObject({ code: 'invalid_planet' });
    const refused = await archive('artworks', asset.id, { authorization: 'Bearer wrong-token' });
    expect(refused.statusCode).toBe(401);
    const { auth } = await context.createAccountWithKey();
    expect((await archive('artworks', asset.id, auth)).statusCode).toBe(401);
  });
});
