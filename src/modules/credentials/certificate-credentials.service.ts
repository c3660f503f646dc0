import { randomUUID } from 'node:crypto';
import { base64urlnopad } from '@scure/base';
import type { Database, Queryable } from '../../db/database.js';
import { AppError } from '../../errors/error-catalogue.js';
import { etagOf } from '../../lib/immutable-responses.js';
import { isPlanetId, planetOfWellFormedNumber, planets } from '../../planets/planets.js';
import { answerLookupByNumber } from '../alert-lookups/alert-lookups.service.js';
import { mediaUrl, publicMediaDigests } from '../media/media.service.js';
import type { PublicRead, PublicReadCache } from '../public-reads/public-read-cache.js';
import type { DocumentSigner } from '../signing/document-signer.js';
import {
  ensureCredentialRow,
  findCredentialAsset,
  findIssueEvent,
  findStatusEntries,
  storeCredential,
  supersedeCredential,
  type CredentialAssetRow,
} from './credentials.repository.js';
import { allocateStatusEntries, recordStatusBits, statusListUrl } from './status-lists.service.js';

export const VC_CONTEXT_V2 = 'https://www.w3.org/ns/credentials/v2';

/** The planet's declared fields only: pass-through attributes may hold personal data. */
function publicPlanetFields(row: CredentialAssetRow): Record<string, unknown> {
  if (!isPlanetId(row.planet)) return {};
  const fields: Record<string, unknown> = {};
  for (const name of Object.keys(planets[row.planet].fields)) {
    if (row.attributes[name] !== undefined) fields[name] = row.attributes[name];
  }
  return fields;
}

/** The multihash prefix of SHA-256 (code 0x12, 32 bytes), as the multiformats table assigns it. */
const SHA2_256_MULTIHASH = [0x12, 0x20];

/**
 * VC 2.0 "Integrity of Related Resources" (section 5.3): the public media of the asset (a private medium's
 * digest would let anyone confirm a guessed file, since images are re-encoded deterministically), with `digestMultibase` (a multibase base64url multihash of the SHA-256, as the
 * specification's example writes it), `digestSRI` (SHA-384, the strength the specification recommends)
 * and `mediaType`, so anyone holding an image can check it against the signed certificate.
 */
async function relatedMedia(tx: Queryable, baseUrl: string, planet: string, assetId: string) {
  const media = await publicMediaDigests(tx, planet, assetId);
  return media.map((medium) => ({
    id: `${baseUrl}${mediaUrl(medium.id)}`,
    mediaType: medium.content_type,
    digestMultibase: `u${base64urlnopad.encode(
      Uint8Array.from([...SHA2_256_MULTIHASH, ...Buffer.from(medium.sha256, 'hex')]),
    )}`,
    digestSRI: `sha384-${medium.sha384}`,
  }));
}

/** Builds and signs the certificate's VC 2.0 and stores it; the certificate must have been issued. */
async function signCertificateCredential(
  tx: Queryable,
  signer: DocumentSigner,
  row: CredentialAssetRow,
): Promise<string> {
  await ensureCredentialRow(tx, {
    planet: row.planet,
    assetId: row.id,
    certificateNumber: row.certificate_number,
  });
  await allocateStatusEntries(tx, row.planet, row.id);
  const entries = await findStatusEntries(tx, row.planet, row.id);
  const head = await findIssueEvent(tx, row.id);
  const baseUrl = signer.identity.baseUrl;
  const related = await relatedMedia(tx, baseUrl, row.planet, row.id);
  const { signed, keyId } = await signer.sign(tx, {
    '@context': [VC_CONTEXT_V2],
    // Each signed version its own id: a correction's credential is a new credential (docs/corrections.md).
    id: `urn:uuid:${randomUUID()}`,
    type: ['VerifiableCredential', 'AssetCertificate'],
    issuer: signer.identity.did,
    validFrom: row.issued_at!.toISOString(),
    credentialSubject: {
      ...publicPlanetFields(row),
      id: `urn:uuid:${row.id}`,
      certificate_number: row.certificate_number,
      planet: row.planet,
      title: row.title,
      ...(head ? { history: { sequence: head.sequence, hash: head.hash } } : {}),
    },
    credentialStatus: entries.map((entry) => {
      const list = statusListUrl(baseUrl, entry.purpose, entry.list_number);
      return {
        id: `${list}#${entry.status_index}`,
        type: 'BitstringStatusListEntry',
        statusPurpose: entry.purpose,
        statusListIndex: String(entry.status_index),
        statusListCredential: list,
      };
    }),
    ...(related.length > 0 ? { relatedResource: related } : {}),
  });
  return storeCredential(tx, {
    planet: row.planet,
    assetId: row.id,
    credential: JSON.stringify(signed),
    signingKeyId: keyId,
  });
}

