import type { Config } from '../../config.js';
import type { Database, Queryable } from '../../db/database.js';
import type { PageLanguage } from '../../i18n/locales.js';
import { etagOf } from '../../lib/immutable-responses.js';
import { qrCodeSvg } from '../../lib/qr-codes.js';
import { CERTIFICATE_NUMBER } from '../../planets/planets.js';
import { getAccountProfile, type AccountProfile } from '../accounts/account-profiles.service.js';
import { answerLookup, type LookupKind } from '../alert-lookups/alert-lookups.service.js';
import { findPublicCertificate, type PublicCertificate } from '../certificates/certificates.service.js';
import { publicAmendments, type PublicAmendment } from '../corrections/corrections.service.js';
import { firstPublicImage } from '../media/media.service.js';
import type { MediaRecordType } from '../media/media.schemas.js';
import type { PublicRead, PublicReadCache } from '../public-reads/public-read-cache.js';
import { publicProvenance, type ShownHolder } from './provenance.service.js';
import { issuerIdentity, publicBaseUrl, type IssuerIdentity } from '../signing/issuer-identity.js';

/** Who issued the certificate, as the page shows it: the public base URL, its did:web and DID document. */
export type PageIssuer = Pick<IssuerIdentity, 'baseUrl' | 'did' | 'didDocumentUrl'>;

export type CertificatePage =
  | { kind: 'unknown'; shown: string }
  | { kind: 'redirect'; location: string }
  | {
      kind: 'certificate';
      certificate: PublicCertificate;
      /** The first public image of an issued certificate's asset, shown on its page. */
      image?: MediaRecordType;
      /** The gallery that holds the registration of an issued certificate, by its public profile. */
      registeredBy?: AccountProfile;
      /** The approved corrections of an issued certificate, oldest first (docs/corrections.md). */
      corrections?: PublicAmendment[];
      /** Who has held the object, oldest first; absent while it was never handed over (docs/collectors.md). */
      provenance?: ShownHolder[];
      pageUrl: string;
      qrSvg: string;
      issuer: PageIssuer;
    };

export function pageIssuer(config: Config): PageIssuer {
  // issuerIdentity is didWebOf(publicBaseUrl(config)), as the credentials name their issuer.
  const { baseUrl, did, didDocumentUrl } = issuerIdentity(config);
  return { baseUrl, did, didDocumentUrl };
}

// Spaces (a non-breaking one too) and dashes (a word processor's en dash too) between the parts of a typed number.
const SEPARATORS = /[\s\-\u2010-\u2015\u2212]+/;
// The parts run together: a planet prefix of three letters, a four-digit year, then the sequence.
const RUN_TOGETHER = /^([A-Z]{3})(\d{4})(\d+)$/;

/**
 * What a person typed or a scanner read, as a certificate number: upper case, surrounding space gone, the three
 * parts joined by '-' whether they were separated by spaces, dashes of any kind or nothing at all
 * (`art 2026 000003`, `ART2026000003`). Undefined when it cannot be one.
 */
export function normaliseCertificateNumber(typed: string): string | undefined {
  const parts = typed.trim().toUpperCase().split(SEPARATORS);
  // Three parts are taken as they were typed (`ART 26 0000003` is no number); any other grouping is read by position.
  const joined = parts.length === 3 ? parts : RUN_TOGETHER.exec(parts.join(''))?.slice(1);
  const candidate = joined?.join('-');
  return candidate !== undefined && CERTIFICATE_NUMBER.test(candidate) ? candidate : undefined;
}

/** The page's own address, as printed in its QR code: under AVS_PUBLIC_URL, not the address it was reached at. */
export function certificatePageUrl(config: Config, certificateNumber: string): string {
  return `${publicBaseUrl(config)}/c/${encodeURIComponent(certificateNumber)}`;
}

/**
 * The certificate page of a number from the path: a redirect to its canonical spelling (lower case or
 * spaces from a hand-typed address), the certificate as the public may see it, or unknown (a 404 page).
 */
async function certificatePage(db: Queryable, config: Config, requested: string): Promise<CertificatePage> {
  const number = normaliseCertificateNumber(requested);
  if (!number) return { kind: 'unknown', shown: requested.slice(0, 60) };
  if (number !== requested) return { kind: 'redirect', location: `/c/${number}` };
  const certificate = await findPublicCertificate(db, number);
  if (!certificate) return { kind: 'unknown', shown: number };
  const pageUrl = certificatePageUrl(config, number);
  const [image, registeredBy, corrections, provenance] = certificate.issued
    ? await Promise.all([
        firstPublicImage(db, certificate.planet, certificate.asset_id),
        getAccountProfile(db, certificate.account_id),
        publicAmendments(db, certificate.planet, certificate.asset_id),
        publicProvenance(db, certificate.planet, certificate.asset_id),
      ])
    : [undefined, undefined, undefined, undefined];
  return {
    kind: 'certificate',
    certificate,
    image,
    registeredBy,
    corrections,
    // Only once handed over: the page (and its ETag) of an object never handed over stays as it was.
    ...(provenance?.length ? { provenance } : {}),
    pageUrl,
    // Named for screen readers by the page, in its reader's language; the address itself is printed beside it.
    qrSvg: await qrCodeSvg(pageUrl),
    issuer: pageIssuer(config),
  };
}

/**
 * A certificate page's ETag in one language: the page drawn in two languages is two pages, so a 304 never lets a cache
 * or a browser keep one language's page for another (the answer varies by Accept-Language and Cookie too).
 */
export function certificatePageEtag(dataEtag: string, language: PageLanguage): string {
  return `W/${etagOf(`${dataEtag} ${language}`)}`;
}

/**
 * The certificate page as served. From memory while no certificate changed (any move, by any path, bumps the
 * version); only an issued certificate's page is kept, and only it may be cached: a 404 or a pending number may
 * become a certificate any moment. An asset reported stolen or lost (docs/alerts.md): the look-up (`lookup`: the page
 * itself, or a tag's tap showing it) is on record before the page leaves, and no cache keeps it (an alert raised or
 * resolved bumps the version, so a kept page never hides one).
 */
export async function readCertificatePage(
  reads: PublicReadCache,
  db: Database,
  config: Config,
  requested: string,
  clientAddress: string,
  lookup: Extract<LookupKind, 'public_page' | 'tap'> = 'public_page',
): Promise<PublicRead<CertificatePage>> {
  const read = await reads.read(
    `c/${requested}`,
    ['certificates'],
    () => certificatePage(db, config, requested),
    // Weak: only the "checked at" time differs between two answers under one ETag.
    (value) => `W/${etagOf(JSON.stringify(value))}`,
    { keep: (value) => value.kind === 'certificate' && value.certificate.issued },
  );
  const page = read.value;
  if (page.kind === 'redirect') return read;
  if (page.kind === 'unknown' || !page.certificate.issued) return { ...read, cacheable: false };
  const { certificate } = page;
  const { noStore } = await answerLookup(
    db,
    { id: certificate.asset_id, alert: certificate.alert },
    lookup,
    { clientAddress },
    page,
  );
  return noStore ? { ...read, cacheable: false } : read;
}
