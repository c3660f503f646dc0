import { randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import { AppError } from '../../errors/error-catalogue.js';
import { sha256Hex } from '../../lib/sha256.js';
import { VC_CONTEXT_V2 } from '../credentials/certificate-credentials.service.js';
import type { DocumentSigner } from '../signing/document-signer.js';
import {
  findHeldAsset,
  findHoldingProof,
  insertHoldingProof,
  readCurrentHolding,
} from './holding-proofs.repository.js';

/**
 * An object's holdings oldest first: the one read of its provenance, for its public page and for holders.service.ts's
 * readProvenance (which adds the registrant of an object never handed over). It lives here, below holders: public-pages
 * importing holders would make the folders import each other (through web-pages and tags).
 */
export { readProvenance, type ProvenanceEntry } from './holding-proofs.repository.js';

/** A proof of holding is good for ten minutes (docs/collectors.md, "Proof of holding"). */
export const HOLDING_PROOF_LIFETIME_MS = 10 * 60 * 1000;
// 18 random bytes: 144 bits, 24 characters of base64url, short enough to read out or type.
const CODE_BYTES = 18;
const CODE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** Who asks for a proof: a collector signed in on /collection, or an account that holds the object. */
export type HolderRequest = ({ collectorId: string } | { accountId: string }) & {
  planet: string;
  assetId: string;
};

export interface HoldingProof {
  /** The code the holder shows (a QR of `url`); stored only as SHA-256. */
  code: string;
  /** `/c/{certificate number}?proof={code}`: under the service's public address, the page that checks it. */
  url: string;
  expiresAt: Date;
  /** The object's certificate number and title, for the page that shows the proof. */
  certificateNumber: string;
  title: string;
}

/** What a check of a proof found: good (the holding it was made for is still the current one), or not. */
export type HoldingProofCheck =
  | {
      valid: true;
      proofId: string;
      certificateNumber: string;
      /** The current holding's commitment as the history records it; `registrant` for an object never handed over. */
      holder: string;
      checkedAt: Date;
    }
  | { valid: false };

/**
 * The holding an object never handed over has no row (docs/collectors.md): its account holds it. A proof made then
 * names this id, derived from the object and the account, so a transfer to another account supersedes it as a
 * hand-over does.
 */
function implicitHoldingId(assetId: string, accountId: string): string {
  const hex = sha256Hex(`implicit-holding:${assetId}:${accountId}`);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The current holding of an object: its id and the commitment a receipt names. */
async function currentHolding(db: Queryable, planet: string, assetId: string, accountId: string) {
  const row = await readCurrentHolding(db, planet, assetId);
  if (row) return { ...row, holder: row.commitment };
  return {
    holdingId: implicitHoldingId(assetId, accountId),
    holderKind: 'account' as const,
    accountId,
    collectorId: null,
    holder: 'registrant',
  };
}

/**
 * A new proof that the asker holds the object now, good for ten minutes. Only the current holder may make one;
 * anyone else is told the object does not exist, as for any object that is not theirs.
 */
export async function createHoldingProof(
  db: Queryable,
  request: HolderRequest,
  at = new Date(),
): Promise<HoldingProof> {
  const asset = await findHeldAsset(db, request.planet, request.assetId);
  if (!asset) throw new AppError('asset_not_found');
  const holding = await currentHolding(db, request.planet, request.assetId, asset.accountId);
  const holds =
    'collectorId' in request
      ? holding.holderKind === 'collector' && holding.collectorId === request.collectorId
      : holding.holderKind === 'account' && holding.accountId === request.accountId;
  if (!holds) throw new AppError('asset_not_found');
  const code = randomBytes(CODE_BYTES).toString('base64url');
  const expiresAt = new Date(at.getTime() + HOLDING_PROOF_LIFETIME_MS);
  await insertHoldingProof(db, {
    id: randomUUID(),
    assetId: request.assetId,
    planet: request.planet,
    holdingId: holding.holdingId,
    codeHash: sha256Hex(code),
    expiresAt,
  });
  return {
    code,
    url: holdingProofPath(asset.certificateNumber, code),
    expiresAt,
    certificateNumber: asset.certificateNumber,
    title: asset.title,
  };
}

/** Where a proof is read: the certificate's page with the code. */
function holdingProofPath(certificateNumber: string, code: string): string {
  return `/c/${encodeURIComponent(certificateNumber)}?proof=${encodeURIComponent(code)}`;
}

/** Where the signed receipt of a proof's check is fetched, without a key (docs/collectors.md). */
export function holdingProofReceiptPath(certificateNumber: string, code: string): string {
  return `/c/${encodeURIComponent(certificateNumber)}/proofs/${encodeURIComponent(code)}`;
}

/**
 * Checks a proof shown for the certificate `certificateNumber`: valid when it was made for this certificate, has not
 * expired, and the holding it was made for is still the current one (no hand-over since).
 */
export async function checkHoldingProof(
  db: Queryable,
  certificateNumber: string,
  code: string,
  at = new Date(),
): Promise<HoldingProofCheck> {
  if (!CODE_PATTERN.test(code)) return { valid: false };
  const proof = await findHoldingProof(db, sha256Hex(code), certificateNumber);
  if (!proof || new Date(proof.expiresAt).getTime() <= at.getTime()) return { valid: false };
  const holding = await currentHolding(db, proof.planet, proof.assetId, proof.accountId);
  if (holding.holdingId !== proof.holdingId) return { valid: false };
  return {
    valid: true,
    proofId: proof.id,
    certificateNumber: proof.certificateNumber,
    holder: holding.holder,
    checkedAt: at,
  };
}

/**
 * The signed receipt of a good check, as the text that was signed: a credential signed as the verification receipts
 * are (eddsa-jcs-2022, the issuer's active key), naming the certificate, the holding's commitment, the time and the
 * proof. No name, no address: anyone verifies it offline against the service's DID document.
 */
export async function holdingProofReceiptText(
  db: Queryable,
  signer: DocumentSigner,
  check: Extract<HoldingProofCheck, { valid: true }>,
): Promise<string> {
  const checkedAt = check.checkedAt.toISOString();
  const { signed } = await signer.sign(
    db,
    {
      '@context': [VC_CONTEXT_V2],
      type: ['VerifiableCredential', 'HoldingProofReceipt'],
      issuer: signer.identity.did,
      validFrom: checkedAt,
      credentialSubject: {
        type: 'HoldingProof',
        certificate_number: check.certificateNumber,
        holder: check.holder,
        checked_at: checkedAt,
        proof_id: check.proofId,
      },
    },
    check.checkedAt,
  );
  return JSON.stringify(signed);
}