/**
 * The credential side of a certificate move, in the move's transaction: issuing takes status-list
 * indexes and signs (when a signer is given; otherwise at the first read), the other moves set bits.
 */
export async function recordCredentialMove(
  tx: Queryable,
  move: { planet: string; assetId: string; certificateStatus: string; issued: boolean },
  signer: DocumentSigner | undefined,
): Promise<void> {
  if (move.issued) {
    const row = (await findCredentialAsset(tx, move.planet, { assetId: move.assetId }))!;
    if (signer) await signCertificateCredential(tx, signer, row);
    else {
      await ensureCredentialRow(tx, {
        planet: row.planet,
        assetId: row.id,
        certificateNumber: row.certificate_number,
      });
      await allocateStatusEntries(tx, row.planet, row.id);
    }
    return;
  }
  await recordStatusBits(tx, move.planet, move.assetId, move.certificateStatus);
}

/**
 * The credential side of an approved correction (docs/corrections.md), in its transaction: the current
 * credential's refresh bit set (a newer version exists), then a new credential (new id, same key) signed now, or
 * at its first read without a signer. Returns the new credential version.
 */
export async function recordCredentialCorrection(
  tx: Queryable,
  target: { planet: string; assetId: string },
  signer: DocumentSigner | undefined,
): Promise<number> {
  const version = await supersedeCredential(tx, target.planet, target.assetId);
  await recordCredentialMove(
    tx,
    { planet: target.planet, assetId: target.assetId, certificateStatus: 'issued', issued: true },
    signer,
  );
  return version;
}

/**
 * The signed credential of an issued certificate (suspended and revoked ones too: their status lists say
 * why they fail). 404 for no such certificate, 409 for one never issued (pending, rejected, revoked while
 * pending). Certificates issued before credentials existed are signed here, at their first read.
 */
export async function certificateCredential(
  db: Database,
  signer: DocumentSigner,
  planet: string,
  certificateNumber: string,
): Promise<string> {
  const row = await findCredentialAsset(db, planet, { certificateNumber });
  if (!row) throw new AppError('certificate_not_found');
  if (!row.issued_at) throw new AppError('certificate_not_issued');
  if (row.credential) return row.credential;
  return db.transaction(async (tx) => {
    const locked = (await findCredentialAsset(tx, planet, { assetId: row.id }))!;
    return locked.credential ?? signCertificateCredential(tx, signer, locked);
  });
}

/**
 * The public credential of a certificate (/c/{number}/credential), from memory after its first read: a signed
 * credential changes only when a correction replaces it (docs/corrections.md), which bumps the `credentials`
 * topic, so memory answers while that topic's version stands. Alerts (docs/alerts.md): before the memory answers,
 * one write on the primary asks whether the asset has an open alert and records the look-up if so; such an
 * answer is read from the database and not cacheable (its body is the same: an alert does not touch status bits).
 */
export class PublicCredentials {
  constructor(
    private readonly db: Database,
    private readonly signer: DocumentSigner,
    private readonly reads: PublicReadCache,
  ) {}

  /** 404 for a malformed or unknown number, 409 for one never issued, as the API answers. */
  async read(certificateNumber: string, clientAddress: string): Promise<PublicRead<string | Buffer>> {
    const planet = planetOfWellFormedNumber(certificateNumber);
    if (!planet) throw new AppError('certificate_not_found');
    const load = () => certificateCredential(this.db, this.signer, planet, certificateNumber);
    const answer = await answerLookupByNumber(
      this.db,
      { planet, certificateNumber },
      'credential',
      { clientAddress },
      async (alerted) => {
        if (alerted) {
          const value = await load();
          return { value, etag: etagOf(value), cacheable: false };
        }
        return this.reads.read(`credential/${certificateNumber}`, ['credentials'], load, etagOf);
      },
    );
    return { value: answer.value.value, etag: answer.value.etag, cacheable: !answer.noStore };
  }
}
