import { allRowsQuery, type Queryable } from '../../db/database.js';

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
  },
): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO media_features (media_id, asset_id, version, keypoint_count, keypoints, descriptors)
     SELECT m.id, m.asset_id, $3, $4, $5, $6 FROM asset_media m WHERE m.id = $1 AND m.asset_id = $2
     ON CONFLICT (media_id, asset_id) DO UPDATE
       SET version = EXCLUDED.version, keypoint_count = EXCLUDED.keypoint_count,
           keypoints = EXCLUDED.keypoints, descriptors = EXCLUDED.descriptors, created_at = now()
       WHERE media_features.version <> EXCLUDED.version
     RETURNING media_id`,
    [
      features.mediaId,
      features.assetId,
      features.version,
      features.keypointCount,
      features.keypoints,
      features.descriptors,
    ],
  );
  return rows.length === 1;
}
