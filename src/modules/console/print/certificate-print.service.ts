import type { Readable } from 'node:stream';
import type { Config } from '../../../config.js';
import type { Database } from '../../../db/database.js';
import { AppError } from '../../../errors/error-catalogue.js';
import { qrCodeModules, qrCodeSvg } from '../../../lib/qr-codes.js';
import { loadSharp } from '../../../lib/lazy-modules.js';
import { isPlanetId, type PlanetId } from '../../../planets/planets.js';
import { listAssets } from '../../assets/asset-list.service.js';
import { assertCanPrintCertificate } from '../../assets/asset-states.js';
import { getAsset } from '../../assets/assets.service.js';
import { findPublicCertificate } from '../../certificates/certificates.service.js';
import { certificateCredential } from '../../credentials/certificate-credentials.service.js';
import type { MediaRecordType } from '../../media/media.schemas.js';
import { firstPublicImage, openMedia, type MediaStores } from '../../media/media.service.js';
import type { Principal } from '../../principal/principal.js';
import { certificatePageUrl } from '../../public-pages/public-pages.service.js';
import { readProof } from '../../signing/data-integrity.js';
import type { DocumentSigner } from '../../signing/document-signer.js';
import {
  getAccountProfile,
  profileLogoBytes,
  type AccountProfile,
} from '../../accounts/account-profiles.service.js';
import type { ProcessedMedia } from '../../media/media-processing.js';
import type { ServiceBrand } from '../../../lib/service-brand.js';
import {
  drawCertificatePdf,
  drawLabelSheetPdf,
  type PaperSize,
  type PdfImage,
  type PdfNames,
} from './print-pdf.js';

/** A logo is printed small: this many pixels on its long edge are plenty at print resolution. */
const LOGO_PRINT_EDGE = 600;

/** What printing reads: the database, the public base URL, the issuer's signer, the media's bytes and the service's brand. */
export interface PrintSources {
  db: Database;
  config: Config;
  signer: DocumentSigner;
  stores: MediaStores;
  service: ServiceBrand;
  /** AVS_SERVICE_LOGO's bytes, as read at start. */
  serviceLogo: ProcessedMedia | undefined;
}

/** Who a printed certificate or label names: the gallery that registered it (its profile), certified by the service. */
export interface PrintedNames {
  registeredBy: AccountProfile;
  service: ServiceBrand;
}

/** One label of a sheet: the number under the QR code of its public page. */
export interface PrintLabel {
  certificateNumber: string;
  title: string;
  pageUrl: string;
  qrSvg: string;
}

/** An issued certificate as it is printed: the public page's facts, its QR code, who registered and certified it. */
export interface PrintableCertificate extends PrintLabel, PrintedNames {
  planet: PlanetId;
  assetId: string;
  /** The planet's declared fields (never pass-through ones, which may hold anything). */
  fields: [name: string, value: unknown][];
  issuedAt: string;
  issuerDid: string;
  /** The id of the Ed25519 key whose proof the credential carries (the fragment of its verificationMethod). */
  keyId: string;
  /** The first public image, served to anyone at its public media URL once the certificate is issued. */
  image?: MediaRecordType;
}

/** The most labels one sheet request may ask for (five A4 pages of 24). */
export const MAX_LABELS = 120;

/**
 * The account's issued certificate of {planet}/{id}, or why not: another account's asset (or none) is 404 as
 * on every owner route; a certificate that is not issued now (pending, suspended, revoked, rejected) or an
 * archived asset is 409: a printed certificate of it would say what /c/{number} does not.
 */
async function printableAsset(db: Database, accountId: string | null, planet: string, id: string) {
  if (!isPlanetId(planet)) throw new AppError('asset_not_found');
  const asset = await getAsset(db, planet, id);
  // null: a collector who holds it, checked by the caller (src/modules/collection).
  if (accountId !== null && asset.account_id !== accountId) throw new AppError('asset_not_found');
  assertCanPrintCertificate(asset);
  const certificate = await findPublicCertificate(db, asset.certificate_number);
  if (!certificate?.issued) throw new AppError('certificate_not_issued');
  return { planet, certificate, accountId: asset.account_id };
}

async function labelOf(config: Config, certificateNumber: string, title: string): Promise<PrintLabel> {
  const pageUrl = certificatePageUrl(config, certificateNumber);
  return { certificateNumber, title, pageUrl, qrSvg: await qrCodeSvg(pageUrl) };
}

/** The certificate of the account's asset, ready to print (the HTML page and the PDF both start here). */
export async function printableCertificate(
  sources: PrintSources,
  accountId: string,
  planet: string,
  id: string,
): Promise<PrintableCertificate> {
  return printableOf(sources, await printableAsset(sources.db, accountId, planet, id));
}

/** The certificate of an object a collector holds (the caller has checked that they hold it now). */
export async function printableHeldCertificate(
  sources: PrintSources,
  planet: string,
  id: string,
): Promise<PrintableCertificate> {
  return printableOf(sources, await printableAsset(sources.db, null, planet, id));
}

