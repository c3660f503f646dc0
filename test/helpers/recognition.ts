import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Queryable } from '../../src/db/database.js';
import { packageRoot } from '../../src/lib/package-root.js';
import type { MediaRecordType } from '../../src/modules/media/media.schemas.js';
import { FEATURE_VERSION } from '../../src/modules/recognition/feature-format.js';
import { createAssetViaApi, type CreatedAsset } from './asset-factory.js';
import { waitFor } from './wait-for.js';

/** A registered work's own photograph, `test/fixtures/recognition/<name>.jpg`. */
export const recognitionOriginal = (name: string): Buffer =>
  readFileSync(path.join(packageRoot, 'test/fixtures/recognition', `${name}.jpg`));

/**
 * A work registered with its photograph as a public or private image, once the feature job has described the image
 * (docs/media.md: findable by a new photograph within seconds of the upload).
 */
export async function registerDescribedWork(
  app: FastifyInstance,
  db: Queryable,
  auth: { authorization: string },
  work: { name: string; visibility: 'public' | 'private'; title: string },
): Promise<{ asset: CreatedAsset; image: MediaRecordType }> {
  const asset = await createAssetViaApi(app, auth, 'artworks', { title: work.title });
  const response = await app.inject({
    method: 'POST',
    url: `/files/v1/assets/${asset.planet}/${asset.id}/media${work.visibility === 'public' ? '?public=true' : ''}`,
    headers: { ...auth, 'content-type': 'image/jpeg' },
    payload: recognitionOriginal(work.name),
  });
  expect(response.statusCode, response.body).toBe(201);
  const image = response.json<MediaRecordType>();
  await waitFor(
    async () =>
      (
        await db.query('SELECT 1 FROM media_features WHERE media_id = $1 AND version = $2', [
          image.id,
          FEATURE_VERSION,
        ])
      ).rows[0],
    { message: `the features of ${work.name}`, timeoutMs: 60_000 },
  );
  return { asset, image };
}
