import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../src/db/database.js';
import { FingerprintCatalogue } from '../../src/modules/media/fingerprint-catalogue.service.js';
import type { MediaRecordType } from '../../src/modules/media/media.schemas.js';
import type { PhotoSearchResponseType } from '../../src/modules/photo-search/photo-search.schemas.js';
import { createAssetViaApi, issueCertificateForTest, type CreatedAsset } from '../helpers/asset-factory.js';
import { withRestoredCopy } from '../helpers/backup-restore.js';
import { startSecondInstance, useTestContext, type TestContext } from '../helpers/test-app.js';
import { fixturePhoto } from './media-fixtures.js';

// #46 item 2: the keyless photo search (POST /c/search) looks only in an index of the images it may answer,
// so an image it may not answer is never a candidate and its search does the work of a search for nothing.
const context = useTestContext({
  config: { AVS_PUBLIC_RATE_LIMIT_PER_SECOND: 1_000_000, AVS_PUBLIC_RATE_LIMIT_BURST: 1_000_000 },
});

type Account = Awaited<ReturnType<TestContext['createAccountWithKey']>>;

let owner: Account;
let other: Account;
// A second instance: its own pool on PostgreSQL; on PGlite (one process) the same database. Its catalogue is its
// own either way: it learns of the first instance's changes only from the tables.
let secondInstance: Awaited<ReturnType<typeof startSecondInstance>> | undefined;
let second: FastifyInstance;
let publicIssued: MediaRecordType;
let privateImage: MediaRecordType;
let stolenImage: MediaRecordType;
let privateAsset: CreatedAsset;
const photo = {
  publicIssued: fixturePhoto('dune.jpg'),
  private: fixturePhoto('garden.jpg'),
  stolen: fixturePhoto('storm.jpg'),
  added: fixturePhoto('wood.jpg'),
  unknown: fixturePhoto('rain-drops.jpg'),
};

