import { type Queryable, queryAll } from '../../db/database.js';

export interface SearchCandidateRow {
  media_id: string;
  asset_id: string;
  planet: string;
  title: string;
  certificate_number: string;
  alert_kind: string | null;
  alert_since: Date | null;
  /** The caller may find this medium (the rules of docs/media.md, "Photo search"). */
  matchable: boolean;
  /** The medium's pHash (signed int8 bits, in decimal); null before it is fingerprinted. */
  phash: string | null;
  /** The caller may see its bytes: a public medium of an issued certificate, or its own. */
  shown: boolean;
}

/**
 * The candidates of a search as they are now, each with whether the caller may find it and see it. A medium not
 * answered is gone. Findable: any medium of an asset with an open alert; a public medium of an issued certificate
 * (`publicIssued`, for a key; without one, of an account findable by photo); any medium of the caller's account. Always within the planets of `planets` (empty:
 * every planet).
 */
export async function findSearchCandidates(
  db: Queryable,
  mediaIds: readonly string[],
  caller: { accountId: string | null; publicIssued: boolean; planets: readonly string[] },
): Promise<SearchCandidateRow[]> {
  return queryAll<SearchCandidateRow>(
    db,
    `SELECT m.id AS media_id, a.id AS asset_id, a.planet, a.title, a.certificate_number, a.alert_kind,
            a.alert_since, f.phash::text AS phash,
            (cardinality($4::text[]) = 0 OR a.planet = ANY ($4::text[]))
              AND (a.alert_kind IS NOT NULL
                   OR a.account_id IS NOT DISTINCT FROM $2::uuid
                   OR (m.public AND a.certificate_status = 'issued'
                       AND ($3::boolean OR COALESCE(p.findable_by_photo, false)))) AS matchable,
            ((m.public AND a.issued_at IS NOT NULL) OR a.account_id IS NOT DISTINCT FROM $2::uuid) AS shown
       FROM asset_media m JOIN assets a ON a.planet = m.planet AND a.id = m.asset_id
       LEFT JOIN account_profiles p ON p.account_id = a.account_id
       LEFT JOIN media_fingerprints f ON f.media_id = m.id AND f.asset_id = m.asset_id
      WHERE m.id = ANY ($1::uuid[])`,
    [mediaIds, caller.accountId, caller.publicIssued, caller.planets],
  );
}
