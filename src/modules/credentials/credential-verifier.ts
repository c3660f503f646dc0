import { gunzipSync } from 'node:zlib';
import { base64urlnopad } from '@scure/base';
import { readProof, verifyEddsaJcs2022, type JsonObject } from '../signing/data-integrity.js';
import { didDocumentUrlOfDid } from '../signing/did-web-resolution.js';
import { publicKeyObjectOfRaw, rawPublicKeyOfMultibase } from '../signing/multikey.js';

/**
 * The offline verifier: checks a credential, status list or receipt against the issuer's DID document and
 * the status lists, without this service's database. What it cannot fetch it reports as UNCHECKED.
 */
export type VerificationOutcome = 'VALID' | 'SUSPENDED' | 'REVOKED' | 'INVALID' | 'UNCHECKED';

export interface StatusCheck {
  purpose: string;
  index: number;
  list: string;
  /** true: the bit is set; false: clear; null: the list could not be checked. */
  set: boolean | null;
  problem?: string;
}

export interface CredentialVerification {
  result: VerificationOutcome;
  /** Why it is not VALID. */
  reason?: string;
  types: string[];
  issuer?: string;
  verification_method?: string;
  status: StatusCheck[];
  /** The refresh bit is set: the issuer signed a newer version (a correction, docs/corrections.md). */
  newer_version?: boolean;
}

export interface VerifierSources {
  /** DID documents the caller holds (e.g. --did-document), by their id. */
  didDocuments?: JsonObject[];
  /** Status list credentials the caller holds (--status-list), by their id. */
  statusLists?: JsonObject[];
  /** Fetches JSON from a URL; throws when it cannot. */
  fetchJson?: (url: string) => Promise<unknown>;
}

