import { firstRowQuery, prepared } from '../../db/database.js';
import { FIND_ASSET_BY_NUMBER_SQL, type AssetRow } from '../assets/assets.repository.js';

/** The (planet, certificate_number) unique index answers this without touching other partitions. */
export const findAssetByCertificateNumber = firstRowQuery<
  AssetRow,
  [planet: string, certificateNumber: string]
>(prepared('find_asset_by_certificate_number', FIND_ASSET_BY_NUMBER_SQL));
