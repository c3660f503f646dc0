import { allRowsQuery, type Queryable, queryAll } from '../../db/database.js';
import { keylessSearchableQueries, rowsNumberedAfter } from '../media/media-fingerprints.repository.js';

// The recognition index learns the keyless search's changes from the same rows as the fingerprints' (shared SQL).
export {
  lastKeylessSearchChange,
  listKeylessSearchChangesAfter,
} from '../media/media-fingerprints.repository.js';
import type { KeylessEntryRow } from '../media/searchable-catalogue.js';

export interface UndescribedImageRow {
  id: string;
  asset_id: string;
  sha256: string;
  bytes: string | number;
  storage: 'postgres' | 'directory';
}

/** Image media without features of `version`, by id past `afterId` (a keyset: one pass never reads a row twice). */
export const listUndescribedImages = allRowsQuery<
  UndescribedImageRow,
  [version: string, afterId: string, limit: number]
>(
  `SELECT m.id, m.asset_id, b.sha256, b.bytes, b.storage
     FROM asset_media m JOIN media_blobs b ON b.sha256 = m.sha256
    WHERE m.id > $2 AND b.content_type LIKE 'image/%'
      AND NOT EXISTS (SELECT 1 FROM media_features f
                       WHERE f.media_id = m.id AND f.asset_id = m.asset_id AND f.version = $1)
    ORDER BY m.id LIMIT $3`,
);

/**
 * A medium's features, unless another pass wrote this version first; a row of an older version is replaced.
 * Nothing when the medium is gone meanwhile. Answers whether it wrote.
 */
export async function saveFeatures(
  db: Queryable,
  features: {
    mediaId: string;
    assetId: string;
    version: string;
    keypointCount: number;
    keypoints: Buffer;
    descriptors: Buffer;
    width: number;
    height: number;
    words: Buffer;
  },
): Promise<boolean> {
  // Numbered at each write, a described-again row too: every instance reads it again (searchable-catalogue.ts).
  const { rows } = await db.query(
    `INSERT INTO media_features
       (media_id, asset_id, version, keypoint_count, keypoints, descriptors, width, height, words, seq)
     SELECT m.id, m.asset_id, $3, $4, $5, $6, $7, $8, $9, nextval('media_features_seq')
       FROM asset_media m WHERE m.id = $1 AND m.asset_id = $2
     ON CONFLICT (media_id, asset_id) DO UPDATE
       SET version = EXCLUDED.version, keypoint_count = EXCLUDED.keypoint_count,
           keypoints = EXCLUDED.keypoints, descriptors = EXCLUDED.descriptors, width = EXCLUDED.width,
           height = EXCLUDED.height, words = EXCLUDED.words, seq = EXCLUDED.seq, created_at = now()
       WHERE media_features.version <> EXCLUDED.version
     RETURNING media_id`,
    [
      features.mediaId,
      features.assetId,
      features.version,
      features.keypointCount,
      features.keypoints,
      features.descriptors,
      features.width,
      features.height,
      features.words,
    ],
  );
  return rows.length === 1;
}

export interface FeatureWordsRow {
  seq: string;
  media_id: string;
  asset_id: string;
  version: string;
  /** The keypoints' visual words, uint16 little-endian. */
  words: Buffer;
}

/** Feature rows numbered past `after`, and those of the numbers in `gaps` (as listFingerprintsAfter). */
export const listFeatureWordsAfter = rowsNumberedAfter<FeatureWordsRow>(
  'media_features',
  'media_id, asset_id, version, words',
);

export interface KeylessFeatureRow extends KeylessEntryRow {
  version: string | null;
  words: Buffer | null;
}

const keylessFeatures = keylessSearchableQueries<KeylessFeatureRow>('media_features', 'e.version, e.words');
export const listKeylessFeatureWords = keylessFeatures.all;
export const listKeylessFeatureWordsOf = keylessFeatures.of;

export interface CandidateFeaturesRow {
  media_id: string;
  version: string;
  width: number;
  height: number;
  keypoints: Buffer;
  descriptors: Buffer;
}

/** The features geometric verification reads, of these media (a medium removed since is not answered). */
export async function findCandidateFeatures(
  db: Queryable,
  mediaIds: readonly string[],
): Promise<CandidateFeaturesRow[]> {
  return queryAll<CandidateFeaturesRow>(
    db,
    `SELECT media_id, version, width, height, keypoints, descriptors FROM media_features
      WHERE media_id = ANY ($1::uuid[])`,
    [mediaIds],
  );
}
