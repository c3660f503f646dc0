import { describe, expect, it } from 'vitest';
import {
  DESCRIPTOR_BYTES,
  FEATURE_VERSION,
  KEYPOINT_FLOATS,
  MAX_KEYPOINTS,
} from '../../src/modules/recognition/feature-format.js';
import { FeaturePool } from '../../src/modules/recognition/feature-pool.js';
import type { MediaRecordType } from '../../src/modules/media/media.schemas.js';
import { createAssetViaApi } from '../helpers/asset-factory.js';
import { withRestoredCopy } from '../helpers/backup-restore.js';
import { RECOGNITION_ON, useTestContext } from '../helpers/test-app.js';
import { waitFor } from '../helpers/wait-for.js';
import { fixturePhoto } from '../media/media-fixtures.js';

// Local features of every image (#51 item 1, docs/media.md "Local features"): found in worker threads, stored
// after the upload by a job that also describes the images stored before, removed with the image.
const context = useTestContext({ config: RECOGNITION_ON });

interface FeaturesRow {
  version: string;
  keypoint_count: number;
  keypoint_bytes: number;
  descriptor_bytes: number;
  created_at: Date;
}

async function featuresOf(mediaId: string): Promise<FeaturesRow | undefined> {
  const { rows } = await context.db.query<FeaturesRow>(
    `SELECT version, keypoint_count, octet_length(keypoints) AS keypoint_bytes,
            octet_length(descriptors) AS descriptor_bytes, created_at
       FROM media_features WHERE media_id = $1`,
    [mediaId],
  );
  return rows[0];
}

async function uploadPhoto(name: string) {
  const owner = await context.createAccountWithKey();
  const asset = await createAssetViaApi(context.app, owner.auth);
  const response = await context.app.inject({
    method: 'POST',
    url: `/files/v1/assets/${asset.planet}/${asset.id}/media`,
    headers: { ...owner.auth, 'content-type': 'image/jpeg' },
    payload: fixturePhoto(name),
  });
  expect(response.statusCode, response.body).toBe(201);
  return { owner, asset, image: response.json<MediaRecordType>() };
}

describe('local features of an image', () => {
  it('describes a real photograph in a worker thread, never loading opencv.js in this one', async () => {
    const listeners = {
      uncaught: process.listenerCount('uncaughtException'),
      rejection: process.listenerCount('unhandledRejection'),
    };
    const pool = new FeaturePool(1);
    try {
      const features = await pool.describeImage(fixturePhoto('garden.jpg'));
      const count = features.keypoints.length / KEYPOINT_FLOATS;
      expect(count).toBeGreaterThanOrEqual(100);
      expect(count).toBeLessThanOrEqual(MAX_KEYPOINTS);
      expect(features.descriptors.length).toBe(count * DESCRIPTOR_BYTES);
      // Every keypoint lies in the described picture, with ORB's patch size and an angle in degrees.
      for (let i = 0; i < count; i++) {
        const [x, y, size, angle] = features.keypoints.subarray(
          i * KEYPOINT_FLOATS,
          (i + 1) * KEYPOINT_FLOATS,
        );
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThan(features.width);
        expect(y).toBeGreaterThanOrEqual(0);
        expect(y).toBeLessThan(features.height);
        expect(size).toBeGreaterThan(0);
        expect(angle).toBeGreaterThanOrEqual(0);
        expect(angle).toBeLessThan(360);
      }
      // Not all the same bytes: real descriptors of different places.
      expect(
        new Set(Array.from({ length: count }, (_, i) => features.descriptors[i * DESCRIPTOR_BYTES])).size,
      ).toBeGreaterThan(10);
    } finally {
      await pool.close();
    }
    expect({
      uncaught: process.listenerCount('uncaughtException'),
      rejection: process.listenerCount('unhandledRejection'),
    }).toEqual(listeners);
  });

  it('refuses a description once the pool is closed', async () => {
    const pool = new FeaturePool(1);
    await pool.close();
    await expect(pool.describeImage(fixturePhoto('garden.jpg'))).rejects.toThrow(/closed/);
  });

  it('stores an uploaded image features once, describes a missing or older one again, and removes them with it', async () => {
    const { owner, asset, image } = await uploadPhoto('aqua.jpg');

    const stored = await waitFor(() => featuresOf(image.id), {
      message: 'the upload features',
      timeoutMs: 60_000,
    });
    expect(stored.version).toBe(FEATURE_VERSION);
    expect(stored.keypoint_count).toBeGreaterThanOrEqual(100);
    expect(stored.keypoint_count).toBeLessThanOrEqual(MAX_KEYPOINTS);
    expect(Number(stored.keypoint_bytes)).toBe(stored.keypoint_count * KEYPOINT_FLOATS * 4);
    expect(Number(stored.descriptor_bytes)).toBe(stored.keypoint_count * DESCRIPTOR_BYTES);

    // A second pass finds nothing to do and leaves the row as it was.
    expect(await context.app.recognition!.job.runOnce()).toBe(0);
    expect(await featuresOf(image.id)).toEqual(stored);

    // An image described with an older version is described again, once.
    await context.db.query(`UPDATE media_features SET version = 'orb-older' WHERE media_id = $1`, [image.id]);
    expect(await context.app.recognition!.job.runOnce()).toBe(1);
    expect((await featuresOf(image.id))?.version).toBe(FEATURE_VERSION);
    expect(await context.app.recognition!.job.runOnce()).toBe(0);

    // An image stored before features were (the backfill).
    await context.db.query('DELETE FROM media_features WHERE media_id = $1', [image.id]);
    expect(await context.app.recognition!.job.runOnce()).toBe(1);
    expect((await featuresOf(image.id))?.keypoint_count).toBe(stored.keypoint_count);

    const removal = await context.app.inject({
      method: 'DELETE',
      url: `/api/v1/assets/${asset.planet}/${asset.id}/media/${image.id}`,
      headers: owner.auth,
    });
    expect(removal.statusCode, removal.body).toBe(200);
    expect(await featuresOf(image.id)).toBeUndefined();
  });

  it('carries the features in a backup and a restore', async () => {
    const { image } = await uploadPhoto('dune.jpg');
    await waitFor(() => featuresOf(image.id), { message: 'the upload features', timeoutMs: 60_000 });
    await withRestoredCopy(context.db, async (restoredDb, summary) => {
      expect(summary.tables.media_features).toBeGreaterThan(0);
      const row = `SELECT media_id, asset_id, version, keypoint_count, keypoints, descriptors, created_at
                     FROM media_features WHERE media_id = $1`;
      const restored = (await restoredDb.query(row, [image.id])).rows;
      expect(restored).toHaveLength(1);
      expect(restored).toEqual((await context.db.query(row, [image.id])).rows);
    });
  });
});
