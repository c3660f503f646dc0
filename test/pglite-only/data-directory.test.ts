import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirectoryUnsafeError } from '../../src/db/database.js';
import { PgliteDatabase } from '../../src/db/pglite.js';
import { runAvs } from '../helpers/processes.js';

// The embedded data files were once world-writable (docs/reliability.md) (968 of 1,069 files 0666).
const scratch = () => mkdtempSync(path.join(tmpdir(), 'avs-datadir-'));

/** Every path under directory that group or others may read, write or enter. */
function openToOthers(directory: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const entryPath = path.join(directory, entry.name);
    if (entry.isSymbolicLink()) continue;
    if ((lstatSync(entryPath).mode & 0o077) !== 0) found.push(entryPath);
    if (entry.isDirectory()) found.push(...openToOthers(entryPath));
  }
  return found;
}

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('the embedded data directory is private to its owner', () => {
  it('is created 0700, and no file in it is open to others, after open and after close', async () => {
    const dataDir = path.join(scratch(), 'nested', 'data');
    const db = await PgliteDatabase.open(dataDir);
    try {
      expect(modeOf(dataDir)).toBe(0o700);
      await db.query('CREATE TABLE made_while_running (id int)');
      expect(openToOthers(dataDir)).toEqual([]);
    } finally {
      await db.close();
    }
    expect(openToOthers(dataDir)).toEqual([]);
    expect(modeOf(dataDir)).toBe(0o700);
  });

  it('refuses a directory others can write, saying how to fix it', async () => {
    for (const mode of [0o777, 0o770, 0o702]) {
      const dataDir = scratch();
      chmodSync(dataDir, mode);
      const opening = PgliteDatabase.open(dataDir);
      await expect(opening).rejects.toBeInstanceOf(DataDirectoryUnsafeError);
      await expect(opening).rejects.toThrow(`chmod 700 ${dataDir}`);
    }
  });

  it('opens an existing 0755 directory and takes away the permissions PGlite gave others', async () => {
    const dataDir = scratch();
    const first = await PgliteDatabase.open(dataDir);
    await first.close();
    // As an older version left it: the directory 0755 and PGlite's files world-writable.
    chmodSync(dataDir, 0o755);
    const pgVersion = path.join(dataDir, 'PG_VERSION');
    chmodSync(pgVersion, 0o666);
    mkdirSync(path.join(dataDir, 'extra'), { mode: 0o777 });
    chmodSync(path.join(dataDir, 'extra'), 0o777);
    const second = await PgliteDatabase.open(dataDir);
    await second.close();
    expect(modeOf(pgVersion)).toBe(0o600);
    expect(openToOthers(dataDir)).toEqual([]);
  });

  it('makes avs refuse to start in one line naming the directory', async () => {
    const dataDir = scratch();
    chmodSync(dataDir, 0o777);
    const result = await runAvs(['accounts', 'list'], { env: { AVS_DATA_DIR: dataDir } });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain(
      `The data directory ${dataDir} can be written by other users (mode 0777)`,
    );
  });
});
