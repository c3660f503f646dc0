import { prepared, queryFirst, type Queryable } from '../../db/database.js';
import { ASSET_COLUMNS, type AssetRow } from '../assets/assets.repository.js';

const findAssetByCertificateNumberStatement = prepared(
  'find_asset_by_certificate_number',
  `SELECT ${ASSET_COLUMNS} FROM assets WHERE planet = $1 AND certificate_number = $2`,
);

/** The (planet, certificate_number) unique index answers this without touching other partitions. */
export async function findAssetByCertificateNumber(
  db: Queryable,
  planet: string,
  certificateNumber: string,
): Promise<AssetRow | undefined> {
  return queryFirst<AssetRow>(db, findAssetByCertificateNumberStatement, [planet, certificateNumber]);
}
