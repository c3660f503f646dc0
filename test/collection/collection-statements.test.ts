import { beforeAll, describe, expect, it } from 'vitest';
import { collectionOf, heldObject } from '../../src/modules/collection/objects/held-objects.service.js';
import { acceptClaim, createHandover } from '../../src/modules/holders/holders.service.js';
import { createAssetViaApi, issueCertificateForTest, type CreatedAsset } from '../helpers/asset-factory.js';
import { countingStatements } from '../helpers/counting-statements.js';
import { useTestContext, type TestContext } from '../helpers/test-app.js';
import { insertCollector } from '../holders/collector-rows.js';

/**
 * Issue #53 item 5: the collector's list reads the photographs and open hand-overs of all its works together, and a
 * held work's page reads that one holding, so the statements a page sends do not grow with the works held.
 */
const context = useTestContext();
let gallery: Awaited<ReturnType<TestContext['createAccountWithKey']>>;

async function issuedArtwork(title: string): Promise<CreatedAsset> {
  const asset = await createAssetViaApi(context.app, gallery.auth, 'artworks', {
    title,
    medium: 'Oil on canvas',
    year: 1916,
  });
  await issueCertificateForTest(context.db, asset);
  return asset;
}

/** A collector who accepted `count` works from the gallery, newest last. */
async function collectorWith(count: number) {
  const { collectorId } = await insertCollector(context.db);
  const works: CreatedAsset[] = [];
  for (let index = 0; index < count; index++) {
    const asset = await issuedArtwork(`Étude ${count}-${index}`);
    const offer = await createHandover(context.db, {
      planet: 'artworks',
      assetId: asset.id,
      actor: {
        kind: 'account',
        principal: { accountId: gallery.accountId, apiKeyId: gallery.apiKey.id, planetScope: [] },
      },
      kind: 'claim',
    });
    await acceptClaim(context.db, { code: offer.code!, collectorId });
    works.push(asset);
  }
  return { collectorId, works };
}

async function statementsOf(read: (db: TestContext['db']) => Promise<unknown>): Promise<number> {
  const { db, statements } = countingStatements(context.app.db);
  await read(db);
  return statements.length;
}

beforeAll(async () => {
  gallery = await context.createAccountWithKey({ name: `Galerie Compte ${Date.now()}` });
});

describe('the collector’s pages, counted', () => {
  it('reads the list of five works in as many statements as the list of one, each work marked as before', async () => {
    const one = await collectorWith(1);
    const five = await collectorWith(5);
    // One of the five is being handed on: the list marks it, and it alone.
    await createHandover(context.db, {
      planet: 'artworks',
      assetId: five.works[2]!.id,
      actor: { kind: 'collector', collectorId: five.collectorId },
      kind: 'claim',
    });

    const list = await collectionOf(context.db, five.collectorId);
    expect(list.map((work) => work.id)).toEqual([...five.works].reverse().map((work) => work.id));
    expect(list.filter((work) => work.handingOn).map((work) => work.id)).toEqual([five.works[2]!.id]);
    expect(list.every((work) => work.image === undefined)).toBe(true);

    const forOne = await statementsOf((db) => collectionOf(db, one.collectorId));
    const forFive = await statementsOf((db) => collectionOf(db, five.collectorId));
    expect(forFive).toBe(forOne);
    expect(forFive).toBeLessThanOrEqual(4);
  });

  it('reads one held work’s page in the same statements whatever else the collector holds', async () => {
    const one = await collectorWith(1);
    const five = await collectorWith(5);
    const forOne = await statementsOf((db) => heldObject(db, one.collectorId, 'artworks', one.works[0]!.id));
    const forFive = await statementsOf((db) =>
      heldObject(db, five.collectorId, 'artworks', five.works[0]!.id),
    );
    expect(forFive).toBe(forOne);
    const page = await heldObject(context.db, five.collectorId, 'artworks', five.works[3]!.id);
    expect(page.asset.id).toBe(five.works[3]!.id);
    await expect(
      heldObject(context.db, one.collectorId, 'artworks', five.works[3]!.id),
    ).rejects.toMatchObject({
      code: 'asset_not_found',
    });
  });
});
