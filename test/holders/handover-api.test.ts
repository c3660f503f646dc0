import { beforeAll, describe, expect, it } from 'vitest';
import { listEvents } from '../../src/modules/chain/events.repository.js';
import { auditHistory } from '../../src/modules/history/history-audit.service.js';
import {
  holderActions,
  holderRules,
  listHolderRoutes,
  mayAct,
} from '../../src/modules/holders/holder-rules.js';
import {
  acceptClaim,
  currentHolder,
  operatorMoveHolding,
} from '../../src/modules/holders/holders.service.js';
import { createAssetViaApi, issueCertificateForTest, type CreatedAsset } from '../helpers/asset-factory.js';
import { useTestContext, type TestContext } from '../helpers/test-app.js';
import { insertCollector } from './collector-rows.js';

const ADMIN_TOKEN = 'holders-admin-token-for-tests-42';
const context = useTestContext({
  config: { AVS_PUBLIC_URL: 'https://verify.example.com', AVS_ADMIN_TOKEN: ADMIN_TOKEN },
});
type AccountWithKey = Awaited<ReturnType<TestContext['createAccountWithKey']>>;
let gallery: AccountWithKey;
let auctionHouse: AccountWithKey;
let stranger: AccountWithKey;

beforeAll(async () => {
  gallery = await context.createAccountWithKey({ name: 'Galerie Nord' });
  auctionHouse = await context.createAccountWithKey({ name: 'Maison Enchères' });
  stranger = await context.createAccountWithKey({ name: 'Someone Else' });
});

const send = (method: 'GET' | 'POST', url: string, auth: { authorization: string }, payload?: object) =>
  context.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

async function issuedArtwork(): Promise<CreatedAsset> {
  const asset = await createAssetViaApi(context.app, gallery.auth);
  await issueCertificateForTest(context.db, asset);
  return asset;
}

/** The gallery hands the artwork to a new collector by a claim over the API, and the collector accepts. */
async function heldByCollector(asset: CreatedAsset) {
  const collector = await insertCollector(context.db, { showName: true });
  const offered = await send('POST', `/api/v1/assets/artworks/${asset.id}/handover`, gallery.auth, {
    email: collector.email,
    language: 'de',
  });
  expect(offered.statusCode, offered.body).toBe(201);
  const { code } = offered.json<{ code: string }>();
  await acceptClaim(context.db, { code, collectorId: collector.collectorId });
  return collector;
}

