import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { auditHistory } from '../../src/modules/history/history-audit.service.js';
import { createAdmin, FORM, form, logIn } from '../admin/admin-helpers.js';
import {
  createAssetViaApi,
  issueCertificateForTest,
  moveCertificateForTest,
  type CreatedAsset,
} from '../helpers/asset-factory.js';
import { useTestContext } from '../helpers/test-app.js';
import { waitFor } from '../helpers/wait-for.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';

const ADMIN_TOKEN = 'admin-token-for-alert-tests-0123456789';
const bearer = { authorization: `Bearer ${ADMIN_TOKEN}` };
const CONTACT = 'stolen@registry.example';

const context = useTestContext({
  config: {
    AVS_ADMIN_TOKEN: ADMIN_TOKEN,
    AVS_WEBHOOK_DELIVERY: true,
    AVS_WEBHOOK_ALLOW_INSECURE_TARGETS: true,
    AVS_WEBHOOK_RETRY_SCHEDULE: [100, 200, 400],
    AVS_WATCH_LIMIT: 3,
    AVS_CONTACT_EMAIL: CONTACT,
  },
});

type Auth = { authorization: string };
type WatchPage = { data: { certificate_number: string }[] };
let owner: { accountId: string; auth: Auth };
let other: { accountId: string; auth: Auth };
const receivers: Receiver[] = [];

beforeAll(async () => {
  owner = await context.createAccountWithKey({ name: 'Owner Gallery' });
  other = await context.createAccountWithKey({ name: 'Other Dealer' });
});
afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close()));
});

async function issuedAsset(title = 'Water Lilies'): Promise<CreatedAsset> {
  const asset = await createAssetViaApi(context.app, owner.auth, 'artworks', { title, year: 1916 });
  await issueCertificateForTest(context.db, asset);
  return asset;
}

const raise = (asset: CreatedAsset, auth: Auth, body: Record<string, unknown>) =>
  context.app.inject({
    method: 'POST',
    url: `/api/v1/assets/artworks/${asset.id}/alerts`,
    headers: auth,
    payload: body,
  });
const resolve = (asset: CreatedAsset, alertId: string, auth: Auth, outcome: string) =>
  context.app.inject({
    method: 'POST',
    url: `/api/v1/assets/artworks/${asset.id}/alerts/${alertId}/resolve`,
    headers: auth,
    payload: { outcome },
  });
const verify = (asset: CreatedAsset, auth: Auth) =>
  context.app.inject({
    method: 'POST',
    url: '/api/v1/verify',
    headers: auth,
    payload: { certificate_number: asset.certificate_number },
  });
const events = async (assetId: string) =>
  (
    await context.db.query<{ event_type: string; payload: Record<string, unknown> }>(
      'SELECT event_type, payload FROM asset_events WHERE asset_id = $1 ORDER BY sequence',
      [assetId],
    )
  ).rows;

