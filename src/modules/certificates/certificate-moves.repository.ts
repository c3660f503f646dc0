import { type Queryable, queryAll } from '../../db/database.js';
import { ASSET_COLUMNS, type AssetRow } from '../assets/assets.repository.js';

export interface CertificateListRow extends AssetRow {
  account_name: string;
}

/** Certificates for review, oldest first (the queue order), with their account's name. */
export async function listCertificateRows(
  db: Queryable,
  filter: { certificateStatus?: string; planet?: string; assetId?: string; limit: number },
): Promise<CertificateListRow[]> {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (filter.assetId) {
    params.push(filter.assetId);
    conditions.push(`a.id = $${params.length}`);
  }
  if (filter.certificateStatus) {
    params.push(filter.certificateStatus);
    conditions.push(`a.certificate_status = $${params.length}`);
  }
  if (filter.planet) {
    params.push(filter.planet);
    conditions.push(`a.planet = $${params.length}`);
  }
  params.push(filter.limit);
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  return queryAll<CertificateListRow>(
    db,
    `SELECT ${ASSET_COLUMNS.split(',')
      .map((column) => `a.${column.trim()}`)
      .join(', ')}, c.name AS account_name
     FROM assets a JOIN accounts c ON c.id = a.account_id
     ${where}
     ORDER BY a.created_at, a.certificate_number
     LIMIT $${params.length}`,
    params,
  );
}

export async function countCertificatesByPlanetAndStatus(
  db: Queryable,
): Promise<{ planet: string; certificate_status: string; count: number }[]> {
  return queryAll<{ planet: string; certificate_status: string; count: number }>(
    db,
    `SELECT planet, certificate_status, count(*)::int AS count FROM assets
     GROUP BY planet, certificate_status`,
  );
}