describe('POST /api/v1/assets/{planet}/{id}/handover', () => {
  it('answers a claim with its code and link once, and queues its mail in the language asked', async () => {
    const asset = await issuedArtwork();
    const response = await send('POST', `/api/v1/assets/artworks/${asset.id}/handover`, gallery.auth, {
      email: 'Buyer@Example.org',
      language: 'fr',
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<{
      handover: { kind: string; status: string };
      code: string;
      claim_url: string;
    }>();
    expect(body.handover).toMatchObject({ kind: 'claim', status: 'open', asset_id: asset.id });
    expect(body.claim_url).toBe(`https://verify.example.com/collection/claim/${body.code}`);
    const { rows } = await context.db.query<{ subject: string; text: string; language: string }>(
      `SELECT subject, text_body AS text, language FROM mail_outbox WHERE kind = 'handover_claim' AND recipient = $1`,
      ['buyer@example.org'],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.language).toBe('fr');
    expect(rows[0]!.subject).toContain('vous remet le certificat');
    expect(rows[0]!.text).toContain(body.claim_url);
    // The code is kept only as its hash.
    const stored = await context.db.query(`SELECT 1 FROM handovers WHERE code_hash = $1`, [body.code]);
    expect(stored.rows).toHaveLength(0);
  });

  it('refuses a pending certificate (409) and an asset the caller does not hold (403)', async () => {
    const pending = await createAssetViaApi(context.app, gallery.auth);
    const refused = await send('POST', `/api/v1/assets/artworks/${pending.id}/handover`, gallery.auth, {});
    expect(refused.statusCode).toBe(409);
    const asset = await issuedArtwork();
    const byStranger = await send('POST', `/api/v1/assets/artworks/${asset.id}/handover`, stranger.auth, {});
    expect(byStranger.statusCode).toBe(403);
    expect(byStranger.json()).toMatchObject({ code: 'not_holder' });
  });

  it('a new offer cancels the open one', async () => {
    const asset = await issuedArtwork();
    const first = await send('POST', `/api/v1/assets/artworks/${asset.id}/handover`, gallery.auth, {});
    await send('POST', `/api/v1/assets/artworks/${asset.id}/handover`, gallery.auth, {});
    const id = first.json<{ handover: { id: string } }>().handover.id;
    const read = await send('GET', `/api/v1/handovers/${id}`, gallery.auth);
    expect(read.json()).toMatchObject({ handover: { status: 'cancelled' } });
  });
});

describe('a collector holds the object', () => {
  it("refuses the gallery's transfer, hand-over and alert; the history and webhooks carry no person", async () => {
    const asset = await issuedArtwork();
    const collector = await heldByCollector(asset);

    const transfer = await send('POST', `/api/v1/assets/artworks/${asset.id}/transfer`, gallery.auth, {
      to_account_id: auctionHouse.accountId,
    });
    expect(transfer.statusCode).toBe(403);
    expect(transfer.json()).toMatchObject({ code: 'not_holder' });
    const handover = await send('POST', `/api/v1/assets/artworks/${asset.id}/handover`, gallery.auth, {});
    expect(handover.statusCode).toBe(403);
    const alert = await send('POST', `/api/v1/assets/artworks/${asset.id}/alerts`, gallery.auth, {
      kind: 'stolen',
      occurred_at: '2026-11-01',
    });
    expect(alert.statusCode).toBe(403);
    expect(await currentHolder(context.db, 'artworks', asset.id)).toMatchObject({ kind: 'collector' });

    const events = await listEvents(context.db, asset.id);
    const { rows: outbox } = await context.db.query<{ payload: unknown }>(
      `SELECT payload FROM webhook_outbox WHERE event_type = 'ownership.transferred' AND payload->'asset'->>'id' = $1`,
      [asset.id],
    );
    expect(outbox.length).toBeGreaterThan(0);
    const published = JSON.stringify([events, outbox]);
    for (const secret of [collector.collectorId, collector.email, collector.publicName, collector.personId]) {
      expect(published).not.toContain(secret);
    }
    expect(await auditHistory(context.db)).toMatchObject({ intact: true });
  });

  it('the collector consigns it to an auction house, which accepts over the API (one winner)', async () => {
    const asset = await issuedArtwork();
    const collector = await heldByCollector(asset);
    const { createHandover } = await import('../../src/modules/holders/holders.service.js');
    const consigned = await createHandover(context.db, {
      planet: 'artworks',
      assetId: asset.id,
      actor: { kind: 'collector', collectorId: collector.collectorId },
      kind: 'consignment',
      toAccountId: auctionHouse.accountId,
    });
    const listed = await send('GET', '/api/v1/handovers?offered_to_us=true', auctionHouse.auth);
    expect(listed.json<{ data: { id: string }[] }>().data.map((h) => h.id)).toContain(consigned.handover.id);
    expect((await send('GET', `/api/v1/handovers/${consigned.handover.id}`, stranger.auth)).statusCode).toBe(
      404,
    );
    expect(
      (await send('POST', `/api/v1/handovers/${consigned.handover.id}/accept`, stranger.auth)).statusCode,
    ).toBe(404);
    const [first, second] = await Promise.all([
      send('POST', `/api/v1/handovers/${consigned.handover.id}/accept`, auctionHouse.auth),
      send('POST', `/api/v1/handovers/${consigned.handover.id}/accept`, auctionHouse.auth),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect(await currentHolder(context.db, 'artworks', asset.id)).toEqual({
      kind: 'account',
      accountId: auctionHouse.accountId,
    });
    // The auction house holds it now: it may hand it on; the gallery, still the registrant, may not.
    expect(
      (await send('POST', `/api/v1/assets/artworks/${asset.id}/handover`, gallery.auth, {})).statusCode,
    ).toBe(403);
    const { rows } = await context.db.query<{ account_id: string }>(
      `SELECT account_id FROM webhook_outbox WHERE event_type = 'ownership.transferred' AND payload->>'handover_id' = $1`,
      [consigned.handover.id],
    );
    expect(rows.map((row) => row.account_id).sort()).toEqual(
      [gallery.accountId, auctionHouse.accountId].sort(),
    );
    expect(await auditHistory(context.db)).toMatchObject({ intact: true });
  });

  it('an expired claim changes nothing', async () => {
    const asset = await issuedArtwork();
    const collector = await insertCollector(context.db);
    const offered = await send('POST', `/api/v1/assets/artworks/${asset.id}/handover`, gallery.auth, {});
    const { code, handover } = offered.json<{ code: string; handover: { id: string } }>();
    await context.db.query(`UPDATE handovers SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      handover.id,
    ]);
    await expect(acceptClaim(context.db, { code, collectorId: collector.collectorId })).rejects.toMatchObject(
      {
        code: 'handover_closed',
      },
    );
    expect(await currentHolder(context.db, 'artworks', asset.id)).toEqual({
      kind: 'account',
      accountId: gallery.accountId,
    });
  });

  it("the operator hands an erased collector's object on to a named account", async () => {
    const asset = await issuedArtwork();
    const collector = await heldByCollector(asset);
    await context.db.query(`UPDATE collectors SET erased_at = now(), person_id = NULL WHERE id = $1`, [
      collector.collectorId,
    ]);
    expect(await currentHolder(context.db, 'artworks', asset.id)).toMatchObject({ erased: true });
    const moved = await context.app.inject({
      method: 'POST',
      url: `/admin/api/assets/artworks/${asset.id}/holder`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: { to_account_id: auctionHouse.accountId, reason: 'Bill of sale and ID checked' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await currentHolder(context.db, 'artworks', asset.id)).toEqual({
      kind: 'account',
      accountId: auctionHouse.accountId,
    });
    const last = (await listEvents(context.db, asset.id)).at(-1)!;
    expect(last.payload).toMatchObject({ kind: 'operator', source: 'admin' });
    expect(await auditHistory(context.db)).toMatchObject({ intact: true });
    expect(typeof operatorMoveHolding).toBe('function');
  });
});

describe('an account holds the object by consignment', () => {
  it('raises and resolves the alert over the API; the registrant is refused and told', async () => {
    const asset = await issuedArtwork();
    const offered = await send('POST', `/api/v1/assets/artworks/${asset.id}/handover`, gallery.auth, {
      to_account_id: auctionHouse.accountId,
    });
    const id = offered.json<{ handover: { id: string } }>().handover.id;
    expect((await send('POST', `/api/v1/handovers/${id}/accept`, auctionHouse.auth)).statusCode).toBe(200);
    const report = { kind: 'stolen', occurred_at: '2026-11-02' };

    const byRegistrant = await send(
      'POST',
      `/api/v1/assets/artworks/${asset.id}/alerts`,
      gallery.auth,
      report,
    );
    expect(byRegistrant.statusCode).toBe(403);
    expect(byRegistrant.json()).toMatchObject({ code: 'not_holder' });
    const byStranger = await send(
      'POST',
      `/api/v1/assets/artworks/${asset.id}/alerts`,
      stranger.auth,
      report,
    );
    expect(byStranger.statusCode).toBe(404);

    const raised = await send(
      'POST',
      `/api/v1/assets/artworks/${asset.id}/alerts`,
      auctionHouse.auth,
      report,
    );
    expect(raised.statusCode, raised.body).toBe(201);
    const alertId = raised.json<{ alert: { id: string } }>().alert.id;
    const { rows: told } = await context.db.query<{ account_id: string }>(
      `SELECT account_id FROM webhook_outbox WHERE event_type = 'asset.alert_raised' AND payload->'asset'->>'id' = $1`,
      [asset.id],
    );
    expect(told.map((row) => row.account_id)).toEqual([gallery.accountId]);
    const { rows: notices } = await context.db.query(
      `SELECT 1 FROM notice_events WHERE kind = 'asset_alert' AND account_id = $1 AND payload->>'asset_id' = $2`,
      [gallery.accountId, asset.id],
    );
    expect(notices).toHaveLength(1);

    const resolveUrl = `/api/v1/assets/artworks/${asset.id}/alerts/${alertId}/resolve`;
    const resolveByRegistrant = await send('POST', resolveUrl, gallery.auth, { outcome: 'recovered' });
    expect(resolveByRegistrant.statusCode).toBe(403);
    const resolved = await send('POST', resolveUrl, auctionHouse.auth, { outcome: 'recovered' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({ alert: { status: 'resolved', outcome: 'recovered' } });
  });
});

describe('the rules table', () => {
  it('has a rule for every action, and mayAct reads it', () => {
    for (const action of holderActions) expect(holderRules[action].length).toBeGreaterThan(0);
    expect(mayAct('transfer', ['registrant'])).toBe(false);
    expect(mayAct('transfer', ['registrant', 'holder_account'])).toBe(true);
    expect(mayAct('hand_over', ['registrant'])).toBe(false);
    expect(mayAct('hand_over', ['collector_holder'])).toBe(true);
    expect(mayAct('request_correction', ['registrant'])).toBe(true);
    expect(mayAct('operator_move', ['holder_account'])).toBe(false);
  });

  it('every hand-over and collection route names its action of the table (generated from the routes)', () => {
    const routes = listHolderRoutes(context.app);
    expect(routes.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining([
        'POST /api/v1/assets/:planet/:id/handover',
        'GET /api/v1/handovers',
        'GET /api/v1/handovers/:id',
        'POST /api/v1/handovers/:id/cancel',
        'POST /api/v1/handovers/:id/accept',
      ]),
    );
    for (const route of routes) {
      expect(
        [...holderActions, 'none'],
        `${route.method} ${route.url} declares config.holderAction (src/modules/holders/holder-rules.ts)`,
      ).toContain(route.holderAction);
    }
  });

  it('refuses each /api/v1 hand-over route that acts on an object to an account that is no party to it', async () => {
    const asset = await issuedArtwork();
    const offered = await send('POST', `/api/v1/assets/artworks/${asset.id}/handover`, gallery.auth, {
      to_account_id: auctionHouse.accountId,
    });
    const id = offered.json<{ handover: { id: string } }>().handover.id;
    for (const route of listHolderRoutes(context.app)) {
      if (!route.url.startsWith('/api/v1/') || route.holderAction === 'none') continue;
      const url = route.url
        .replace(':planet', 'artworks')
        .replace(':id', route.url.includes('/assets/') ? asset.id : id);
      const response = await send(
        route.method as 'GET' | 'POST',
        url,
        stranger.auth,
        route.method === 'POST' ? {} : undefined,
      );
      expect([403, 404], `${route.method} ${route.url} → ${response.statusCode}`).toContain(
        response.statusCode,
      );
    }
  });
});
