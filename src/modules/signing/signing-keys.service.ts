import { createHash, createPrivateKey, type KeyObject } from 'node:crypto';
import { base64urlnopad } from '@scure/base';
import { canonicalJson } from '../../lib/canonical-json.js';
import { pick } from '../../lib/records.js';
import type { Database, Queryable } from '../../db/database.js';
import { AppError } from '../../errors/error-catalogue.js';
import type { KnownVersions, PublicReadCache } from '../public-reads/public-read-cache.js';
import { openPrivateKey, sealPrivateKey } from './key-encryption.js';
import { jwkOfRawPublicKey, rawPublicKeyOfKeyObject } from './multikey.js';
import {
  findActiveKeyId,
  findKey,
  findPrivateKey,
  insertActiveKeyIfMissing,
  listKeys,
  listPublishedKeys,
  lockPurpose,
  markRetired,
  supersedeActiveKey,
  type SigningKeyPurpose,
  type SigningKeyRow,
} from './signing-keys.repository.js';
import { newKeyPair } from '../../lib/key-pairs.js';

export type { SigningKeyPurpose } from './signing-keys.repository.js';

/** What every key id looks like: 43 base64url characters (so one in 64 begins with '-'). */
export const SIGNING_KEY_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The key id: the RFC 7638 JWK thumbprint of the public key, the same in did.json and jwks.json. */
function keyIdOf(rawPublicKey: Uint8Array): string {
  const { crv, kty, x } = jwkOfRawPublicKey(rawPublicKey);
  return base64urlnopad.encode(createHash('sha256').update(canonicalJson({ crv, kty, x })!).digest());
}

function newKey(purpose: SigningKeyPurpose, masterKey: string | undefined) {
  const { publicKey, privateKey } = newKeyPair('ed25519');
  const raw = rawPublicKeyOfKeyObject(publicKey);
  const id = keyIdOf(raw);
  const sealed = sealPrivateKey(privateKey.export({ format: 'der', type: 'pkcs8' }), id, masterKey);
  return {
    id,
    purpose,
    publicKey: Buffer.from(raw),
    privateKey: sealed.privateKey,
    encryption: sealed.encryption,
  };
}

/** Creates the purpose's first key unless another instance (or an earlier start) did. */
export async function ensureSigningKey(
  db: Queryable,
  purpose: SigningKeyPurpose,
  masterKey: string | undefined,
): Promise<string> {
  const existing = await findActiveKeyId(db, purpose);
  if (existing) return existing;
  await insertActiveKeyIfMissing(db, newKey(purpose, masterKey));
  return (await findActiveKeyId(db, purpose))!;
}

export interface SigningKeySummary {
  id: string;
  purpose: SigningKeyPurpose;
  algorithm: string;
  status: SigningKeyRow['status'];
  public_key_jwk: ReturnType<typeof jwkOfRawPublicKey>;
  created_at: string;
  superseded_at: string | null;
  retired_at: string | null;
}

function summarise(row: SigningKeyRow): SigningKeySummary {
  return {
    ...pick(row, 'id', 'purpose', 'algorithm', 'status'),
    public_key_jwk: jwkOfRawPublicKey(row.public_key),
    created_at: row.created_at.toISOString(),
    superseded_at: row.superseded_at?.toISOString() ?? null,
    retired_at: row.retired_at?.toISOString() ?? null,
  };
}

export async function listSigningKeys(db: Queryable): Promise<SigningKeySummary[]> {
  return (await listKeys(db)).map(summarise);
}

/** A new signing key for the purpose; the previous one stays published so what it signed still verifies. */
export async function rotateSigningKey(
  db: Database,
  purpose: SigningKeyPurpose,
  masterKey: string | undefined,
): Promise<SigningKeySummary> {
  return db.transaction(async (tx) => {
    await lockPurpose(tx, purpose);
    await supersedeActiveKey(tx, purpose);
    const key = newKey(purpose, masterKey);
    await insertActiveKeyIfMissing(tx, key);
    return summarise((await findKey(tx, key.id))!);
  });
}

/**
 * Unpublishes a key (a compromised one): what it signed no longer verifies. Retiring the signing key
 * makes a new one at once, so signing never stops.
 */
export async function retireSigningKey(
  db: Database,
  id: string,
  masterKey: string | undefined,
): Promise<{ retired: SigningKeySummary; replacement: SigningKeySummary | null }> {
  return db.transaction(async (tx) => {
    const key = await findKey(tx, id);
    if (!key) throw new AppError('signing_key_not_found', 'no_signing_key', { id });
    await lockPurpose(tx, key.purpose);
    const retired = (await markRetired(tx, id))!;
    let replacement: SigningKeySummary | null = null;
    if (key.status === 'active') {
      const fresh = newKey(key.purpose, masterKey);
      await insertActiveKeyIfMissing(tx, fresh);
      replacement = summarise((await findKey(tx, fresh.id))!);
    }
    return { retired: summarise(retired), replacement };
  });
}

export interface PublishedKey {
  id: string;
  rawPublicKey: Uint8Array;
}

export async function publishedKeys(db: Queryable, purpose: SigningKeyPurpose): Promise<PublishedKey[]> {
  return (await listPublishedKeys(db, purpose)).map((row) => ({ id: row.id, rawPublicKey: row.public_key }));
}

/**
 * Opens private keys on demand and keeps them (a key never changes; only which one is active does, and
 * that is checked at every signature so that a rotation reaches every instance at once). With the public
 * read cache, the active key's id is kept while the signing_keys version is unchanged: the version check is
 * one query shared by every concurrent signature instead of one look-up each (docs/performance.md).
 */
export class SigningKeyring {
  private readonly opened = new Map<string, KeyObject>();

  constructor(
    private readonly masterKey: string | undefined,
    private readonly activeIds?: { cache: PublicReadCache; db: Queryable },
  ) {}

  private activeKeyId(db: Queryable, purpose: SigningKeyPurpose, versions?: KnownVersions): Promise<string> {
    const find = () => ensureSigningKey(db, purpose, this.masterKey);
    // Inside a transaction (another Queryable) the transaction's own view decides: no cache.
    if (!this.activeIds || db !== this.activeIds.db) return find();
    return this.activeIds.cache
      .read(`active-key/${purpose}`, ['signing_keys'], find, (id) => id, { versions })
      .then((read) => read.value);
  }

  /**
   * The purpose's active key, created if there is none yet. `versions`: the signing_keys version the caller read
   * after its request arrived, in a statement of its own (no version check of the cache then).
   */
  async activeKey(
    db: Queryable,
    purpose: SigningKeyPurpose,
    versions?: KnownVersions,
  ): Promise<{ id: string; privateKey: KeyObject }> {
    const id = await this.activeKeyId(db, purpose, versions);
    let privateKey = this.opened.get(id);
    if (!privateKey) {
      const row = (await findPrivateKey(db, id))!;
      privateKey = createPrivateKey({
        key: openPrivateKey(row.private_key, row.private_key_encryption, id, this.masterKey),
        format: 'der',
        type: 'pkcs8',
      });
      this.opened.set(id, privateKey);
    }
    return { id, privateKey };
  }
}
