import { beforeAll, describe, expect, it } from 'vitest';
import { listEvents } from '../../src/modules/chain/events.repository.js';
import {
  acceptClaim,
  acceptConsignment,
  cancelHandover,
  createHandover,
  currentHolder,
  findOpenClaim,
  listCollectorHoldings,
  listHandoversOfferedTo,
  readProvenance,
  type HolderActor,
} from '../../src/modules/holders/holders.service.js';
import type { KeyPrincipal } from '../../src/modules/principal/principal.js';
import { createAssetViaApi, issueCertificateForTest, type CreatedAsset } from '../helpers/asset-factory.js';
import { useTestContext, type TestContext } from '../helpers/test-app.js';
import { insertCollector } from './collector-rows.js';

const context = useTestContext();
type AccountWithKey = Awaited<ReturnType<TestContext['createAccountWithKey']>>;
let gallery: AccountWithKey;
let auctionHouse: AccountWithKey;

function keyOf(account: AccountWithKey): KeyPrincipal {
  return { accountId: account.accountId, apiKeyId: account.apiKey.id, planetScope: [] };
}

function asAccount(account: AccountWithKey): HolderActor {
  return { kind: 'account', principal: keyOf(account) };
}

async function issuedArtwork(): Promise<CreatedAsset> {
  const asset = await createAssetViaApi(context.app, gallery.auth);
  await issueCertificateForTest(context.db, asset);
  return asset;
}

beforeAll(async () => {
  gallery = await context.createAccountWithKey({ name: 'Galerie Nord' });
  auctionHouse = await context.createAccountWithKey({ name: 'Maison Enchères' });
});

describe('a hand-over from the gallery to a collector, on to another, then consigned', () => {
  it('moves the holder at each acceptance and records only commitments', async () => {
    const asset = await issuedArtwork();
    const a = await insertCollector(context.db);
    const b = await insertCollector(context.db, { showName: true, publicName: 'Rosa Vogel' });
    expect(await currentHolder(context.db, 'artworks', asset.id)).toEqual({
      kind: 'account',
      accountId: gallery.accountId,
    });

    const offered = await createHandover(context.db, {
      planet: 'artworks',
      assetId: asset.id,
      actor: asAccount(gallery),
      kind: 'claim',
    });
    expect(offered.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const open = await findOpenClaim(context.db, offered.code!);
    expect(open?.asset).toMatchObject({ id: asset.id, certificateNumber: asset.certificate_number });

    await acceptClaim(context.db, { code: offered.code!, collectorId: a.collectorId });
    expect(await currentHolder(context.db, 'artworks', asset.id)).toEqual({
      kind: 'collector',
      collectorId: a.collectorId,
      erased: false,
    });
    expect(await findOpenClaim(context.db, offered.code!)).toBeNull();
    expect((await listCollectorHoldings(context.db, a.collectorId)).map((held) => held.assetId)).toEqual([
      asset.id,
    ]);

    const onward = await createHandover(context.db, {
      planet: 'artworks',
      assetId: asset.id,
      actor: { kind: 'collector', collectorId: a.collectorId },
      kind: 'claim',
    });
    await acceptClaim(context.db, { code: onward.code!, collectorId: b.collectorId });

    const consigned = await createHandover(context.db, {
      planet: 'artworks',
      assetId: asset.id,
      actor: { kind: 'collector', collectorId: b.collectorId },
      kind: 'consignment',
      toAccountId: auctionHouse.accountId,
    });
    expect((await listHandoversOfferedTo(context.db, auctionHouse.accountId)).map((h) => h.id)).toEqual([
      consigned.handover.id,
    ]);
    await acceptConsignment(context.db, {
      handoverId: consigned.handover.id,
      principal: keyOf(auctionHouse),
    });
    expect(await currentHolder(context.db, 'artworks', asset.id)).toEqual({
      kind: 'account',
      accountId: auctionHouse.accountId,
    });

    const provenance = await readProvenance(context.db, 'artworks', asset.id);
    expect(provenance.map((entry) => entry.holder)).toEqual([
      'registrant',
      'collector',
      'collector',
      'account',
    ]);
    expect(provenance[1]!.publicName).toBeNull();
    expect(provenance[2]!.publicName).toBe('Rosa Vogel');

    const transfers = (await listEvents(context.db, asset.id)).filter(
      (event) => event.event_type === 'OWNERSHIP_TRANSFERRED',
    );
    expect(transfers).toHaveLength(3);
    const chain = JSON.stringify(transfers);
    for (const secret of [a.collectorId, b.collectorId, a.email, b.email, 'Rosa Vogel']) {
      expect(chain).not.toContain(secret);
    }
    expect(transfers[2]!.payload).toMatchObject({ kind: 'consignment', handover_id: consigned.handover.id });
    expect(transfers[1]!.payload.from_holder).toBe(transfers[0]!.payload.to_holder);
  });
});

describe('a claim accepted twice at once', () => {
  it('has exactly one winner', async () => {
    const asset = await issuedArtwork();
    const a = await insertCollector(context.db);
    const b = await insertCollector(context.db);
    const { code } = await createHandover(context.db, {
      planet: 'artworks',
      assetId: asset.id,
      actor: asAccount(gallery),
      kind: 'claim',
    });
    const outcomes = await Promise.allSettled([
      acceptClaim(context.db, { code: code!, collectorId: a.collectorId }),
      acceptClaim(context.db, { code: code!, collectorId: b.collectorId }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected');
    expect(refused?.reason).toMatchObject({ code: 'handover_closed' });
    const events = (await listEvents(context.db, asset.id)).filter(
      (event) => event.event_type === 'OWNERSHIP_TRANSFERRED',
    );
    expect(events).toHaveLength(1);
  });
});

describe('an offer that is not accepted', () => {
  it('changes nothing when cancelled', async () => {
    const asset = await issuedArtwork();
    const a = await insertCollector(context.db);
    const offered = await createHandover(context.db, {
      planet: 'artworks',
      assetId: asset.id,
      actor: asAccount(gallery),
      kind: 'claim',
    });
    const cancelled = await cancelHandover(context.db, {
      handoverId: offered.handover.id,
      actor: asAccount(gallery),
    });
    expect(cancelled.status).toBe('cancelled');
    await expect(
      acceptClaim(context.db, { code: offered.code!, collectorId: a.collectorId }),
    ).rejects.toMatchObject({ code: 'handover_closed' });
    expect(await currentHolder(context.db, 'artworks', asset.id)).toEqual({
      kind: 'account',
      accountId: gallery.accountId,
    });
    expect((await listEvents(context.db, asset.id)).map((event) => event.event_type)).not.toContain(
      'OWNERSHIP_TRANSFERRED',
    );
  });
});
