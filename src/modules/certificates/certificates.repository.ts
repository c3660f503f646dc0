import { prepared, type Queryable } from '../../db/database.js';
import type { AssetRow } from '../assets/assets.repository.js';

const findAssetByCertificateNumberStatement = prepared(
  'find_asset_by_certificate_number',
  `SELECT id, planet, title, account_id, certificate_number, certificate_status, status, attributes,
          created_by, updated_by, created_at, updated_at, issued_at, revoked_at, status_reason, head_sequence, head_hash
   FROM assets WHERE planet = $1 AND certificate_number = $2`,
);

/** The (planet, certificate_number) unique index answers this without touching other partitions. */
export async function findAssetByCertificateNumber(
  db: Queryable,
  planet: string,
  certificateNumber: string,
): Promise<AssetRow | undefined> {
  const { rows } = await db.query<AssetRow>(findAssetByCertificateNumberStatement, [
    planet,
    certificateNumber,
  ]);
  return rows[0];
}
