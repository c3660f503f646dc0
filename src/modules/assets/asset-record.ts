import type { AssetRow } from './assets.repository.js';
import type { AssetRecordType } from './assets.schemas.js';

/**
 * The asset record of DESIGN.md section 3, as every response and webhook carries it: fixed fields
 * first, then planet and pass-through fields (a stored field never shadows a fixed one).
 */
export function toAssetRecord(row: AssetRow): AssetRecordType {
  const record: Record<string, unknown> = {
    id: row.id,
    planet: row.planet,
    title: row.title,
    account_id: row.account_id,
    certificate_number: row.certificate_number,
    certificate_status: row.certificate_status,
    status: row.status,
    created_by: row.created_by,
    updated_by: row.updated_by,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
  for (const [key, value] of Object.entries(row.attributes)) {
    if (!Object.hasOwn(record, key)) record[key] = value;
  }
  return record as AssetRecordType;
}
