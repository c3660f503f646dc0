import { allRowsQuery, CHANGE_TOPICS, type Queryable, queryFirst } from '../../db/database.js';

export interface MediaRow {
  id: string;
  planet: string;
  asset_id: string;
  sha256: string;
  sha384: string;
  content_type: string;
  bytes: string | number;
  width: number | null;
  height: number | null;
  storage: 'postgres' | 'directory';
  caption: string | null;
  public: boolean;
  commitment_salt: string | null;
  created_by: string;
  created_at: Date;
}

const MEDIA_COLUMNS = `m.id, m.planet, m.asset_id, m.sha256, b.sha384, b.content_type, b.bytes, b.width, b.height,
       b.storage, m.caption, m.public, m.commitment_salt, m.created_by, m.created_at`;
const MEDIA_FROM = 'asset_media m JOIN media_blobs b ON b.sha256 = m.sha256';

/** Inserts a blob's row unless one with this hash exists; true when this call inserted it. */
export async function insertBlobIfAbsent(
  db: Queryable,
  blob: {
    sha256: string;
    sha384: string;
    contentType: string;
    bytes: number;
    width: number | null;
    height: number | null;
    storage: 'postgres' | 'directory';
  },
): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO media_blobs (sha256, sha384, content_type, bytes, width, height, storage)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (sha256) DO NOTHING RETURNING sha256`,
    [blob.sha256, blob.sha384, blob.contentType, blob.bytes, blob.width, blob.height, blob.storage],
  );
  return rows.length === 1;
}

export async function insertBlobChunk(
  db: Queryable,
  sha256: string,
  index: number,
  data: Uint8Array,
): Promise<void> {
  await db.query('INSERT INTO media_chunks (sha256, chunk_index, data) VALUES ($1, $2, $3)', [
    sha256,
    index,
    data,
  ]);
}

export async function findBlobChunk(
  db: Queryable,
  sha256: string,
  index: number,
): Promise<Uint8Array | undefined> {
  const { rows } = await db.query<{ data: Uint8Array }>(
    'SELECT data FROM media_chunks WHERE sha256 = $1 AND chunk_index = $2',
    [sha256, index],
  );
  return rows[0]?.data;
}

/** Deletes a blob (its chunks cascade) that no media row, correction's image or account's logo refers to any more; true when it did. */
export async function deleteBlobIfUnreferenced(db: Queryable, sha256: string): Promise<boolean> {
  const { rows } = await db.query(
    `DELETE FROM media_blobs b WHERE b.sha256 = $1
       AND NOT EXISTS (SELECT 1 FROM asset_media m WHERE m.sha256 = b.sha256)
       AND NOT EXISTS (SELECT 1 FROM certificate_correction_images c WHERE c.sha256 = b.sha256)
       AND NOT EXISTS (SELECT 1 FROM account_profiles p WHERE p.logo_sha256 = b.sha256) RETURNING b.sha256`,
    [sha256],
  );
  return rows.length === 1;
}

export interface BlobRow {
  sha256: string;
  content_type: string;
  bytes: string | number;
  width: number | null;
  height: number | null;
  storage: 'postgres' | 'directory';
}

export async function findBlob(db: Queryable, sha256: string): Promise<BlobRow | undefined> {
  return queryFirst<BlobRow>(
    db,
    'SELECT sha256, content_type, bytes, width, height, storage FROM media_blobs WHERE sha256 = $1',
    [sha256],
  );
}

export async function insertAssetMedia(
  db: Queryable,
  media: {
    id: string;
    planet: string;
    assetId: string;
    sha256: string;
    caption: string | null;
    public: boolean;
    commitmentSalt: string | null;
    createdBy: string;
  },
): Promise<MediaRow> {
  await db.query(
    `INSERT INTO asset_media (id, planet, asset_id, sha256, caption, public, commitment_salt, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      media.id,
      media.planet,
      media.assetId,
      media.sha256,
      media.caption,
      media.public,
      media.commitmentSalt,
      media.createdBy,
    ],
  );
  db.announce(CHANGE_TOPICS.media);
  return (await findMediaById(db, media.id))!;
}

export async function findMediaById(db: Queryable, id: string): Promise<MediaRow | undefined> {
  return queryFirst<MediaRow>(db, `SELECT ${MEDIA_COLUMNS} FROM ${MEDIA_FROM} WHERE m.id = $1`, [id]);
}

/** An asset's media, oldest first (the first public one is the picture of the public page). */
export const listAssetMedia = allRowsQuery<MediaWithAssetRow, [planet: string, assetId: string]>(
  `SELECT ${MEDIA_COLUMNS}, a.account_id, a.issued_at
     FROM ${MEDIA_FROM} JOIN assets a ON a.planet = m.planet AND a.id = m.asset_id
     WHERE m.planet = $1 AND m.asset_id = $2
     ORDER BY m.created_at, m.id`,
);

/** The first public image (oldest) of each of these assets, in one statement (a collector's list of works). */
export const listFirstPublicImagesOfAssets = allRowsQuery<MediaRow, [assetIds: readonly string[]]>(
  `SELECT DISTINCT ON (m.planet, m.asset_id) ${MEDIA_COLUMNS}
     FROM ${MEDIA_FROM}
     WHERE m.asset_id = ANY($1::uuid[]) AND m.public AND b.content_type LIKE 'image/%'
     ORDER BY m.planet, m.asset_id, m.created_at, m.id`,
);

/** Makes a medium public (its salt cleared) or private (a fresh salt for its commitment). */
export async function updateMediaVisibility(
  db: Queryable,
  id: string,
  visibility: { public: boolean; commitmentSalt: string | null },
): Promise<MediaRow> {
  await db.query('UPDATE asset_media SET public = $2, commitment_salt = $3 WHERE id = $1', [
    id,
    visibility.public,
    visibility.commitmentSalt,
  ]);
  return (await findMediaById(db, id))!;
}

export async function deleteAssetMedia(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM asset_media WHERE id = $1', [id]);
}

export interface MediaWithAssetRow extends MediaRow {
  account_id: string;
  issued_at: Date | null;
}

/** A medium with what decides who may read it: the asset's owner and whether its certificate was issued. */
export async function findMediaWithAsset(db: Queryable, id: string): Promise<MediaWithAssetRow | undefined> {
  return queryFirst<MediaWithAssetRow>(
    db,
    `SELECT ${MEDIA_COLUMNS}, a.account_id, a.issued_at
     FROM ${MEDIA_FROM} JOIN assets a ON a.planet = m.planet AND a.id = m.asset_id
     WHERE m.id = $1`,
    [id],
  );
}
