import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tagKeysByVersion } from '../../src/modules/tags/tag-keys.service.js';
import { runAvsInProcess } from '../helpers/cli-in-process.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

describe('avs tag-keys', () => {
  let database: TestDatabase;
  const masterKey = Buffer.alloc(32, 43).toString('base64');
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());
  const avs = (args: string[]) =>
    runAvsInProcess(args, { db: database.db, config: { AVS_MASTER_KEY: masterKey } });

  it('lists no version before the first binding', async () => {
    const listed = await avs(['tag-keys', 'list']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toBe('(none: version 1 is made when the first tag is bound)\n');
    expect(JSON.parse((await avs(['tag-keys', 'list', '--json'])).stdout)).toEqual({ data: [] });
  });

  it('rotate adds a version sealed under AVS_MASTER_KEY; list shows versions and dates, never a key', async () => {
    const first = await avs(['tag-keys', 'rotate', '--json']);
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toEqual({ version: 1 });
    const second = await avs(['tag-keys', 'rotate']);
    expect(second.stdout).toBe(
      'New tag key version 2: tags bound from now on get its keys; tags bound earlier keep theirs and still verify.\n',
    );

    const listed = JSON.parse((await avs(['tag-keys', 'list', '--json'])).stdout) as {
      data: { version: number; created_at: string }[];
    };
    expect(listed.data.map((entry) => Object.keys(entry).sort())).toEqual([
      ['created_at', 'version'],
      ['created_at', 'version'],
    ]);
    expect(listed.data.map((entry) => entry.version)).toEqual([2, 1]);
    const human = (await avs(['tag-keys', 'list'])).stdout;
    expect(human).toMatch(/^version 2 {2}created \S+Z\nversion 1 {2}created \S+Z\n$/);

    // Both versions open with the CLI's AVS_MASTER_KEY, and no derived key appears in what was printed.
    const keys = await tagKeysByVersion(database.db, masterKey);
    expect(keys.map((version) => version.version)).toEqual([2, 1]);
    for (const { metaReadKey, fileReadMasterKey } of keys) {
      for (const key of [metaReadKey, fileReadMasterKey]) {
        expect(`${first.stdout}${second.stdout}${human}`.toLowerCase()).not.toContain(key.toString('hex'));
      }
    }
    const { rows } = await database.db.query<{ master_key_encryption: string }>(
      'SELECT master_key_encryption FROM tag_key_versions',
    );
    expect(rows.map((row) => row.master_key_encryption)).toEqual(['aes-256-gcm', 'aes-256-gcm']);
  });

  it('answers usage errors with exit 2', async () => {
    for (const args of [
      ['tag-keys'],
      ['tag-keys', 'retire'],
      ['tag-keys', 'rotate', '2'],
      ['tag-keys', 'list', '--all'],
    ]) {
      const result = await avs(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(/^avs tag-keys: /);
    }
  });
});
