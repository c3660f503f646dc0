import { allRowsQuery, prepared, queryOne, type Queryable } from '../../db/database.js';
import type { PrivateKeyEncryption } from '../signing/key-encryption.js';

export interface TagKeyVersionRow {
  version: number;
  master_key: Buffer;
  master_key_encryption: PrivateKeyEncryption;
  created_at: Date;
}

export type TagKeyVersionSummaryRow = Pick<TagKeyVersionRow, 'version' | 'created_at'>;

export interface NewTagKeyVersion {
  version: number;
  masterKey: Buffer;
  encryption: PrivateKeyEncryption;
}

/** Inserts a version unless it exists (instances creating the first version at once meet here). */
export async function insertTagKeyVersionIfMissing(tx: Queryable, key: NewTagKeyVersion): Promise<boolean> {
  const { rowCount } = await tx.query(
    `INSERT INTO tag_key_versions (version, master_key, master_key_encryption) VALUES ($1, $2, $3)
     ON CONFLICT (version) DO NOTHING`,
    [key.version, key.masterKey, key.encryption],
  );
  return rowCount > 0;
}

// Every tap reads this: the table holds a handful of rows.
export const listTagKeyVersions = allRowsQuery<TagKeyVersionRow, []>(
  prepared(
    'list_tag_key_versions',
    'SELECT version, master_key, master_key_encryption, created_at FROM tag_key_versions ORDER BY version DESC',
  ),
);

// A tap that names no known tag asks only this before it reads and opens every version again.
export const newestTagKeyVersion = allRowsQuery<{ version: number }, []>(
  prepared('newest_tag_key_version', 'SELECT max(version) AS version FROM tag_key_versions'),
);

export const listTagKeyVersionDates = allRowsQuery<TagKeyVersionSummaryRow, []>(
  'SELECT version, created_at FROM tag_key_versions ORDER BY version DESC',
);

/** Serialises rotations across instances until the transaction ends. */
export async function lockTagKeyVersions(tx: Queryable): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(4242310, 0)`);
}

export async function nextTagKeyVersion(tx: Queryable): Promise<number> {
  return (
    await queryOne<{ next: number }>(tx, 'SELECT coalesce(max(version), 0) + 1 AS next FROM tag_key_versions')
  ).next;
}