async function printableOf(
  sources: PrintSources,
  printable: Awaited<ReturnType<typeof printableAsset>>,
): Promise<PrintableCertificate> {
  const { db, config, signer } = sources;
  const { certificate } = printable;
  const number = certificate.certificate_number;
  const [label, credential, image, registeredBy] = await Promise.all([
    labelOf(config, number, certificate.title),
    certificateCredential(db, signer, printable.planet, number),
    firstPublicImage(db, printable.planet, certificate.asset_id),
    getAccountProfile(db, printable.accountId),
  ]);
  const proof = readProof(JSON.parse(credential));
  if (typeof proof === 'string')
    throw new Error(`the stored credential of ${number} is unreadable: ${proof}`);
  const [issuerDid, keyId = ''] = proof.verificationMethod.split('#');
  return {
    ...label,
    planet: printable.planet,
    assetId: certificate.asset_id,
    fields: certificate.fields,
    issuedAt: certificate.issued_at,
    issuerDid: issuerDid!,
    keyId,
    image,
    registeredBy,
    service: sources.service,
  };
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** An image as a PDF can hold it: a JPEG no larger than print needs (any stored type converts; white behind). */
async function pdfImageOf(bytes: Buffer, maxEdge: number): Promise<PdfImage> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(bytes)
    .resize({ width: maxEdge, height: maxEdge, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85 })
    .toBuffer({ resolveWithObject: true });
  return { jpeg: data, width: info.width, height: info.height };
}

/** The public image of the certificate, as printed. */
async function pdfImage(sources: PrintSources, image: MediaRecordType): Promise<PdfImage> {
  const download = await openMedia(sources.db, sources.stores, undefined, image.id);
  return pdfImageOf(await bytesOf(download.stream), 1200);
}

/** The gallery's and the service's names as printed, each with its logo when there is one. */
export async function pdfNames(sources: PrintSources, names: PrintedNames): Promise<PdfNames> {
  const galleryLogo = await profileLogoBytes(sources.db, sources.stores, names.registeredBy);
  const serviceLogo = sources.serviceLogo?.bytes;
  return {
    gallery: {
      name: names.registeredBy.displayName,
      logo: galleryLogo && (await pdfImageOf(galleryLogo, LOGO_PRINT_EDGE)),
    },
    service: {
      name: names.service.name,
      logo: serviceLogo && (await pdfImageOf(serviceLogo, LOGO_PRINT_EDGE)),
    },
  };
}

/** The certificate as a one-page PDF on A4 or US Letter, with the QR code drawn as vector paths. */
export async function certificatePdf(
  sources: PrintSources,
  certificate: PrintableCertificate,
  paper: PaperSize,
): Promise<Buffer> {
  const [image, names] = await Promise.all([
    certificate.image ? pdfImage(sources, certificate.image) : undefined,
    pdfNames(sources, certificate),
  ]);
  return drawCertificatePdf(
    { ...certificate, ...names, qrModules: qrCodeModules(certificate.pageUrl), image },
    paper,
  );
}

/**
 * The labels of the account's chosen assets, in the order chosen (a repeated id once): each must be the
 * account's, with its certificate issued (the same refusals as the certificate's own print).
 */
export async function printableLabels(
  sources: Pick<PrintSources, 'db' | 'config' | 'service'>,
  accountId: string,
  planet: string,
  ids: readonly string[],
): Promise<{ labels: PrintLabel[] } & PrintedNames> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw new AppError('validation_failed', 'choose_certificates');
  if (unique.length > MAX_LABELS)
    throw new AppError('validation_failed', 'too_many_certificates', { max: MAX_LABELS });
  const labels: PrintLabel[] = [];
  for (const id of unique) {
    const { certificate } = await printableAsset(sources.db, accountId, planet, id);
    labels.push(await labelOf(sources.config, certificate.certificate_number, certificate.title));
  }
  return { labels, registeredBy: await getAccountProfile(sources.db, accountId), service: sources.service };
}

/** The label sheet as a PDF: 3 × 8 labels a page (A4 or US Letter), as many pages as the labels need. */
export async function labelSheetPdf(
  sources: PrintSources,
  sheet: { labels: readonly PrintLabel[] } & PrintedNames,
  paper: PaperSize,
): Promise<Buffer> {
  return drawLabelSheetPdf(
    sheet.labels.map((label) => ({ ...label, qrModules: qrCodeModules(label.pageUrl) })),
    await pdfNames(sources, sheet),
    paper,
  );
}

/** The account's assets of a planet whose certificate is issued (and asset not archived), 50 a page: to choose labels from. */
export function issuedAssetsForLabels(
  db: Database,
  principal: Principal,
  planet: PlanetId,
  cursor: string | undefined,
) {
  return listAssets(db, principal, planet, {
    certificate_status: 'issued',
    status: 'draft,active',
    limit: 50,
    cursor,
  });
}
