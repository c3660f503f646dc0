import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MediaRecordType } from '../../src/modules/media/media.schemas.js';
import type { PhotoSearchResponseType } from '../../src/modules/photo-search/photo-search.schemas.js';
import { issueCertificateForTest, type CreatedAsset } from '../helpers/asset-factory.js';
import { phonePhoto } from '../helpers/phone-photo.js';
import { recognitionOriginal as original, registerDescribedWork } from '../helpers/recognition.js';
import {
  RECOGNITION_ON,
  startSecondInstance,
  useTestContext,
  type TestContext,
} from '../helpers/test-app.js';

// #51 "Must show": a new phone photograph of a registered work is recognised (`method: recognised`) by whoever
// may find the work, and by nobody else; the keyless search recognises a stolen work's private image without
// showing it, and a findable gallery's public images of issued certificates.
const context = useTestContext({
  config: {
    ...RECOGNITION_ON,
    AVS_PUBLIC_RATE_LIMIT_PER_SECOND: 1_000_000,
    AVS_PUBLIC_RATE_LIMIT_BURST: 1_000_000,
  },
});

type Account = Awaited<ReturnType<TestContext['createAccountWithKey']>>;
type Match = PhotoSearchResponseType['matches'][number];

let gallery: Account;
let collector: Account;
let dealer: Account;
let issuedWork: CreatedAsset;
let issuedImage: MediaRecordType;
let stolenWork: CreatedAsset;
let privateWork: CreatedAsset;

function register(
  account: Account,
  name: string,
  visibility: 'public' | 'private',
  title: string,
  app: FastifyInstance = context.app,
) {
  return registerDescribedWork(app, context.db, account.auth, { name, visibility, title });
}

function keyedSearch(account: Account, photo: Buffer, app: FastifyInstance = context.app) {
  return app.inject({
    method: 'POST',
    url: '/files/v1/search',
    headers: { ...account.auth, 'content-type': 'image/jpeg' },
    payload: photo,
  });
}

function keylessSearch(photo: Buffer) {
  return context.app.inject({
    method: 'POST',
    url: '/c/search',
    headers: { 'content-type': 'image/jpeg' },
    payload: photo,
    remoteAddress: '10.51.0.1',
  });
}

async function matchesOf(search: Promise<{ statusCode: number; body: string }>): Promise<Match[]> {
  const response = await search;
  expect(response.statusCode, response.body).toBe(200);
  return (JSON.parse(response.body) as PhotoSearchResponseType).matches;
}

/** The profile's choice, as its form saves it (the profile's trigger tells every instance's keyless index). */
async function setFindableByPhoto(account: Account, findable: boolean): Promise<void> {
  await context.db.query(
    `INSERT INTO account_profiles (account_id, findable_by_photo) VALUES ($1, $2)
     ON CONFLICT (account_id) DO UPDATE SET findable_by_photo = $2`,
    [account.accountId, findable],
  );
}

beforeAll(async () => {
  gallery = await context.createAccountWithKey({ name: 'Galerie Nord' });
  collector = await context.createAccountWithKey({ name: 'A collector' });
  dealer = await context.createAccountWithKey({ name: 'A dealer' });

  ({ asset: issuedWork, image: issuedImage } = await register(gallery, 'astronaut', 'public', 'Astronaut'));
  await issueCertificateForTest(context.db, issuedWork);

  ({ asset: stolenWork } = await register(collector, 'coffee', 'private', 'Coffee'));
  await issueCertificateForTest(context.db, stolenWork);
  const raised = await context.app.inject({
    method: 'POST',
    url: `/api/v1/assets/${stolenWork.planet}/${stolenWork.id}/alerts`,
    headers: collector.auth,
    payload: { kind: 'stolen', occurred_at: '2026-10-01' },
  });
  expect(raised.statusCode, raised.body).toBe(201);

  ({ asset: privateWork } = await register(collector, 'rocket', 'private', 'Rocket'));
  await issueCertificateForTest(context.db, privateWork);
}, 180_000);

