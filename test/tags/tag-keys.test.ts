import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MasterKeyError } from '../../src/modules/signing/key-encryption.js';
import { diversifyAes128Key } from '../../src/modules/tags/sun-crypto.js';
import {
  currentTagKeys,
  listTagKeyVersionSummaries,
  rotateTagKeys,
  tagFileReadKey,
  tagKeysByVersion,
} from '../../src/modules/tags/tag-keys.service.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.drop());

const masterKey = Buffer.alloc(32, 7).toString('base64');
const otherMasterKey = Buffer.alloc(32, 8).toString('base64');
const uid = Buffer.from('04DE5F1EACC040', 'hex');

interface StoredVersion {
  version: number;
  master_key: Buffer;
  master_key_encryption: string;
}
const storedVersions = async () =>
  (
    await database.db.query<StoredVersion>(
      'SELECT version, master_key, master_key_encryption FROM tag_key_versions ORDER BY version',
    )
  ).rows;

describe('tag keys', () => {
  it('makes version 1 on first use, once, however many instances ask at the same moment', async () => {
    const first = await Promise.all(Array.from({ length: 6 }, () => currentTagKeys(database.db, masterKey)));
    expect(first.map((keys) => keys.version)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(new Set(first.map((keys) => keys.metaReadKey.toString('hex'))).size).toBe(1);
    expect((await storedVersions()).map((row) => row.version)).toEqual([1]);
  });

  it('derives two distinct 16-byte keys from a version and diversifies the file read key per UID', async () => {
    const keys = await currentTagKeys(database.db, masterKey);
    expect(keys.metaReadKey).toHaveLength(16);
    expect(keys.fileReadMasterKey).toHaveLength(16);
    expect(keys.metaReadKey.equals(keys.fileReadMasterKey)).toBe(false);
    const tagKey = tagFileReadKey(keys, uid);
    expect(tagKey.equals(diversifyAes128Key(keys.fileReadMasterKey, uid))).toBe(true);
    expect(tagKey.equals(tagFileReadKey(keys, Buffer.from('04DE5F1EACC041', 'hex')))).toBe(false);
    // Derived again on every read, the same each time.
    const again = await currentTagKeys(database.db, masterKey);
    expect(again.metaReadKey.equals(keys.metaReadKey)).toBe(true);
    expect(again.fileReadMasterKey.equals(keys.fileReadMasterKey)).toBe(true);
  });

  it('keeps only the master key, sealed under AVS_MASTER_KEY, never a derived key', async () => {
    const keys = await currentTagKeys(database.db, masterKey);
    const [row] = await storedVersions();
    expect(row!.master_key_encryption).toBe('aes-256-gcm');
    // iv (12) || GCM tag (16) || the 16-byte key enciphered.
    expect(row!.master_key).toHaveLength(44);
    const { rows } = await database.db.query<{ dump: string }>(
      `SELECT string_agg(t::text, ' ') AS dump FROM tag_key_versions t`,
    );
    for (const derived of [keys.metaReadKey, keys.fileReadMasterKey, tagFileReadKey(keys, uid)]) {
      expect(rows[0]!.dump).not.toContain(derived.toString('hex'));
    }
  });

  it('refuses to open the keys without AVS_MASTER_KEY or with another one, naming the variable', async () => {
    await expect(currentTagKeys(database.db, undefined)).rejects.toThrow(
      'Tag key version 1 is encrypted: set AVS_MASTER_KEY to the key it was encrypted with.',
    );
    await expect(tagKeysByVersion(database.db, otherMasterKey)).rejects.toBeInstanceOf(MasterKeyError);
    await expect(tagKeysByVersion(database.db, otherMasterKey)).rejects.toThrow(
      'Tag key version 1 does not open with this AVS_MASTER_KEY.',
    );
  });

  it('rotates to a new version for new bindings and keeps every older one for the tags that carry it', async () => {
    const before = await currentTagKeys(database.db, masterKey);
    expect(await rotateTagKeys(database.db, masterKey)).toBe(2);
    const current = await currentTagKeys(database.db, masterKey);
    expect(current.version).toBe(2);
    expect(current.metaReadKey.equals(before.metaReadKey)).toBe(false);
    expect(current.fileReadMasterKey.equals(before.fileReadMasterKey)).toBe(false);

    const all = await tagKeysByVersion(database.db, masterKey);
    expect(all.map((keys) => keys.version)).toEqual([2, 1]);
    expect(all[1]!.metaReadKey.equals(before.metaReadKey)).toBe(true);
    expect(all[1]!.fileReadMasterKey.equals(before.fileReadMasterKey)).toBe(true);
  });

  it('gives concurrent rotations a version each', async () => {
    const versions = await Promise.all([1, 2, 3].map(() => rotateTagKeys(database.db, masterKey)));
    expect([...versions].sort()).toEqual([3, 4, 5]);
    expect((await storedVersions()).map((row) => row.version)).toEqual([1, 2, 3, 4, 5]);
  });

  it('does not open a sealed key moved to another version (the version is bound to it)', async () => {
    await database.db.query(
      `UPDATE tag_key_versions SET master_key = (SELECT master_key FROM tag_key_versions WHERE version = 1)
       WHERE version = 5`,
    );
    await expect(currentTagKeys(database.db, masterKey)).rejects.toThrow(
      'Tag key version 5 does not open with this AVS_MASTER_KEY.',
    );
    await database.db.query('DELETE FROM tag_key_versions WHERE version = 5');
  });

  it('lists versions and dates, newest first, and never a key', async () => {
    const summaries = await listTagKeyVersionSummaries(database.db);
    expect(summaries.map((summary) => summary.version)).toEqual([4, 3, 2, 1]);
    for (const summary of summaries) {
      expect(Object.keys(summary).sort()).toEqual(['created_at', 'version']);
      expect(new Date(summary.created_at).toISOString()).toBe(summary.created_at);
    }
  });

  it('are kept in clear without AVS_MASTER_KEY, as signing keys are, and open without one', async () => {
    await database.db.query('DELETE FROM tag_key_versions');
    const keys = await currentTagKeys(database.db, undefined);
    const [row] = await storedVersions();
    expect(row).toMatchObject({ version: 1, master_key_encryption: 'none' });
    expect(row!.master_key).toHaveLength(16);
    expect((await tagKeysByVersion(database.db, undefined))[0]!.metaReadKey.equals(keys.metaReadKey)).toBe(
      true,
    );
  });
});