class Unchecked extends Error {}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asArray(value: unknown): unknown[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

function issuerOf(document: JsonObject): string | undefined {
  const issuer = document.issuer;
  if (typeof issuer === 'string') return issuer;
  return isObject(issuer) && typeof issuer.id === 'string' ? issuer.id : undefined;
}

async function fetchOrFail(sources: VerifierSources, url: string, what: string): Promise<unknown> {
  if (!sources.fetchJson) throw new Unchecked(`${what} ${url} was not given and fetching is off`);
  try {
    return await sources.fetchJson(url);
  } catch (error) {
    throw new Unchecked(`could not fetch ${what} ${url}: ${(error as Error).message}`);
  }
}

/** The raw Ed25519 key a verification method names, or a reason it names none the issuer publishes. */
async function resolveKey(
  verificationMethod: string,
  proofPurpose: string,
  sources: VerifierSources,
): Promise<Uint8Array | string> {
  const did = verificationMethod.split('#', 1)[0]!;
  if (did.startsWith('did:key:')) {
    const key = rawPublicKeyOfMultibase(did.slice('did:key:'.length));
    return key ?? `${did} is not an Ed25519 did:key`;
  }
  if (!did.startsWith('did:web:')) return `unsupported DID method in ${verificationMethod}`;
  let document = sources.didDocuments?.find((candidate) => candidate.id === did);
  if (!document) {
    const url = didDocumentUrlOfDid(did);
    if (!url) return `${did} is not a valid did:web`;
    const fetched = await fetchOrFail(sources, url, 'the DID document');
    if (!isObject(fetched) || fetched.id !== did)
      throw new Unchecked(`${url} is not the DID document of ${did}`);
    document = fetched;
  }
  const fragment = verificationMethod.slice(did.length);
  const method = asArray(document.verificationMethod).find(
    (entry) => isObject(entry) && (entry.id === verificationMethod || entry.id === fragment),
  );
  if (!isObject(method))
    return `the issuer does not publish the key ${verificationMethod} (unknown or retired)`;
  const purposes = asArray(document[proofPurpose]);
  const listed = purposes.some((entry) =>
    typeof entry === 'string'
      ? entry === verificationMethod || entry === fragment
      : isObject(entry) && entry.id === method.id,
  );
  if (!listed) return `the key ${verificationMethod} is not listed for ${proofPurpose}`;
  if (method.type !== 'Multikey' || typeof method.publicKeyMultibase !== 'string') {
    return `the key ${verificationMethod} is not an Ed25519 Multikey`;
  }
  return rawPublicKeyOfMultibase(method.publicKeyMultibase) ?? `the key ${verificationMethod} is not Ed25519`;
}

/** Checks the proof and the issuer: undefined when sound, else the reason. */
async function checkProof(document: unknown, sources: VerifierSources): Promise<string | undefined> {
  const proof = readProof(document);
  if (typeof proof === 'string') return proof;
  const issuer = issuerOf(document as JsonObject);
  const did = proof.verificationMethod.split('#', 1)[0];
  if (issuer !== undefined && issuer !== did)
    return `the proof's key ${proof.verificationMethod} is not the issuer's (${issuer})`;
  const key = await resolveKey(proof.verificationMethod, proof.proofPurpose, sources);
  if (typeof key === 'string') return key;
  const check = verifyEddsaJcs2022(document, publicKeyObjectOfRaw(key));
  return check.verified ? undefined : check.reason;
}

function checkValidityPeriod(document: JsonObject, now: Date): string | undefined {
  const from = typeof document.validFrom === 'string' ? Date.parse(document.validFrom) : undefined;
  const until = typeof document.validUntil === 'string' ? Date.parse(document.validUntil) : undefined;
  if (from !== undefined && (Number.isNaN(from) || from > now.getTime() + 5 * 60_000)) {
    return `validFrom ${String(document.validFrom)} is not yet reached`;
  }
  if (until !== undefined && (Number.isNaN(until) || until < now.getTime())) {
    return `validUntil ${String(document.validUntil)} has passed`;
  }
  return undefined;
}

function bitAt(encodedList: string, index: number): boolean | string {
  if (!encodedList.startsWith('u')) return 'the encodedList is not multibase base64url';
  let bits: Buffer;
  try {
    bits = gunzipSync(base64urlnopad.decode(encodedList.slice(1)));
  } catch {
    return 'the encodedList is not GZIP-compressed base64url';
  }
  if (index >= bits.length * 8) return `index ${index} is past the end of the list`;
  return (bits[index >> 3]! & (0x80 >> (index & 7))) !== 0;
}

async function checkStatusEntry(
  entry: JsonObject,
  issuer: string | undefined,
  sources: VerifierSources,
): Promise<StatusCheck | string> {
  const listUrl = entry.statusListCredential;
  const purpose = entry.statusPurpose;
  const index = typeof entry.statusListIndex === 'string' ? Number(entry.statusListIndex) : NaN;
  if (typeof listUrl !== 'string' || typeof purpose !== 'string' || !Number.isInteger(index) || index < 0) {
    return 'a credentialStatus entry is malformed';
  }
  const check: StatusCheck = { purpose, index, list: listUrl, set: null };
  try {
    const list =
      sources.statusLists?.find((candidate) => candidate.id === listUrl) ??
      (await fetchOrFail(sources, listUrl, 'the status list'));
    if (!isObject(list)) throw new Unchecked(`${listUrl} is not a status list credential`);
    const problem = await checkProof(list, sources);
    if (problem) throw new Unchecked(`the status list ${listUrl} does not verify: ${problem}`);
    if (issuer !== undefined && issuerOf(list) !== issuer) {
      throw new Unchecked(`the status list ${listUrl} is not the credential issuer's`);
    }
    const subject = list.credentialSubject;
    if (!isObject(subject) || subject.statusPurpose !== purpose || typeof subject.encodedList !== 'string') {
      throw new Unchecked(`the status list ${listUrl} is not a ${purpose} list`);
    }
    const bit = bitAt(subject.encodedList, index);
    if (typeof bit === 'string') throw new Unchecked(`the status list ${listUrl}: ${bit}`);
    check.set = bit;
  } catch (error) {
    if (!(error instanceof Unchecked)) throw error;
    check.problem = error.message;
  }
  return check;
}

export async function verifyCredential(
  document: unknown,
  sources: VerifierSources,
  now = new Date(),
): Promise<CredentialVerification> {
  if (!isObject(document)) return { result: 'INVALID', reason: 'not a JSON object', types: [], status: [] };
  const types = asArray(document.type).filter((type): type is string => typeof type === 'string');
  const base = {
    types,
    issuer: issuerOf(document),
    verification_method: isObject(document.proof) ? String(document.proof.verificationMethod) : undefined,
  };
  let problem: string | undefined;
  try {
    problem = await checkProof(document, sources);
  } catch (error) {
    if (error instanceof Unchecked)
      return { ...base, result: 'UNCHECKED', reason: error.message, status: [] };
    throw error;
  }
  problem ??= checkValidityPeriod(document, now);
  if (problem) return { ...base, result: 'INVALID', reason: problem, status: [] };

  const status: StatusCheck[] = [];
  for (const entry of asArray(document.credentialStatus)) {
    if (!isObject(entry) || entry.type !== 'BitstringStatusListEntry') {
      return { ...base, result: 'INVALID', reason: 'an unsupported credentialStatus entry', status };
    }
    const checked = await checkStatusEntry(entry, base.issuer, sources);
    if (typeof checked === 'string') return { ...base, result: 'INVALID', reason: checked, status };
    status.push(checked);
  }
  const setFor = (purpose: string) => status.some((entry) => entry.purpose === purpose && entry.set === true);
  if (setFor('revocation')) return { ...base, result: 'REVOKED', reason: 'the issuer revoked it', status };
  if (setFor('suspension'))
    return { ...base, result: 'SUSPENDED', reason: 'the issuer suspended it', status };
  // A refresh bit says only that a newer version exists: it never makes a credential fail, nor unchecked.
  const newer = setFor('refresh') ? { newer_version: true } : {};
  const unchecked = status.filter((entry) => entry.set === null && entry.purpose !== 'refresh');
  if (unchecked.length > 0) {
    return {
      ...base,
      result: 'UNCHECKED',
      reason: unchecked.map((entry) => entry.problem).join('; '),
      status,
      ...newer,
    };
  }
  return { ...base, result: 'VALID', status, ...newer };
}