describe('recognising a new photograph of a registered work', () => {
  it('recognises the public image of an issued certificate from a phone photo, for any key, and shows it', async () => {
    const matches = await matchesOf(keyedSearch(dealer, await phonePhoto(original('astronaut'), 11)));
    expect(matches).toHaveLength(1);
    const [match] = matches;
    expect(match).toMatchObject({
      certificate_number: issuedWork.certificate_number,
      method: 'recognised',
      image_url: `/files/v1/media/${issuedImage.id}`,
      alert: null,
    });
    expect(match!.inliers).toBeGreaterThanOrEqual(15);
    expect(['likely', 'possible']).toContain(match!.confidence);
    // Another picture of the work, not a copy: its perceptual hash is far from the image's.
    expect(match!.distance).toBeGreaterThan(10);
  });

  it('answers the image itself as a copy, not as a recognition', async () => {
    const [match] = await matchesOf(keyedSearch(dealer, original('astronaut')));
    expect(match).toMatchObject({ certificate_number: issuedWork.certificate_number, method: 'copy' });
    expect(match!.confidence).toBe('exact');
  });

  it('recognises a stolen work from its private image without a key, never showing the image', async () => {
    const matches = await matchesOf(keylessSearch(await phonePhoto(original('coffee'), 23)));
    expect(matches).toEqual([
      expect.objectContaining({
        certificate_number: stolenWork.certificate_number,
        method: 'recognised',
        image_url: null,
        alert: expect.objectContaining({ kind: 'stolen' }),
      }),
    ]);
  });

  it('finds nothing for a photograph of an unrelated work, with a key or without', async () => {
    const unrelated = await phonePhoto(original('chelsea'), 5);
    expect(await matchesOf(keyedSearch(dealer, unrelated))).toEqual([]);
    expect(await matchesOf(keylessSearch(unrelated))).toEqual([]);
  });

  it("never returns another account's private image; its own account recognises it", async () => {
    const photo = await phonePhoto(original('rocket'), 31);
    expect(await matchesOf(keyedSearch(dealer, photo))).toEqual([]);
    expect(await matchesOf(keyedSearch(gallery, photo))).toEqual([]);
    expect(await matchesOf(keylessSearch(photo))).toEqual([]);
    const own = await matchesOf(keyedSearch(collector, photo));
    expect(own).toMatchObject([{ certificate_number: privateWork.certificate_number, method: 'recognised' }]);
  });

  it("recognises a findable gallery's public images of issued certificates without a key, once it chooses so", async () => {
    const photo = await phonePhoto(original('astronaut'), 47);
    expect(await matchesOf(keylessSearch(photo))).toEqual([]);
    await setFindableByPhoto(gallery, true);
    expect(await matchesOf(keylessSearch(photo))).toMatchObject([
      {
        certificate_number: issuedWork.certificate_number,
        method: 'recognised',
        image_url: `/files/v1/media/${issuedImage.id}`,
      },
    ]);
    // Its private image of a pending certificate is not made findable.
    const { image: pending } = await register(gallery, 'brick', 'private', 'Brick');
    expect(await matchesOf(keylessSearch(await phonePhoto(original('brick'), 3)))).toEqual([]);
    expect(pending.public).toBe(false);

    await setFindableByPhoto(gallery, false);
    expect(await matchesOf(keylessSearch(photo))).toEqual([]);
  });

  it('never answers a deleted image', async () => {
    // A pending certificate's image may be removed; its account finds it until then.
    const { asset, image } = await register(gallery, 'grass', 'private', 'Grass');
    const photo = await phonePhoto(original('grass'), 8);
    expect(await matchesOf(keyedSearch(gallery, photo))).toMatchObject([
      { certificate_number: asset.certificate_number, method: 'recognised' },
    ]);
    const removed = await context.app.inject({
      method: 'DELETE',
      url: `/api/v1/assets/${asset.planet}/${asset.id}/media/${image.id}`,
      headers: gallery.auth,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await matchesOf(keyedSearch(gallery, photo))).toEqual([]);
  });
});

describe('several instances', () => {
  it('recognises on one instance a work registered on another, and a stolen one reported there', async () => {
    // Its own catalogue and feature workers: it learns of this instance's writes only from the tables.
    const second = await startSecondInstance(context);
    try {
      const { asset } = await register(gallery, 'hubble-deep-field', 'public', 'Deep field', second.app);
      await issueCertificateForTest(context.db, asset);
      const photo = await phonePhoto(original('hubble-deep-field'), 61);
      expect(await matchesOf(keyedSearch(dealer, photo))).toMatchObject([
        { certificate_number: asset.certificate_number, method: 'recognised' },
      ]);

      expect(await matchesOf(keylessSearch(photo))).toEqual([]);
      const raised = await second.app.inject({
        method: 'POST',
        url: `/api/v1/assets/${asset.planet}/${asset.id}/alerts`,
        headers: gallery.auth,
        payload: { kind: 'lost', occurred_at: '2026-11-01' },
      });
      expect(raised.statusCode, raised.body).toBe(201);
      expect(await matchesOf(keylessSearch(photo))).toMatchObject([
        { certificate_number: asset.certificate_number, method: 'recognised', alert: { kind: 'lost' } },
      ]);
    } finally {
      await second.close();
    }
  });
});
