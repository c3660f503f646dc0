import { randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../../db/database.js';
import { openPrivateKey, sealPrivateKey } from '../signing/key-encryption.js';
import { aesCmac, diversifyAes128Key } from './sun-crypto.js';
import {
  insertTagKeyVersionIfMissing,
  listTagKeyVersionDates,
  listTagKeyVersions,
  lockTagKeyVersions,
  newestTagKeyVersion,
  nextTagKeyVersion,
  type NewTagKeyVersion,
  type TagKeyVersionRow,
} from './tag-keys.repository.js';

const TAG_MASTER_KEY_BYTES = 16;
// NIST SP 800-108 counter mode with AES-CMAC as the PRF: one block, counter 1, output length 128 bits.
const KDF_COUNTER = Buffer.from([0x01]);
const KDF_OUTPUT_BITS = Buffer.from([0x00, 0x80]);
const META_READ_KEY_LABEL = 'AVS NTAG 424 DNA SDM meta read key';
const FILE_READ_MASTER_KEY_LABEL = 'AVS NTAG 424 DNA SDM file read master key';

/** One version's keys: the meta read key is every tag's of that version; the file read key is diversified per tag. */
export interface TagKeys {
  version: number;
  metaReadKey: Buffer;
  fileReadMasterKey: Buffer;
}

/** K_out = CMAC(K, [1] || label || 0x00 || [128]): SP 800-108 counter mode, no context (a version has one master key). */
function deriveKey(masterKey: Buffer, label: string): Buffer {
  return aesCmac(
    masterKey,
    Buffer.concat([KDF_COUNTER, Buffer.from(label, 'ascii'), Buffer.from([0x00]), KDF_OUTPUT_BITS]),
  );
}

// The version is bound to the sealed key as associated data, so a sealed key moved to another row does not open.
const sealedKeyId = (version: number) => `tag-key-v${version}`;

function newTagKeyVersion(version: number, masterKey: string | undefined): NewTagKeyVersion {
  const sealed = sealPrivateKey(randomBytes(TAG_MASTER_KEY_BYTES), sealedKeyId(version), masterKey);
  return { version, masterKey: sealed.privateKey, encryption: sealed.encryption };
}

function openTagKeys(row: TagKeyVersionRow, masterKey: string | undefined): TagKeys {
  const tagMasterKey = openPrivateKey(
    row.master_key,
    row.master_key_encryption,
    sealedKeyId(row.version),
    masterKey,
    `Tag key version ${row.version}`,
  );
  return {
    version: row.version,
    metaReadKey: deriveKey(tagMasterKey, META_READ_KEY_LABEL),
    fileReadMasterKey: deriveKey(tagMasterKey, FILE_READ_MASTER_KEY_LABEL),
  };
}

/** Every version's keys, newest first (a tap tries each meta read key: the UID is known only after decrypting). */
export async function tagKeysByVersion(db: Queryable, masterKey: string | undefined): Promise<TagKeys[]> {
  return (await listTagKeyVersions(db)).map((row) => openTagKeys(row, masterKey));
}

/** The newest version number, or 0 before the first binding made one. */
export async function newestTagKeyVersionNumber(db: Queryable): Promise<number> {
  const [row] = await newestTagKeyVersion(db);
  return row?.version ?? 0;
}

/** The keys new bindings use: the newest version, version 1 made on first use. */
export async function currentTagKeys(db: Queryable, masterKey: string | undefined): Promise<TagKeys> {
  const [newest] = await listTagKeyVersions(db);
  if (newest) return openTagKeys(newest, masterKey);
  // Instances binding their first tag at once meet on the primary key: one version 1, read back by all.
  await insertTagKeyVersionIfMissing(db, newTagKeyVersion(1, masterKey));
  return openTagKeys((await listTagKeyVersions(db))[0]!, masterKey);
}

/** The per-tag SDM file read key (the MAC key): AN10922 diversification of the version's key by the 7-byte UID. */
export function tagFileReadKey(keys: TagKeys, uid: Buffer): Buffer {
  return diversifyAes128Key(keys.fileReadMasterKey, uid);
}

/** A new version for new bindings; the older ones stay, since the keys in a tag cannot change. */
export async function rotateTagKeys(db: Database, masterKey: string | undefined): Promise<number> {
  return db.transaction(async (tx) => {
    await lockTagKeyVersions(tx);
    // A first use (currentTagKeys, which takes no lock) may take version 1 meanwhile: then the next number.
    for (;;) {
      const version = await nextTagKeyVersion(tx);
      if (await insertTagKeyVersionIfMissing(tx, newTagKeyVersion(version, masterKey))) return version;
    }
  });
}

export interface TagKeyVersionSummary {
  version: number;
  created_at: string;
}

/** The versions and their dates, newest first: never a key. */
export async function listTagKeyVersionSummaries(db: Queryable): Promise<TagKeyVersionSummary[]> {
  return (await listTagKeyVersionDates(db)).map((row) => ({
    version: row.version,
    created_at: row.created_at.toISOString(),
  }));
}
