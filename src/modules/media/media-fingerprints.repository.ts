import { allRowsQuery, prepared, type Queryable, queryAll } from '../../db/database.js';
import type { KeylessEntryRow } from './searchable-catalogue.js';

export interface FingerprintRow {
  seq: string;
  media_id: string;
  asset_id: string;
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

/** Rows of a `seq`-numbered table past `after`, and those of the numbers in `gaps` (written by transactions still open then). */
export const rowsNumberedAfter = <T extends object>(table: string, columns: string) =>
  allRowsQuery<T, [after: number, gaps: readonly number[], limit: number]>(
    prepared(
      `${table}_after`,
      `SELECT seq::text AS seq, ${columns} FROM ${table}
        WHERE seq > $1 OR seq = ANY ($2::bigint[]) ORDER BY seq LIMIT $3`,
    ),
  );

/** Fingerprints numbered past `after`, and those of the numbers in `gaps`. */
export const listFingerprintsAfter = rowsNumberedAfter<FingerprintRow>(
  'media_fingerprints',
  'media_id, asset_id, phash::text AS phash',
);

export interface KeylessSearchChangeRow {
  seq: string;
  planet: string;
  asset_id: string;
}

/** Changes numbered past `after`, and those of the numbers in `gaps`, as listFingerprintsAfter. */
export const listKeylessSearchChangesAfter = rowsNumberedAfter<KeylessSearchChangeRow>(
  'keyless_search_changes',
  'planet, asset_id',
);

/** The highest number in keyless_search_changes, 0 when it is empty (where a catalogue's first load starts). */
export async function lastKeylessSearchChange(db: Queryable): Promise<number> {
  const rows = await queryAll<{ seq: string }>(
    db,
    'SELECT COALESCE(max(seq), 0)::text AS seq FROM keyless_search_changes',
  );
  return Number(rows[0]!.seq);
}

export interface KeylessFingerprintRow extends KeylessEntryRow {
  /** The medium's pHash (null: no medium). */
  phash: string | null;
}

/**
 * What POST /c/search may answer (photo-search.repository.ts, `matchable` without a caller), a row per medium with
 * an entry in `table` (one with nulls for a tracked asset without one): any medium of an asset with an open alert;
 * a public medium of a certificate issued by an account findable by photo (docs/media.md, "Findable by photo").
 */
export function keylessSearchableQueries<Row extends KeylessEntryRow>(table: string, entryColumns: string) {
  const tracked = `(a.alert_kind IS NOT NULL OR (a.certificate_status = 'issued' AND p.findable_by_photo))`;
  const select = `SELECT a.planet, a.id AS asset_id, ${tracked} AS tracked, e.media_id,
         COALESCE(a.alert_kind IS NOT NULL OR (a.certificate_status = 'issued' AND p.findable_by_photo AND e.public),
                  false) AS searchable, ${entryColumns}
    FROM assets a
    LEFT JOIN account_profiles p ON p.account_id = a.account_id
    LEFT JOIN (SELECT m.planet AS medium_planet, m.public, f.* FROM asset_media m
                 JOIN ${table} f ON f.media_id = m.id AND f.asset_id = m.asset_id) e
      ON e.medium_planet = a.planet AND e.asset_id = a.id`;
  return {
    /** Every tracked asset, a row per medium with an entry (one with nulls when none). */
    all: (db: Queryable): Promise<Row[]> => queryAll<Row>(db, `${select} WHERE ${tracked}`),
    /** These assets as they are now, tracked or not, a row per medium with an entry; an asset not answered is gone. */
    of: (db: Queryable, assets: readonly { planet: string; id: string }[]): Promise<Row[]> =>
      queryAll<Row>(
        db,
        `${select} WHERE (a.planet, a.id) IN (SELECT * FROM unnest($1::text[], $2::uuid[]))`,
        [assets.map((asset) => asset.planet), assets.map((asset) => asset.id)],
      ),
  };
}

const keylessFingerprints = keylessSearchableQueries<KeylessFingerprintRow>(
  'media_fingerprints',
  'e.phash::text AS phash',
);
export const listKeylessSearchable = keylessFingerprints.all;
export const listKeylessSearchableOf = keylessFingerprints.of;

/** Image media without a fingerprint, by id past `afterId` (a keyset: one pass never reads a row twice). */
export const listUnfingerprintedImages = allRowsQuery<UnfingerprintedRow, [afterId: string, limit: number]>(
  `SELECT m.id, m.asset_id, b.sha256, b.bytes, b.storage
     FROM asset_media m JOIN media_blobs b ON b.sha256 = m.sha256
    WHERE m.id > $1 AND b.content_type LIKE 'image/%'
      AND NOT EXISTS (SELECT 1 FROM media_fingerprints f WHERE f.media_id = m.id AND f.asset_id = m.asset_id)
    ORDER BY m.id LIMIT $2`,
);
