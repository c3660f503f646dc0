import { prepared, type Queryable, queryAll } from '../../db/database.js';

export interface FingerprintRow {
  seq: string;
  media_id: string;
  /** The pHash's 64 bits as the signed int8 they are stored as, in decimal. */
  phash: string;
}

export interface UnfingerprintedRow {
  id: string;
  asset_id: string;
  sha256: string;
  bytes: string | number;
  storage: 'postgres' | 'directory';
}

// Numbered here, not by a column default: the sequence stays on the coordinator (migration 340).
const insertFingerprintStatement = prepared(
  'insert_media_fingerprint',
  `INSERT INTO media_fingerprints (media_id, asset_id, phash, seq)
   VALUES ($1, $2, $3, nextval('media_fingerprints_seq'))`,
);

/** The fingerprint of a medium inserted in the same transaction. */
export async function insertFingerprint(
  tx: Queryable,
  fingerprint: { mediaId: string; assetId: string; phash: string },
): Promise<void> {
  await tx.query(insertFingerprintStatement, [fingerprint.mediaId, fingerprint.assetId, fingerprint.phash]);
}

/**
 * The fingerprint of a medium stored earlier (the backfill): nothing when another instance wrote it first or the
 * medium is gone meanwhile.
 */
export async function insertFingerprintIfMissing(
  db: Queryable,
  fingerprint: { mediaId: string; assetId: string; phash: string },
): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO media_fingerprints (media_id, asset_id, phash, seq)
     SELECT m.id, m.asset_id, $3, nextval('media_fingerprints_seq') FROM asset_media m
      WHERE m.id = $1 AND m.asset_id = $2
     ON CONFLICT (media_id, asset_id) DO NOTHING RETURNING media_id`,
    [fingerprint.mediaId, fingerprint.assetId, fingerprint.phash],
  );
  return rows.length === 1;
}

const fingerprintsAfterStatement = prepared(
  'media_fingerprints_after',
  `SELECT seq::text AS seq, media_id, phash::text AS phash FROM media_fingerprints
    WHERE seq > $1 OR seq = ANY ($2::bigint[]) ORDER BY seq LIMIT $3`,
);

/** Rows numbered past `after`, and those of the numbers in `gaps` (written by transactions still open then). */
export async function listFingerprintsAfter(
  db: Queryable,
  after: number,
  gaps: readonly number[],
  limit: number,
): Promise<FingerprintRow[]> {
  return queryAll<FingerprintRow>(db, fingerprintsAfterStatement, [after, gaps, limit]);
}

/** Image media without a fingerprint, by id past `afterId` (a keyset: one pass never reads a row twice). */
export async function listUnfingerprintedImages(
  db: Queryable,
  afterId: string,
  limit: number,
): Promise<UnfingerprintedRow[]> {
  return queryAll<UnfingerprintedRow>(
    db,
    `SELECT m.id, m.asset_id, b.sha256, b.bytes, b.storage
       FROM asset_media m JOIN media_blobs b ON b.sha256 = m.sha256
      WHERE m.id > $1 AND b.content_type LIKE 'image/%'
        AND NOT EXISTS (SELECT 1 FROM media_fingerprints f WHERE f.media_id = m.id AND f.asset_id = m.asset_id)
      ORDER BY m.id LIMIT $2`,
    [afterId, limit],
  );
}
