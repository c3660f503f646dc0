import type { Queryable } from '../../db/database.js';
import { AppError } from '../../errors/error-catalogue.js';
import { planetOfWellFormedNumber } from '../../planets/planets.js';
import { isInScope } from '../../planets/planet-access.js';
import type { Principal } from '../keys/keys.service.js';
import { findAssetByCertificateNumber } from './certificates.repository.js';
import type { CertificateRecordType } from './certificates.schemas.js';

/** 404 alike for a malformed number, an unknown one and one of a planet outside the key's scope. */
export async function lookUpCertificate(
  db: Queryable,
  principal: Principal,
  certificateNumber: string,
): Promise<CertificateRecordType> {
  const planet = planetOfWellFormedNumber(certificateNumber);
  const row =
    planet && isInScope(principal, planet)
      ? await findAssetByCertificateNumber(db, planet, certificateNumber)
      : undefined;
  if (!row) throw new AppError('certificate_not_found');
  const revoked = row.certificate_status === 'revoked';
  return {
    certificate_number: row.certificate_number,
    status: row.certificate_status as CertificateRecordType['status'],
    planet: row.planet,
    asset_id: row.id,
    title: row.title,
    account_id: row.account_id,
    asset_status: row.status as CertificateRecordType['asset_status'],
    created_at: row.created_at.toISOString(),
    issued_at: row.issued_at?.toISOString() ?? null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
    revocation_reason: revoked ? row.status_reason : null,
  };
}
