import { sign, verify, type KeyObject } from 'node:crypto';
import { canonicalJson } from '../../lib/canonical-json.js';
import { sha256 } from '../../lib/sha256.js';
import { decodeMultibaseBase58, encodeMultibaseBase58 } from './multikey.js';

// W3C Data Integrity EdDSA Cryptosuites v1.0, section 3.3: eddsa-jcs-2022.
const CRYPTOSUITE = 'eddsa-jcs-2022';

export type JsonObject = Record<string, unknown>;

export interface DataIntegrityProof {
  type: 'DataIntegrityProof';
  cryptosuite: typeof CRYPTOSUITE;
  created: string;
  verificationMethod: string;
  proofPurpose: string;
  '@context'?: unknown;
  proofValue: string;
}

export interface ProofOptions {
  verificationMethod: string;
  created: Date;
  proofPurpose?: string;
}

function canonical(value: unknown): string {
  const text = canonicalJson(value);
  if (text === undefined) throw new TypeError('The document has no JSON form.');
  return text;
}

/** Hash data (spec 3.3.4): SHA-256 of the JCS proof configuration, then SHA-256 of the JCS document. */
function hashData(proofConfig: JsonObject, unsecuredDocument: JsonObject): Buffer {
  return Buffer.concat([sha256(canonical(proofConfig)), sha256(canonical(unsecuredDocument))]);
}

/** XML Schema dateTime without milliseconds, as the specification's examples write it. */
function proofTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Adds an eddsa-jcs-2022 DataIntegrityProof to a document (spec 3.3.1 and 3.3.5). */
export function signEddsaJcs2022<T extends JsonObject>(
  unsecuredDocument: T,
  privateKey: KeyObject,
  options: ProofOptions,
): T & { proof: DataIntegrityProof } {
  const proofConfig: JsonObject = {
    type: 'DataIntegrityProof',
    cryptosuite: CRYPTOSUITE,
    created: proofTimestamp(options.created),
    verificationMethod: options.verificationMethod,
    proofPurpose: options.proofPurpose ?? 'assertionMethod',
  };
  // Proof configuration, step 2: the proof carries the document's @context.
  if (unsecuredDocument['@context'] !== undefined) proofConfig['@context'] = unsecuredDocument['@context'];
  const signature = sign(null, hashData(proofConfig, unsecuredDocument), privateKey);
  const proof = { ...proofConfig, proofValue: encodeMultibaseBase58(signature) } as DataIntegrityProof;
  return { ...unsecuredDocument, proof };
}

export type ProofCheck =
  | { verified: true; proof: DataIntegrityProof }
  | { verified: false; reason: string; proof?: DataIntegrityProof };

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The proof of a secured document, checked for shape only (no signature check). */
export function readProof(securedDocument: unknown): DataIntegrityProof | string {
  if (!isObject(securedDocument)) return 'the document is not a JSON object';
  const proof = securedDocument.proof;
  if (Array.isArray(proof)) return 'the document carries a proof set; one proof is expected';
  if (!isObject(proof)) return 'the document has no proof';
  if (proof.type !== 'DataIntegrityProof')
    return `proof type ${String(proof.type)} is not DataIntegrityProof`;
  if (proof.cryptosuite !== CRYPTOSUITE)
    return `cryptosuite ${String(proof.cryptosuite)} is not ${CRYPTOSUITE}`;
  for (const field of ['verificationMethod', 'proofPurpose', 'proofValue'] as const) {
    if (typeof proof[field] !== 'string') return `the proof has no ${field}`;
  }
  if (proof.created !== undefined && typeof proof.created !== 'string')
    return 'the proof created is not a string';
  return proof as unknown as DataIntegrityProof;
}

/** Verifies an eddsa-jcs-2022 proof (spec 3.3.2) with the key its verificationMethod names. */
export function verifyEddsaJcs2022(securedDocument: unknown, publicKey: KeyObject): ProofCheck {
  const proof = readProof(securedDocument);
  if (typeof proof === 'string') return { verified: false, reason: proof };
  const { proof: _omitted, ...unsecuredDocument } = securedDocument as JsonObject;
  const { proofValue, ...proofConfig } = proof;
  if (proofConfig['@context'] !== undefined) {
    // Step 4: the document's @context must start with the proof's, which then stands in for it.
    const proofContext = ([] as unknown[]).concat(proofConfig['@context']);
    const documentContext = ([] as unknown[]).concat(unsecuredDocument['@context'] ?? []);
    if (proofContext.some((entry, index) => canonicalJson(entry) !== canonicalJson(documentContext[index]))) {
      return {
        verified: false,
        reason: 'the document @context does not start with the proof @context',
        proof,
      };
    }
    unsecuredDocument['@context'] = proofConfig['@context'];
  }
  const signature = decodeMultibaseBase58(proofValue);
  if (!signature || signature.length !== 64) {
    return { verified: false, reason: 'the proofValue is not a base58btc Ed25519 signature', proof };
  }
  let data: Buffer;
  try {
    data = hashData(proofConfig, unsecuredDocument);
  } catch {
    return { verified: false, reason: 'the document cannot be canonicalised (RFC 8785)', proof };
  }
  return verify(null, data, publicKey, signature)
    ? { verified: true, proof }
    : { verified: false, reason: 'the signature does not match the document', proof };
}
