import type { Database, Queryable } from '../../db/database.js';
import { AppError } from '../../errors/error-catalogue.js';
import { planetOfWellFormedNumber } from '../../planets/planets.js';
import { isInScope } from '../../planets/planet-access.js';
import {
  answerLookup,
  answerLookupByNumber,
  type LookupAnswer,
} from '../alert-lookups/alert-lookups.service.js';
import { wasIssued } from '../assets/asset-states.js';
import { alertOfRow } from '../assets/asset-record.js';
import type { AssetRow } from '../assets/assets.service.js';
import { certificateCredential } from '../credentials/certificate-credentials.service.js';
import type { DocumentSigner } from '../signing/document-signer.js';
import type { Principal } from '../principal/principal.js';
import { findAssetByCertificateNumber } from './certificates.repository.js';
import type { CertificateRecordType } from './certificates.schemas.js';
import { planets, type PlanetId } from '../../planets/planets.js';

/**
 * The asset holding a certificate the key may see: undefined alike for a malformed number, an unknown one and
 * one of a planet outside the key's scope (each is the same 404).
 */
export async function findCertificateInScope(
  db: Queryable,
  principal: Principal,
  certificateNumber: string,
): Promise<AssetRow | undefined> {
  const planet = planetOfWellFormedNumber(certificateNumber);
  return planet && isInScope(principal, planet)
    ? findAssetByCertificateNumber(db, planet, certificateNumber)
    : undefined;
}

/**
 * A certificate looked up by a key: 404 alike for a malformed number, an unknown one and one of a planet outside
 * the key's scope; one whose asset has an open alert has the look-up on record, its answer no-store.
 */
export async function lookUpCertificate(
  db: Database,
  principal: Principal,
  certificateNumber: string,
): Promise<LookupAnswer<CertificateRecordType>> {
  const row = await findCertificateInScope(db, principal, certificateNumber);
  if (!row) throw new AppError('certificate_not_found');
  const revoked = row.certificate_status === 'revoked';
  const certificate: CertificateRecordType = {
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
    alert: alertOfRow(row),
  };
  return answerLookup(
    db,
    { id: row.id, alert: certificate.alert },
    'certificate',
    { principal },
    certificate,
  );
}

/**
 * The signed credential of a certificate, for a key: 404 alike for a malformed number and one of a planet outside
 * the key's scope; a look-up of an asset with an open alert is on record before the credential is read (docs/alerts.md).
 */
export async function certificateCredentialForKey(
  db: Database,
  signer: DocumentSigner,
  principal: Principal,
  certificateNumber: string,
): Promise<LookupAnswer<string>> {
  const planet = planetOfWellFormedNumber(certificateNumber);
  if (!planet || !isInScope(principal, planet)) throw new AppError('certificate_not_found');
  return answerLookupByNumber(db, { planet, certificateNumber }, 'credential', { principal }, () =>
    certificateCredential(db, signer, planet, certificateNumber),
  );
}

/** What anyone may see of a certificate, without a key: never the account, the asset id or pass-through fields. */
export type PublicCertificate =
  | { certificate_number: string; issued: false }
  | {
      certificate_number: string;
      issued: true;
      status: 'issued' | 'suspended' | 'revoked';
      planet: PlanetId;
      /** Public already: the credential names its subject urn:uuid:<asset id>. */
      asset_id: string;
      /** The account that holds the registration; the page names it by its public profile. */
      account_id: string;
      title: string;
      /** The planet's declared fields only, in the planet's order; pass-through fields may hold anything. */
      fields: [name: string, value: unknown][];
      issued_at: string;
      revoked_at: string | null;
      /** The open stolen-or-lost alert (docs/alerts.md): the page warns about it. */
      alert: { kind: 'stolen' | 'lost'; since: string } | null;
      /** The gallery's own stock number: pages show it only when the gallery's profile chooses to (docs/inventory.md). */
      inventory_number: string | null;
    };

/**
 * The public view of a certificate, or undefined for a malformed or unknown number. Pending, rejected
 * and revoked-while-pending (never issued) certificates say only that they are not issued.
 */
export async function findPublicCertificate(
  db: Queryable,
  certificateNumber: string,
): Promise<PublicCertificate | undefined> {
  const planet = planetOfWellFormedNumber(certificateNumber);
  const row = planet ? await findAssetByCertificateNumber(db, planet, certificateNumber) : undefined;
  if (!planet || !row) return undefined;
  const status = row.certificate_status;
  if (!row.issued_at || !wasIssued(status))
    return { certificate_number: row.certificate_number, issued: false };
  return {
    certificate_number: row.certificate_number,
    issued: true,
    status,
    planet,
    asset_id: row.id,
    account_id: row.account_id,
    title: row.title,
    fields: Object.keys(planets[planet].fields)
      .filter((name) => row.attributes[name] !== undefined && row.attributes[name] !== null)
      .map((name) => [name, row.attributes[name]]),
    issued_at: row.issued_at.toISOString(),
    revoked_at: row.revoked_at?.toISOString() ?? null,
    alert: alertOfRow(row),
    inventory_number: row.inventory_number,
  };
}
