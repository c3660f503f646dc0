import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import {
  BackupRefusedError,
  lineLengthLimit,
  MAX_ARCHIVE_LINE_BYTES,
  TRAILER_BYTES,
  verifyArchive,
} from '../../src/modules/backup/backup-archive.js';
import { schemaVersionOf, writeBackup } from '../../src/modules/backup/backup.service.js';
import {
  checkArchiveMac,
  checkArchiveMedia,
  checkRestoreTarget,
  loadArchive,
} from '../../src/modules/backup/restore.service.js';
import { runAvs } from '../helpers/processes.js';
import {
  createChildDatabaseEnv,
  createTestDatabase,
  onPostgres,
  type TestDatabase,
} from '../helpers/test-database.js';
import { useTestContext } from '../helpers/test-app.js';

const MASTER_KEY = randomBytes(32).toString('base64');
const OTHER_KEY = randomBytes(32).toString('base64');
const oneSentence = /^[^\n]+\.$/;

/** What a forger does: any header and body, and a trailer recomputed over them (plus a MAC line copied as is). */
function forge(file: string, header: string, lines: string[], macLine?: Buffer): string {
  const body = gzipSync(Buffer.from(`${lines.join('\n')}\n`));
  const signedPart = Buffer.concat([Buffer.from(header), body, macLine ?? Buffer.alloc(0)]);
  const sha = createHash('sha256').update(signedPart).digest('hex');
  writeFileSync(file, Buffer.concat([signedPart, Buffer.from(`\nAVS-SHA256 ${sha}\n`)]));
  return file;
}

/** An archive's header line, its JSON lines and its MAC line (format 2), as a forger reads them. */
function unpack(file: string): { header: string; lines: string[]; macLine?: Buffer } {
  const bytes = readFileSync(file);
  const headerEnd = bytes.indexOf(0x0a) + 1;
  const header = bytes.subarray(0, headerEnd).toString('latin1');
  const signed = header.startsWith('AVS-BACKUP 2 ');
  const bodyEnd = bytes.length - TRAILER_BYTES - (signed ? 81 : 0);
  const lines = gunzipSync(bytes.subarray(headerEnd, bodyEnd)).toString('utf8').split('\n').slice(0, -1);
  return {
    header,
    lines,
    macLine: signed ? bytes.subarray(bodyEnd, bytes.length - TRAILER_BYTES) : undefined,
  };
}

