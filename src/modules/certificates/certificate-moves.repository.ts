import type { Queryable } from '../../db/database.js';

export interface CertificateAssetRow {
  id: string;
  planet: string;
  title: string;
  account_id: string;
  certificate_number: string;
  certificate_status: string;
  status: string;
  attributes: Record<string, unknown>;
  created_by: string;
  updated_by: string;
  created_at: Date;
  updated_at: Date;
  issued_at: Date | null;
  revoked_at: Date | null;
  status_reason: string | null;
  [column: string]: unknown;
}

export interface CertificateListRow extends CertificateAssetRow {
  account_name: string;
}

const ASSET_COLUMNS = `id, planet, title, account_id, certificate_number, certificate_status, status, attributes,
  created_by, updated_by, created_at, updated_at, issued_at, revoked_at, status_reason`;

/** Locks the asset holding this certificate until the transaction ends (events need the lock). */
export async function lockAssetByCertificateNumber(
  tx: Queryable,
  planet: string,
  certificateNumber: string,
): Promise<CertificateAssetRow | undefined> {
  const { rows } = await tx.query<CertificateAssetRow>(
    `SELECT ${ASSET_COLUMNS} FROM assets WHERE planet = $1 AND certificate_number = $2 FOR UPDATE`,
    [planet, certificateNumber],
  );
  return rows[0];
}

export async function updateCertificateState(
  tx: Queryable,
  change: {
    planet: string;
    id: string;
    certificateStatus: string;
    status: string;
    reason: string | null;
    setIssuedAt: boolean;
    setRevokedAt: boolean;
  },
): Promise<CertificateAssetRow> {
  const { rows } = await tx.query<CertificateAssetRow>(
    `UPDATE assets SET certificate_status = $3, status = $4, status_reason = $5, updated_at = now(),
       issued_at = CASE WHEN $6::boolean THEN now() ELSE issued_at END,
       revoked_at = CASE WHEN $7::boolean THEN now() ELSE revoked_at END
     WHERE planet = $1 AND id = $2
     RETURNING ${ASSET_COLUMNS}`,
    [
      change.planet,
      change.id,
      change.certificateStatus,
      change.status,
      change.reason,
      change.setIssuedAt,
      change.setRevokedAt,
    ],
  );
  return rows[0]!;
}

/** Certificates for review, oldest first (the queue order), with their account's name. */
export async function listCertificateRows(
  db: Queryable,
  filter: { certificateStatus?: string; planet?: string; limit: number },
): Promise<CertificateListRow[]> {
  const conditions: string[] = [];
  const params: unknown[] = [];
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
  const { rows } = await db.query<CertificateListRow>(
    `SELECT ${ASSET_COLUMNS.split(',')
      .map((column) => `a.${column.trim()}`)
      .join(', ')}, c.name AS account_name
     FROM assets a JOIN accounts c ON c.id = a.account_id
     ${where}
     ORDER BY a.created_at, a.certificate_number
     LIMIT $${params.length}`,
    params,
  );
  return rows;
}

export async function countCertificatesByPlanetAndStatus(
  db: Queryable,
): Promise<{ planet: string; certificate_status: string; count: number }[]> {
  const { rows } = await db.query<{ planet: string; certificate_status: string; count: number }>(
    `SELECT planet, certificate_status, count(*)::int AS count FROM assets
     GROUP BY planet, certificate_status`,
  );
  return rows;
}
