import {
  allRowsQuery,
  firstRowQuery,
  prepared,
  type Queryable,
  queryAll,
  queryOne,
} from '../../db/database.js';

export interface TagRow {
  id: string;
  uid: string;
  asset_id: string;
  planet: string;
  certificate_number: string;
  key_version: number;
  tamper: boolean;
  status: 'active' | 'unbound';
  last_counter: number | null;
  last_tapped_at: Date | null;
  bound_at: Date;
  unbound_at: Date | null;
  unbind_reason: string | null;
}

const TAG_COLUMNS = `id, uid, asset_id, planet, certificate_number, key_version, tamper, status, last_counter,
  last_tapped_at, bound_at, unbound_at, unbind_reason`;

export async function insertTag(
  tx: Queryable,
  tag: {
    id: string;
    uid: string;
    assetId: string;
    planet: string;
    certificateNumber: string;
    keyVersion: number;
    tamper: boolean;
  },
): Promise<TagRow> {
  return queryOne<TagRow>(
    tx,
    `INSERT INTO tags (id, uid, asset_id, planet, certificate_number, key_version, tamper, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'active') RETURNING ${TAG_COLUMNS}`,
    [tag.id, tag.uid, tag.assetId, tag.planet, tag.certificateNumber, tag.keyVersion, tag.tamper],
  );
}

/** Binds an unbound tag again (to its own asset): its key version and last counter stay. */
export async function rebindTag(tx: Queryable, id: string, tamper: boolean): Promise<TagRow> {
  return queryOne<TagRow>(
    tx,
    `UPDATE tags SET status = 'active', tamper = $2, bound_at = now(), unbound_at = NULL, unbind_reason = NULL
     WHERE id = $1 RETURNING ${TAG_COLUMNS}`,
    [id, tamper],
  );
}

export async function markTagUnbound(tx: Queryable, id: string, reason: string): Promise<TagRow> {
  return queryOne<TagRow>(
    tx,
    `UPDATE tags SET status = 'unbound', unbound_at = now(), unbind_reason = $2
     WHERE id = $1 RETURNING ${TAG_COLUMNS}`,
    [id, reason],
  );
}

export const findTagByUid = firstRowQuery<TagRow, [uid: string]>(
  `SELECT ${TAG_COLUMNS} FROM tags WHERE uid = $1`,
);

export const findTagOfAsset = firstRowQuery<TagRow, [assetId: string, id: string]>(
  `SELECT ${TAG_COLUMNS} FROM tags WHERE asset_id = $1 AND id = $2`,
);

export const findActiveTagOfAsset = firstRowQuery<TagRow, [assetId: string]>(
  `SELECT ${TAG_COLUMNS} FROM tags WHERE asset_id = $1 AND status = 'active'`,
);

/** The active tag first, then the unbound ones, newest first. */
export const listTagsOfAsset = allRowsQuery<TagRow, [assetId: string]>(
  `SELECT ${TAG_COLUMNS} FROM tags WHERE asset_id = $1 ORDER BY status = 'active' DESC, bound_at DESC, id DESC`,
);

const findTagsByUidsStatement = prepared(
  'find_tags_by_uids',
  `SELECT ${TAG_COLUMNS} FROM tags WHERE uid = ANY($1::text[])`,
);

/** The tags of any of these UIDs (a tap's PICC data, read with each key version, names one UID per version). */
export async function findTagsByUids(db: Queryable, uids: readonly string[]): Promise<TagRow[]> {
  return queryAll<TagRow>(db, findTagsByUidsStatement, [uids]);
}
