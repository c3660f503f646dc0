import { prepared, queryFirst, type Queryable } from '../../db/database.js';
import { FIND_ASSET_BY_NUMBER_SQL, type AssetRow } from '../assets/assets.repository.js';

const findAssetByCertificateNumberStatement = prepared(
  'find_asset_by_certificate_number',
  FIND_ASSET_BY_NUMBER_SQL,
);

/** The (planet, certificate_number) unique index answers this without touching other partitions. */
export async function findAssetByCertificateNumber(
  db: Queryable,
  planet: string,
  certificateNumber: string,
): Promise<AssetRow | undefined> {
  return queryFirst<AssetRow>(db, findAssetByCertificateNumberStatement, [planet, certificateNumber]);
}
