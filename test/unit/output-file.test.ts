import {
  chownSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { processIo } from '../../src/cli/cli-io.js';
import { runAvs } from '../helpers/processes.js';

/** `avs backup FILE`'s file on the caller's side, as the terminal process opens it. */
const open = (file: string, force = false) => processIo().createOutputFile(file, { force });

async function writeAndFinish(file: string, content: string, force = false): Promise<void> {
  const out = open(file, force);
  out.end(content);
  await finished(out);
}

describe('avs backup FILE: the file on the caller side', () => {
  it('refuses a symlink (its target untouched) and an existing file, unless --force, which replaces the link itself', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'avs-out-'));
    const victim = path.join(dir, 'victim');
    writeFileSync(victim, 'precious', { mode: 0o644 });
    const link = path.join(dir, 'registry.avs');
    symlinkSync(victim, link);
    expect(() => open(link)).toThrow(/already exists.*--force/);
    expect(readFileSync(victim, 'utf8')).toBe('precious');

    const existing = path.join(dir, 'old.avs');
    writeFileSync(existing, 'an older archive', { mode: 0o644 });
    expect(() => open(existing)).toThrow(/already exists/);
    expect(readFileSync(existing, 'utf8')).toBe('an older archive');

    await writeAndFinish(link, 'archive', true);
    expect(lstatSync(link).isFile()).toBe(true);
    expect(readFileSync(link, 'utf8')).toBe('archive');
    expect(readFileSync(victim, 'utf8')).toBe('precious');
    await writeAndFinish(existing, 'new archive', true);
    expect(readFileSync(existing, 'utf8')).toBe('new archive');
    expect(lstatSync(existing).mode & 0o777).toBe(0o600);
  });

  it('writes a new file 0600 whatever the umask, takes an empty file of ours (mktemp) and leaves no temporary file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'avs-out-'));
    const previous = process.umask(0);
    try {
      await writeAndFinish(path.join(dir, 'new.avs'), 'archive');
    } finally {
      process.umask(previous);
    }
    expect(lstatSync(path.join(dir, 'new.avs')).mode & 0o777).toBe(0o600);

    const made = path.join(dir, 'tmp.XXXX');
    writeFileSync(made, '', { mode: 0o644 });
    await writeAndFinish(made, 'archive');
    expect(readFileSync(made, 'utf8')).toBe('archive');
    expect(lstatSync(made).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir).sort()).toEqual(['new.avs', 'tmp.XXXX']);
  });

  it('leaves FILE as it was and no temporary file when the write fails part-way', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'avs-out-'));
    const file = path.join(dir, 'registry.avs');
    const out = open(file);
    const closed = new Promise((resolve) => out.on('close', resolve));
    out.on('error', () => undefined);
    out.write('half an archive');
    out.destroy(new Error('the snapshot failed'));
    await closed;
    expect(existsSync(file)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  it.runIf(process.getuid?.() === 0)('refuses an empty file owned by another user (nobody)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'avs-out-'));
    const theirs = path.join(dir, 'theirs.avs');
    writeFileSync(theirs, '');
    chownSync(theirs, 65534, 65534);
    expect(() => open(theirs)).toThrow(/not an empty file of yours/);
  });

  it('the CLI exits 1 with one sentence for an existing FILE, before it opens the database', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'avs-out-'));
    const file = path.join(dir, 'registry.avs');
    // The link's target is a file of the test's own: a regression must never write over a real system file.
    const victim = path.join(dir, 'victim.txt');
    writeFileSync(victim, 'not to be overwritten\n');
    symlinkSync(victim, file);
    const result = await runAvs(['backup', file], { env: { AVS_DATA_DIR: path.join(dir, 'data') } });
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toMatch(/^avs backup: [^\n]+\.\n$/);
    expect(readlinkSync(file)).toBe(victim);
    expect(readFileSync(victim, 'utf8')).toBe('not to be overwritten\n');
    expect(existsSync(path.join(dir, 'data'))).toBe(false);
  });
});