async function upload(app: FastifyInstance, account: Account, asset: CreatedAsset, file: Buffer, query = '') {
  const response = await app.inject({
    method: 'POST',
    url: `/files/v1/assets/${asset.planet}/${asset.id}/media${query}`,
    headers: { ...account.auth, 'content-type': 'image/jpeg' },
    payload: file,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<MediaRecordType>();
}

async function raiseAlert(app: FastifyInstance, account: Account, asset: CreatedAsset): Promise<string> {
  const raised = await app.inject({
    method: 'POST',
    url: `/api/v1/assets/${asset.planet}/${asset.id}/alerts`,
    headers: account.auth,
    payload: { kind: 'stolen', occurred_at: '2026-01-05' },
  });
  expect(raised.statusCode, raised.body).toBe(201);
  return raised.json<{ alert: { id: string } }>().alert.id;
}

async function resolveAlert(app: FastifyInstance, account: Account, asset: CreatedAsset, alertId: string) {
  const resolved = await app.inject({
    method: 'POST',
    url: `/api/v1/assets/${asset.planet}/${asset.id}/alerts/${alertId}/resolve`,
    headers: account.auth,
    payload: { outcome: 'recovered' },
  });
  expect(resolved.statusCode, resolved.body).toBe(200);
}

/** What the keyless search may answer, from the database: every fingerprinted image of an asset with an open alert. */
async function searchableInDatabase(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ media_id: string }>(
    `SELECT f.media_id FROM media_fingerprints f
       JOIN asset_media m ON m.id = f.media_id AND m.asset_id = f.asset_id
       JOIN assets a ON a.planet = m.planet AND a.id = m.asset_id
      WHERE a.alert_kind IS NOT NULL ORDER BY f.media_id`,
  );
  return rows.map((row) => row.media_id);
}

/** The keyless index's entries once the instance has read what was committed (as a search first does). */
async function keylessEntries(catalogue: FingerprintCatalogue): Promise<string[]> {
  await catalogue.catchUp();
  return [...catalogue.keylessIndex.mediaIds()].sort();
}

/** Both instances' keyless indexes hold exactly the searchable images, and say so. */
async function expectKeylessIndexesExact(): Promise<string[]> {
  const searchable = await searchableInDatabase(context.db);
  expect(await keylessEntries(context.app.fingerprintCatalogue)).toEqual(searchable);
  expect(await keylessEntries(second.fingerprintCatalogue)).toEqual(searchable);
  return searchable;
}

function keylessSearch(app: FastifyInstance, image: Buffer) {
  return app.inject({
    method: 'POST',
    url: '/c/search',
    headers: { 'content-type': 'image/jpeg' },
    payload: image,
    remoteAddress: '10.46.2.1',
  });
}

/**
 * The keyless search of `image` on `app` with the asset and media tables renamed away: it answers only if it ran
 * no query on them, i.e. the index gave it no candidate, exactly as for a picture nobody stored.
 */
async function searchWithoutCandidateQueries(app: FastifyInstance, image: Buffer) {
  // What is committed is read first: the search's own catch-up then reads nothing new.
  await app.fingerprintCatalogue.catchUp();
  await context.db.exec(
    'ALTER TABLE assets RENAME TO assets_away; ALTER TABLE asset_media RENAME TO asset_media_away',
  );
  try {
    return await keylessSearch(app, image);
  } finally {
    await context.db.exec(
      'ALTER TABLE assets_away RENAME TO assets; ALTER TABLE asset_media_away RENAME TO asset_media',
    );
  }
}

beforeAll(async () => {
  owner = await context.createAccountWithKey({ name: 'Galerie Nord' });
  other = await context.createAccountWithKey({ name: 'Private collector' });

  const issued = await createAssetViaApi(context.app, owner.auth);
  publicIssued = await upload(context.app, owner, issued, photo.publicIssued, '?public=true');
  await issueCertificateForTest(context.db, issued);

  privateAsset = await createAssetViaApi(context.app, other.auth, 'watches', { title: 'Calatrava' });
  privateImage = await upload(context.app, other, privateAsset, photo.private);
  await issueCertificateForTest(context.db, privateAsset);

  const stolen = await createAssetViaApi(context.app, other.auth, 'artworks', { title: 'The Scream' });
  stolenImage = await upload(context.app, other, stolen, photo.stolen);
  await issueCertificateForTest(context.db, stolen);
  await raiseAlert(context.app, other, stolen);

  secondInstance = await startSecondInstance(context);
  second = secondInstance.app;
});

afterAll(async () => {
  await secondInstance?.close();
});

describe('the keyless photo search index', () => {
  it('holds exactly the images of assets with an open alert: not a private image without one, not a public issued one', async () => {
    const searchable = await expectKeylessIndexesExact();
    expect(searchable).toEqual([stolenImage.id]);
    const held = await keylessEntries(context.app.fingerprintCatalogue);
    expect(held).not.toContain(privateImage.id);
    expect(held).not.toContain(publicIssued.id);
    // The keyed search's index still holds every image.
    const everyImage = [...context.app.fingerprintCatalogue.index.mediaIds()];
    expect(everyImage).toEqual(expect.arrayContaining([publicIssued.id, privateImage.id, stolenImage.id]));
  });

  it('searches for a private image, or a public image of an issued certificate, as for a picture nobody stored: no candidate, no query', async () => {
    for (const image of [photo.private, photo.publicIssued, photo.unknown]) {
      const answer = await searchWithoutCandidateQueries(context.app, image);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json<PhotoSearchResponseType>()).toEqual({ matches: [] });
    }
    // A findable image is a candidate: with the tables away its search fails, so the rename above was real.
    expect((await searchWithoutCandidateQueries(context.app, photo.stolen)).statusCode).toBe(500);
    expect(
      (await keylessSearch(context.app, photo.stolen)).json<PhotoSearchResponseType>().matches,
    ).toMatchObject([{ image_url: null, alert: { kind: 'stolen' } }]);
  });

  it('takes an asset in when its alert is raised and out when it is resolved, on this instance and another', async () => {
    const alertId = await raiseAlert(context.app, other, privateAsset);
    expect(await expectKeylessIndexesExact()).toContain(privateImage.id);
    const found = await keylessSearch(second, photo.private);
    expect(found.json<PhotoSearchResponseType>().matches).toMatchObject([
      { certificate_number: privateAsset.certificate_number, image_url: null, alert: { kind: 'stolen' } },
    ]);

    // Resolved through the other instance: this one forgets it before its next search.
    await resolveAlert(second, other, privateAsset, alertId);
    expect(await expectKeylessIndexesExact()).not.toContain(privateImage.id);
    const answer = await searchWithoutCandidateQueries(context.app, photo.private);
    expect(answer.json<PhotoSearchResponseType>()).toEqual({ matches: [] });
  });

  it('takes in an image uploaded to an asset with an open alert and forgets it once removed, on both instances', async () => {
    const pending = await createAssetViaApi(context.app, owner.auth, 'artworks', { title: 'Missing' });
    await raiseAlert(context.app, owner, pending);
    await expectKeylessIndexesExact();
    const added = await upload(second, owner, pending, photo.added);
    expect(await expectKeylessIndexesExact()).toContain(added.id);

    const removed = await second.inject({
      method: 'DELETE',
      url: `/api/v1/assets/artworks/${pending.id}/media/${added.id}`,
      headers: owner.auth,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await expectKeylessIndexesExact()).not.toContain(added.id);
    // The instance that did not remove it forgets it in its keyed index too: it read the change.
    expect([...context.app.fingerprintCatalogue.index.mediaIds()]).not.toContain(added.id);
  });

  it('is loaded from a restored database exactly as the searchable images there', async () => {
    await withRestoredCopy(context.db, async (restoredDb) => {
      const restored = new FingerprintCatalogue(restoredDb);
      const searchable = await searchableInDatabase(restoredDb);
      expect(searchable).toEqual(await searchableInDatabase(context.db));
      expect(await keylessEntries(restored)).toEqual(searchable);
      expect(searchable).toContain(stolenImage.id);
      expect(searchable).not.toContain(privateImage.id);
    });
  });
});