describe('alerts by the owner', () => {
  it('raises, shows on records, fails verification with a detail, resolves, verifies again', async () => {
    const asset = await issuedAsset();
    expect((await verify(asset, other.auth)).json()).toMatchObject({ verified: true });

    const raised = await raise(asset, owner.auth, {
      kind: 'stolen',
      occurred_at: '2026-11-20',
      reference: 'MET-2026-118842',
    });
    expect(raised.statusCode).toBe(201);
    const { alert, asset: record } = raised.json<{ alert: { id: string }; asset: Record<string, unknown> }>();
    expect(alert).toMatchObject({
      kind: 'stolen',
      occurred_at: '2026-11-20T00:00:00.000Z',
      reference: 'MET-2026-118842',
      status: 'open',
      outcome: null,
    });
    expect(record.alert).toEqual({ kind: 'stolen', since: '2026-11-20T00:00:00.000Z' });
    // The certificate is still genuine: its status is untouched.
    expect(record.certificate_status).toBe('issued');

    const got = await context.app.inject({ url: `/api/v1/assets/artworks/${asset.id}`, headers: other.auth });
    expect(got.json().alert).toEqual({ kind: 'stolen', since: '2026-11-20T00:00:00.000Z' });
    expect(got.headers['cache-control']).toBe('no-store');
    const certificate = await context.app.inject({
      url: `/api/v1/certificates/${asset.certificate_number}`,
      headers: other.auth,
    });
    expect(certificate.json()).toMatchObject({ status: 'issued', alert: { kind: 'stolen' } });

    const failed = await verify(asset, other.auth);
    expect(failed.headers['cache-control']).toBe('no-store');
    expect(failed.json()).toMatchObject({ verified: false, certificate_status: 'issued' });
    expect(failed.json().checks).toContainEqual({
      name: 'no_open_alert',
      passed: false,
      detail: 'The asset is reported stolen since 2026-11-20T00:00:00.000Z; the alert is open.',
    });

    const resolved = await resolve(asset, alert.id, owner.auth, 'recovered');
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({
      alert: { status: 'resolved', outcome: 'recovered' },
      asset: { alert: null },
    });
    const again = await verify(asset, other.auth);
    expect(again.json()).toMatchObject({ verified: true });
    expect(again.headers['cache-control']).toBeUndefined();

    expect((await events(asset.id)).map((event) => event.event_type)).toEqual([
      'CREATED',
      'CERTIFICATE_ISSUED',
      'ALERT_RAISED',
      'ALERT_RESOLVED',
    ]);
    // The chain replay (verify's history_intact above, and `avs audit`) accepts the new events.
    const audit = await auditHistory(context.db, { planet: 'artworks' });
    expect(audit.breaks).toEqual([]);
  });

  it('another account gets 404; a second open alert 409; bad input 400; a resolved alert 409', async () => {
    const asset = await issuedAsset('Haystacks');
    expect((await raise(asset, other.auth, { kind: 'lost', occurred_at: '2026-11-01' })).statusCode).toBe(
      404,
    );
    const first = await raise(asset, owner.auth, { kind: 'lost', occurred_at: '2026-11-01T10:00:00Z' });
    expect(first.statusCode).toBe(201);
    const alertId = first.json<{ alert: { id: string } }>().alert.id;
    const second = await raise(asset, owner.auth, { kind: 'stolen', occurred_at: '2026-11-02' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'alert_already_open' });
    expect((await resolve(asset, alertId, other.auth, 'recovered')).statusCode).toBe(404);

    for (const [body, pattern] of [
      [{ kind: 'borrowed', occurred_at: '2026-11-01' }, /kind/],
      [{ kind: 'lost', occurred_at: '2999-01-01' }, /cannot be in the future/],
      [{ kind: 'lost', occurred_at: '2026-02-30' }, /ISO 8601 date/],
      [{ kind: 'lost', occurred_at: 'yesterday' }, /ISO 8601 date/],
      [{ kind: 'lost' }, /occurred_at/],
      [{ kind: 'lost', occurred_at: '2026-11-01', owner: 'x' }, /owner/],
    ] as const) {
      const response = await raise(asset, owner.auth, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe('validation_failed');
      expect(response.json().error).toMatch(pattern);
    }
    expect((await resolve(asset, alertId, owner.auth, 'forgotten')).statusCode).toBe(400);
    expect(
      (await resolve(asset, '00000000-0000-4000-8000-000000000000', owner.auth, 'recovered')).json().code,
    ).toBe('alert_not_found');
    expect((await resolve(asset, alertId, owner.auth, 'withdrawn')).statusCode).toBe(200);
    const late = await resolve(asset, alertId, owner.auth, 'recovered');
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('The alert is already resolved.');
  });
});

describe('alerts by an administrator', () => {
  it('raises and resolves over the admin API', async () => {
    const asset = await issuedAsset('Admin API');
    const raised = await context.app.inject({
      method: 'POST',
      url: `/admin/api/assets/artworks/${asset.id}/alerts`,
      headers: bearer,
      payload: { kind: 'lost', occurred_at: '2026-10-01' },
    });
    expect(raised.statusCode).toBe(201);
    const alertId = raised.json<{ alert: { id: string } }>().alert.id;
    const resolved = await context.app.inject({
      method: 'POST',
      url: `/admin/api/assets/artworks/${asset.id}/alerts/${alertId}/resolve`,
      headers: bearer,
      payload: { outcome: 'recovered' },
    });
    expect(resolved.statusCode).toBe(200);
    const history = await events(asset.id);
    expect(history[2]).toMatchObject({
      event_type: 'ALERT_RAISED',
      payload: { source: 'admin', admin_user_id: 'token', kind: 'lost' },
    });
    expect(history[3]).toMatchObject({ event_type: 'ALERT_RESOLVED', payload: { outcome: 'recovered' } });
  });

  it('raises and resolves on the asset page, with the CSRF token (refused without)', async () => {
    const asset = await issuedAsset('Admin page');
    const admin = await createAdmin(context.db);
    const session = await logIn(context.app, admin.email);
    const page = `/admin/assets/artworks/${asset.id}`;
    const post = (url: string, fields: Record<string, string>) =>
      context.app.inject({
        method: 'POST',
        url,
        headers: { ...FORM, cookie: session.cookie },
        payload: form(fields),
      });
    const forged = await post(`${page}/alerts`, { kind: 'stolen', occurred_at: '2026-11-01' });
    expect(forged.statusCode).toBe(403);
    const refused = await post(`${page}/alerts`, {
      _csrf: session.csrfToken,
      kind: 'stolen',
      occurred_at: '2999-11-01',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('cannot be in the future');
    const raised = await post(`${page}/alerts`, {
      _csrf: session.csrfToken,
      kind: 'stolen',
      occurred_at: '2026-11-01',
    });
    expect(raised.statusCode).toBe(303);
    const shown = await context.app.inject({ url: page, headers: { cookie: session.cookie } });
    expect(shown.body).toContain('Reported stolen');
    const [{ id: alertId }] = (
      await context.db.query<{ id: string }>('SELECT id FROM asset_alerts WHERE asset_id = $1', [asset.id])
    ).rows as [{ id: string }];
    const resolved = await post(`${page}/alerts/${alertId}/resolve`, {
      _csrf: session.csrfToken,
      outcome: 'withdrawn',
    });
    expect(resolved.statusCode).toBe(303);
    expect((await events(asset.id)).at(-1)).toMatchObject({
      event_type: 'ALERT_RESOLVED',
      payload: { source: 'admin', admin_user_id: admin.id, outcome: 'withdrawn' },
    });
  });
});

describe('the public page and credential of a reported asset', () => {
  it('warns prominently with the contact address, and neither is cached', async () => {
    const asset = await issuedAsset('Public warning');
    const before = await context.app.inject({ url: `/c/${asset.certificate_number}/credential` });
    expect(before.headers['cache-control']).toBe('public, max-age=300');
    await raise(asset, owner.auth, { kind: 'stolen', occurred_at: '2026-11-20' });
    const page = await context.app.inject({ url: `/c/${asset.certificate_number}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('role="alert"');
    expect(page.body).toContain('Reported stolen');
    expect(page.body).toContain(`mailto:${CONTACT}`);
    // Served from the public-read cache before the alert: now no-store, and the same signed document.
    const credential = await context.app.inject({ url: `/c/${asset.certificate_number}/credential` });
    expect(credential.headers['cache-control']).toBe('no-store');
    expect(credential.body).toBe(before.body);
  });
});

describe('webhook event types of alerts', () => {
  it('are valid when named; a registration naming none gets only the five that predate alerts (docs/webhooks.md); unknown ones are 400', async () => {
    const { auth } = await context.createAccountWithKey();
    const register = (events?: string[]) =>
      context.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks',
        headers: auth,
        payload: { url: 'https://hooks.example.com/avs', ...(events ? { events } : {}) },
      });
    const plain = await register();
    expect(plain.json().events).toEqual([
      'asset.created',
      'verification.completed',
      'certificate.issued',
      'certificate.updated',
      'ownership.transferred',
    ]);
    const named = await register(['asset.alert_raised', 'asset.alert_resolved', 'watch.triggered']);
    expect(named.statusCode).toBe(201);
    expect((await register(['watch.fired'])).statusCode).toBe(400);
  });
});

describe('the watch-list', () => {
  it('adds, lists, removes; refuses unknown, duplicate and past-the-limit entries with clear codes', async () => {
    const { auth } = await context.createAccountWithKey();
    const assets = await Promise.all([1, 2, 3, 4].map((n) => issuedAsset(`Watched ${n}`)));
    const add = (number: string) =>
      context.app.inject({
        method: 'POST',
        url: '/api/v1/watchlist',
        headers: auth,
        payload: { certificate_number: number },
      });
    const added = await add(assets[0]!.certificate_number);
    expect(added.statusCode).toBe(201);
    expect(Object.keys(added.json()).sort()).toEqual(['certificate_number', 'created_at', 'id']);
    expect((await add(assets[0]!.certificate_number)).json().code).toBe('already_watched');
    expect((await add('ART-2026-999999')).json().code).toBe('certificate_not_found');
    expect((await add('not a number')).statusCode).toBe(404);
    expect((await add(assets[1]!.certificate_number)).statusCode).toBe(201);
    expect((await add(assets[2]!.certificate_number)).statusCode).toBe(201);
    const full = await add(assets[3]!.certificate_number);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'watch_limit_reached' });
    expect(full.json().error).toContain('AVS_WATCH_LIMIT');

    const page = await context.app.inject({ url: '/api/v1/watchlist?limit=2', headers: auth });
    expect(page.json()).toMatchObject({ has_more: true });
    const rest = await context.app.inject({
      url: `/api/v1/watchlist?limit=2&cursor=${page.json().next_cursor}`,
      headers: auth,
    });
    expect(
      [...page.json<WatchPage>().data, ...rest.json<WatchPage>().data]
        .map((entry) => entry.certificate_number)
        .sort(),
    ).toEqual(
      assets
        .slice(0, 3)
        .map((asset) => asset.certificate_number)
        .sort(),
    );
    const id = added.json<{ id: string }>().id;
    expect(
      (await context.app.inject({ method: 'DELETE', url: `/api/v1/watchlist/${id}`, headers: other.auth }))
        .statusCode,
    ).toBe(404);
    expect(
      (await context.app.inject({ method: 'DELETE', url: `/api/v1/watchlist/${id}`, headers: auth }))
        .statusCode,
    ).toBe(200);
    expect((await add(assets[3]!.certificate_number)).statusCode).toBe(201);
  });

  it('sends watch.triggered, signed, for every kind of change, and nothing for an unwatched certificate', async () => {
    const receiver = await startReceiver();
    receivers.push(receiver);
    const watcher = await context.createAccountWithKey({ name: 'Pawn Shop' });
    const hook = await context.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: watcher.auth,
      payload: { url: receiver.url, events: ['watch.triggered'] },
    });
    const secret = hook.json<{ secret: string }>().secret;
    const watched = await issuedAsset('Watched');
    const unwatched = await issuedAsset('Unwatched');
    await context.app.inject({
      method: 'POST',
      url: '/api/v1/watchlist',
      headers: watcher.auth,
      payload: { certificate_number: watched.certificate_number },
    });

    for (const asset of [unwatched, watched]) {
      const raised = await raise(asset, owner.auth, { kind: 'stolen', occurred_at: '2026-11-20' });
      await resolve(asset, raised.json<{ alert: { id: string } }>().alert.id, owner.auth, 'recovered');
      await moveCertificateForTest(context.db, asset, 'suspend');
      await moveCertificateForTest(context.db, asset, 'reinstate');
      await moveCertificateForTest(context.db, asset, 'revoke', 'Forgery');
    }
    await waitFor(() => receiver.received.length >= 5, { message: 'five watch.triggered deliveries' });
    const bodies = receiver.received.map(
      (request) =>
        new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as {
          type: string;
          data: {
            watch: { certificate_number: string };
            change: { type: string; certificate_status: string; alert: unknown };
          };
        },
    );
    expect(bodies.every((body) => body.type === 'watch.triggered')).toBe(true);
    expect(bodies.every((body) => body.data.watch.certificate_number === watched.certificate_number)).toBe(
      true,
    );
    expect(bodies.map((body) => body.data.change.type).sort()).toEqual(
      [
        'alert_raised',
        'alert_resolved',
        'certificate_reinstated',
        'certificate_revoked',
        'certificate_suspended',
      ].sort(),
    );
    // No owner data: not the account, not the asset record.
    for (const request of receiver.received) {
      expect(request.body).not.toContain(owner.accountId);
      expect(request.body).not.toContain('"asset"');
    }
    const raisedBody = bodies.find((body) => body.data.change.type === 'alert_raised')!;
    expect(raisedBody.data.change).toMatchObject({
      certificate_status: 'issued',
      alert: { kind: 'stolen', since: '2026-11-20T00:00:00.000Z' },
    });
    // Nothing more arrives (the unwatched certificate's ten changes produced no event for the watcher).
    const outbox = await context.db.query(
      `SELECT 1 FROM webhook_outbox WHERE account_id = $1 AND event_type = 'watch.triggered'`,
      [watcher.accountId],
    );
    expect(outbox.rows).toHaveLength(5);
    expect(receiver.received).toHaveLength(5);
  });
});

describe('the search audit', () => {
  it('records every look-up kind of a reported asset, shows them to admins and exports CSV safely', async () => {
    // An account whose name a spreadsheet would run as a formula.
    const prober = await context.createAccountWithKey({ name: '=HYPERLINK("http://evil.example","x")' });
    const asset = await issuedAsset('Audited');
    // Look-ups before the alert are not the audit's business.
    await context.app.inject({ url: `/api/v1/assets/artworks/${asset.id}`, headers: prober.auth });
    await raise(asset, owner.auth, { kind: 'stolen', occurred_at: '2026-11-20' });

    await context.app.inject({ url: `/api/v1/assets/artworks/${asset.id}`, headers: prober.auth });
    await context.app.inject({
      url: `/api/v1/certificates/${asset.certificate_number}`,
      headers: prober.auth,
    });
    await context.app.inject({
      url: `/api/v1/certificates/${asset.certificate_number}/credential`,
      headers: prober.auth,
    });
    await verify(asset, prober.auth);
    await context.app.inject({ url: `/c/${asset.certificate_number}`, remoteAddress: '203.0.113.9' });
    await context.app.inject({
      url: `/c/${asset.certificate_number}/credential`,
      remoteAddress: '203.0.113.10',
    });

    const rows = (
      await context.db.query<{
        lookup: string;
        account_id: string | null;
        api_key_id: string | null;
        client_address: string | null;
      }>(
        'SELECT lookup, account_id, api_key_id, client_address FROM alert_lookups WHERE asset_id = $1 ORDER BY created_at, lookup',
        [asset.id],
      )
    ).rows;
    expect(rows.map((row) => row.lookup).sort()).toEqual(
      ['certificate', 'credential', 'credential', 'get', 'public_page', 'verify'].sort(),
    );
    for (const row of rows.filter((entry) => entry.client_address === null)) {
      expect(row).toMatchObject({ account_id: prober.accountId, api_key_id: prober.apiKey.id });
    }
    expect(
      rows
        .filter((row) => row.client_address)
        .map((row) => row.client_address)
        .sort(),
    ).toEqual(['203.0.113.10', '203.0.113.9']);

    const admin = await createAdmin(context.db);
    const session = await logIn(context.app, admin.email);
    const page = await context.app.inject({
      url: `/admin/assets/artworks/${asset.id}`,
      headers: { cookie: session.cookie },
    });
    expect(page.body).toContain('203.0.113.9');
    expect(page.body).toContain('Public page');

    const csvUrl = `/admin/assets/artworks/${asset.id}/lookups.csv`;
    expect((await context.app.inject({ url: csvUrl })).statusCode).not.toBe(200);
    const csv = await context.app.inject({ url: csvUrl, headers: { cookie: session.cookie } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toContain('attachment');
    const records = parse<Record<string, string>>(csv.body, { columns: true });
    expect(records).toHaveLength(6);
    expect(Object.keys(records[0]!)).toEqual([
      'at',
      'lookup',
      'account_id',
      'account_name',
      'api_key_id',
      'client_address',
      'alert_id',
    ]);
    // CSV injection: the cell starts with ' so a spreadsheet shows the text instead of running it.
    const named = records.find((record) => record.account_name)!;
    expect(named.account_name).toBe(`'=HYPERLINK("http://evil.example","x")`);
  });
});
