import { createHash, randomInt } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { base64urlnopad } from '@scure/base';
import type { Database, Queryable } from '../../db/database.js';
import { AppError } from '../../errors/error-catalogue.js';
import { etagOf } from '../../lib/immutable-responses.js';
import type { PublicRead, PublicReadCache } from '../public-reads/public-read-cache.js';
import type { DocumentSigner } from '../signing/document-signer.js';
import {
  createStatusList,
  findNewestStatusList,
  findRandomFreeIndex,
  findStatusEntries,
  findStatusList,
  listSetIndexes,
  setStatusBit,
  storeSignedStatusList,
  takeStatusIndex,
  type StatusPurpose,
} from './credentials.repository.js';

const statusPurposes: readonly StatusPurpose[] = ['revocation', 'suspension', 'refresh'];
/** How long a served list may be cached: a change is served within this time. */
export const STATUS_LIST_MAX_AGE_SECONDS = 5;
// Random draws before asking the database for a free index (a list that is nearly full).
const RANDOM_DRAWS = 16;

function isStatusPurpose(value: string): value is StatusPurpose {
  return (statusPurposes as readonly string[]).includes(value);
}

export function statusListUrl(baseUrl: string, purpose: StatusPurpose, listNumber: number): string {
  return `${baseUrl}/status/${purpose}/${listNumber}`;
}

/** The bitstring (index 0 is the first byte's most significant bit), GZIP-compressed, multibase base64url. */
function encodeStatusList(size: number, setIndexes: readonly number[]): string {
  const bits = new Uint8Array(size / 8);
  for (const index of setIndexes) bits[index >> 3]! |= 0x80 >> (index & 7);
  return `u${base64urlnopad.encode(gzipSync(bits))}`;
}

/** Gives the certificate a random free index in the newest list of each purpose (herd privacy). */
export async function allocateStatusEntries(tx: Queryable, planet: string, assetId: string): Promise<void> {
  const held = new Set((await findStatusEntries(tx, planet, assetId)).map((entry) => entry.purpose));
  for (const purpose of statusPurposes) {
    if (held.has(purpose)) continue;
    for (;;) {
      const list = await findNewestStatusList(tx, purpose);
      if (list.taken < list.size && (await takeFreeIndex(tx, purpose, list, planet, assetId))) break;
      // A concurrent first read of the same certificate may have taken its index meanwhile.
      if (await holdsEntry(tx, purpose, planet, assetId)) break;
      await createStatusList(tx, purpose, list.list_number + 1);
    }
  }
}

async function holdsEntry(tx: Queryable, purpose: StatusPurpose, planet: string, assetId: string) {
  return (await findStatusEntries(tx, planet, assetId)).some((entry) => entry.purpose === purpose);
}

async function takeFreeIndex(
  tx: Queryable,
  purpose: StatusPurpose,
  list: { list_number: number; size: number },
  planet: string,
  assetId: string,
): Promise<boolean> {
  const take = (index: number) =>
    takeStatusIndex(tx, { purpose, listNumber: list.list_number, index, planet, assetId });
  for (let draw = 0; draw < RANDOM_DRAWS; draw += 1) {
    if (await take(randomInt(list.size))) return true;
  }
  const free = await findRandomFreeIndex(tx, purpose, list.list_number, list.size);
  return free !== undefined && take(free);
}

/** The bits of a certificate after a move: revoked for good; suspended only while suspended. */
export async function recordStatusBits(
  tx: Queryable,
  planet: string,
  assetId: string,
  certificateStatus: string,
): Promise<void> {
  await setStatusBit(tx, { purpose: 'revocation', planet, assetId, isSet: certificateStatus === 'revoked' });
  await setStatusBit(tx, {
    purpose: 'suspension',
    planet,
    assetId,
    isSet: certificateStatus === 'suspended',
  });
}

/**
 * The signed BitstringStatusListCredential. Read from the entries at every request and re-signed only
 * when its bits (or the signing key) changed since the stored copy, so a change is served at once.
 */
async function statusListCredential(
  db: Database,
  signer: DocumentSigner,
  purposeParam: string,
  listNumberParam: string,
): Promise<string> {
  const listNumber = /^[1-9]\d{0,8}$/.test(listNumberParam) ? Number(listNumberParam) : undefined;
  const list =
    isStatusPurpose(purposeParam) && listNumber !== undefined
      ? await findStatusList(db, purposeParam, listNumber)
      : undefined;
  if (!list) throw new AppError('status_list_not_found');
  const setIndexes = await listSetIndexes(db, list.purpose, list.list_number);
  const verificationMethod = await signer.activeVerificationMethod(db);
  const digest = createHash('sha256')
    .update(`${verificationMethod}\n${signer.identity.baseUrl}\n${setIndexes.join(',')}`)
    .digest('hex');
  if (list.signed_credential && list.signed_bits_digest === digest) return list.signed_credential;

  const url = statusListUrl(signer.identity.baseUrl, list.purpose, list.list_number);
  const now = new Date();
  const { signed } = await signer.sign(db, {
    '@context': ['https://www.w3.org/ns/credentials/v2'],
    id: url,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer: signer.identity.did,
    validFrom: now.toISOString(),
    credentialSubject: {
      id: `${url}#list`,
      type: 'BitstringStatusList',
      statusPurpose: list.purpose,
      encodedList: encodeStatusList(list.size, setIndexes),
      ttl: STATUS_LIST_MAX_AGE_SECONDS * 1000,
    },
  });
  const credential = JSON.stringify(signed);
  await storeSignedStatusList(db, {
    purpose: list.purpose,
    listNumber: list.list_number,
    credential,
    bitsDigest: digest,
  });
  return credential;
}

/** A status list as served: from memory while no bit and no signing key changed; an unknown list (404) is never kept. */
export function readStatusList(
  reads: PublicReadCache,
  db: Database,
  signer: DocumentSigner,
  purpose: string,
  list: string,
): Promise<PublicRead<string>> {
  return reads.read(
    `status/${purpose}/${list}`,
    ['status_lists', 'signing_keys'],
    () => statusListCredential(db, signer, purpose, list),
    etagOf,
  );
}