describe('hostile archives: forged, oversized, malformed', () => {
  const context = useTestContext({ config: { AVS_TLOG_INTERVAL_MS: 3_600_000 } });
  const dir = mkdtempSync(path.join(tmpdir(), 'avs-archive-hostile-'));
  const signed = path.join(dir, 'signed.avs');
  const unsigned = path.join(dir, 'unsigned.avs');
  let schemaVersion: number;
  let target: TestDatabase;

  beforeAll(async () => {
    await context.createAccountWithKey({ name: 'Gallery One' });
    await context.app.tlogIntegrator?.stop();
    schemaVersion = await schemaVersionOf(context.db);
    for (const [file, masterKey] of [
      [signed, MASTER_KEY],
      [unsigned, undefined],
    ] as const) {
      await writeBackup(context.db, createWriteStream(file, { mode: 0o600 }), {
        file,
        schemaVersion,
        masterKey,
      });
    }
    target = await createTestDatabase();
    await migrate(target.db);
  });
  afterAll(async () => {
    await target?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The restore's checks and load, in process: the refusal's sentence (the target stays empty). */
  async function refusal(file: string): Promise<string> {
    try {
      const archive = await verifyArchive(file, schemaVersion);
      await checkArchiveMedia(archive, undefined);
      await checkRestoreTarget(target.db, archive);
      await loadArchive(target.db, archive);
    } catch (error) {
      expect(error, String((error as Error).stack)).toBeInstanceOf(BackupRefusedError);
      expect((error as Error).message).toMatch(oneSentence);
      const { rows } = await target.db.query<{ n: number }>('SELECT count(*)::int AS n FROM accounts');
      expect(rows[0]!.n).toBe(0);
      return (error as Error).message;
    }
    throw new Error(`${file} was restored`);
  }

  describe('the MAC (AVS_MASTER_KEY)', () => {
    it('refuses an edited account row with a recomputed checksum, and an archive whose MAC was removed (CLI: exit 1)', async () => {
      const { header, lines, macLine } = unpack(signed);
      expect(header).toMatch(/^AVS-BACKUP 2 \d+\n$/);
      expect(macLine?.toString('latin1')).toMatch(/^\nAVS-HMAC-SHA256 [0-9a-f]{64}$/);
      const edited = lines.map((line) => line.replace('Gallery One', 'Gallery Evil'));
      expect(edited).not.toEqual(lines);
      const forged = forge(path.join(dir, 'forged.avs'), header, edited, macLine);
      const stripped = forge(
        path.join(dir, 'stripped.avs'),
        header.replace(/^AVS-BACKUP 2/, 'AVS-BACKUP 1'),
        edited,
      );

      const { env, drop } = onPostgres
        ? await createChildDatabaseEnv()
        : { env: { AVS_DATA_DIR: path.join(dir, 'cli-target') }, drop: async () => undefined };
      try {
        for (const [file, reason] of [
          [forged, /does not match AVS_MASTER_KEY/],
          [stripped, /carries no MAC while AVS_MASTER_KEY is set/],
        ] as const) {
          const result = await runAvs(['restore', file], { env: { ...env, AVS_MASTER_KEY: MASTER_KEY } });
          expect(result.code, result.stderr).toBe(1);
          expect(result.stdout).toBe('');
          expect(result.stderr).toMatch(/^avs restore: [^\n]+\.\n$/);
          expect(result.stderr).toMatch(reason);
        }
        if (!onPostgres) expect(existsSync(env.AVS_DATA_DIR!)).toBe(false);
      } finally {
        await drop();
      }
    });

    it('verifies under the same key only; --trust-unsigned and a key unset here give one warning instead', async () => {
      const verify = (file: string, key?: string) => verifyArchive(file, schemaVersion, key);
      expect((await verify(signed, MASTER_KEY)).mac).toBe('verified');
      expect((await verify(signed, OTHER_KEY)).mac).toBe('mismatch');
      expect((await verify(signed)).mac).toBe('unchecked');
      expect((await verify(unsigned, MASTER_KEY)).mac).toBe('absent');
      expect((await verify(unsigned)).mac).toBe('absent');

      const mac = async (file: string, key: string | undefined, trustUnsigned = false) => {
        const archive = await verify(file, key);
        return checkArchiveMac(archive, { masterKeySet: key !== undefined, trustUnsigned });
      };
      expect(await mac(signed, MASTER_KEY)).toBeUndefined();
      await expect(mac(signed, OTHER_KEY)).rejects.toThrow(/does not match AVS_MASTER_KEY.*--trust-unsigned/);
      await expect(mac(unsigned, MASTER_KEY)).rejects.toThrow(/carries no MAC while AVS_MASTER_KEY is set/);
      for (const warning of [
        await mac(signed, OTHER_KEY, true),
        await mac(unsigned, MASTER_KEY, true),
        await mac(signed, undefined),
        await mac(unsigned, undefined),
      ]) {
        expect(warning).toMatch(oneSentence);
      }
      expect(await mac(signed, undefined)).toMatch(/not checked/);
      expect(await mac(unsigned, undefined)).toMatch(/carries no MAC/);
    });

    it('with the key unset at both ends the restore goes on after a one-line warning', async () => {
      const { env, drop } = onPostgres
        ? await createChildDatabaseEnv()
        : { env: { AVS_DATA_DIR: path.join(dir, 'unsigned-target') }, drop: async () => undefined };
      try {
        const result = await runAvs(['restore', unsigned, '--json'], { env });
        expect(result.code, result.stderr).toBe(0);
        expect(result.stderr).toMatch(/^avs restore: warning: [^\n]+carries no MAC[^\n]+\.\n$/);
        expect(JSON.parse(result.stdout)).toMatchObject({ signed: false, tables: { accounts: 1 } });
      } finally {
        await drop();
      }
    });
  });

  describe('cost and shape', () => {
    it('fails a line longer than the cap as soon as it passes it, without reading the rest', async () => {
      let read = 0;
      const endless = Readable.from(
        (function* () {
          for (;;) {
            read += 65536;
            yield Buffer.alloc(65536, 0x61);
          }
        })(),
      );
      const cap = 1024 * 1024;
      await expect(
        pipeline(
          endless,
          lineLengthLimit(cap, () => new Error('too long')),
          async function* (source) {
            for await (const chunk of source) yield chunk;
          },
        ),
      ).rejects.toThrow('too long');
      expect(read).toBeLessThan(cap + 2 * 1024 * 1024);
    });

    it('refuses an over-long meta line and an over-long row line with one sentence', async () => {
      const { header, lines } = unpack(unsigned);
      const meta = JSON.parse(lines[0]!) as Record<string, unknown>;
      const longMeta = JSON.stringify({ ...meta, padding: 'x'.repeat(MAX_ARCHIVE_LINE_BYTES) });
      expect(
        await refusal(forge(path.join(dir, 'long-meta.avs'), header, [longMeta, ...lines.slice(1)])),
      ).toMatch(/longer than \d+ bytes/);
      const row = lines.findIndex((line) => line.startsWith('['));
      const longRow = `["${'y'.repeat(MAX_ARCHIVE_LINE_BYTES)}"]`;
      const withLongRow = [...lines.slice(0, row), longRow, ...lines.slice(row)];
      expect(await refusal(forge(path.join(dir, 'long-row.avs'), header, withLongRow))).toMatch(
        /longer than/,
      );
    });

    it('refuses a non-JSON meta line, tables "x", no tables, sequences that are objects: one sentence, never a stack', async () => {
      const { header, lines } = unpack(unsigned);
      const meta = JSON.parse(lines[0]!) as Record<string, unknown>;
      const endIndex = lines.length - 1;
      const end = JSON.parse(lines[endIndex]!) as { sequences: unknown[] };
      expect(end).toMatchObject({ kind: 'end' });
      const { tables: _tables, ...withoutTables } = meta;
      const variants: Record<string, string[]> = {
        'not-json': ['{"kind":"meta",', ...lines.slice(1)],
        'tables-x': [JSON.stringify({ ...meta, tables: 'x' }), ...lines.slice(1)],
        'no-tables': [JSON.stringify(withoutTables), ...lines.slice(1)],
        'sequences-object': [JSON.stringify({ ...meta, sequences: {} }), ...lines.slice(1)],
        'sequence-value-object': [
          ...lines.slice(0, endIndex),
          JSON.stringify({ ...end, sequences: [{ name: 'x', last_value: {}, is_called: true }] }),
        ],
        'row-not-json': [...lines.slice(0, endIndex), '[1', lines[endIndex]!],
      };
      for (const [name, body] of Object.entries(variants)) {
        expect(await refusal(forge(path.join(dir, `${name}.avs`), header, body)), name).toMatch(/damaged/);
      }
      const cli = await runAvs(['restore', path.join(dir, 'not-json.avs')], {
        env: { AVS_DATA_DIR: path.join(dir, 'never-made') },
      });
      expect(cli.code, cli.stderr).toBe(1);
      expect(cli.stderr).toMatch(/^avs restore: [^\n]+\.\n$/);
    });
  });
});
