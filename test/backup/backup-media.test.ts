import { createHash, randomBytes } from 'node:crypto';
import {
  createWriteStream,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { migrate } from '../../src/db/migrate.js';
import { TRAILER_BYTES, verifyArchive } from '../../src/modules/backup/backup-archive.js';
import { schemaVersionOf, writeBackup, type BackupSummary } from '../../src/modules/backup/backup.service.js';
import { loadArchive } from '../../src/modules/backup/restore.service.js';
import { mediaFilePath } from '../../src/modules/media/media-store.repository.js';
import { CREDENTIALS_TEST_CONFIG } from '../credentials/credential-helpers.js';
import { createAssetViaApi } from '../helpers/asset-factory.js';
import { runAvs } from '../helpers/processes.js';
import { testConfig, useTestContext } from '../helpers/test-app.js';
import {
  createChildDatabaseEnv,
  createTestDatabase,
  onPostgres,
  openChildDatabase,
} from '../helpers/test-database.js';
import { pngImage } from '../media/media-fixtures.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Random pixels: a PNG of about 1 MiB, read in many pieces. */
function noisyPng(side = 520): Buffer {
  const png = new PNG({ width: side, height: side });
  randomBytes(png.data.length).copy(png.data);
  return PNG.sync.write(png);
}

/** The archive with its gzip body passed through edit, and the trailer kept (or recomputed). */
function rewritten(bytes: Buffer, edit: (text: string) => string, recomputeTrailer: boolean): Buffer {
  const bodyStart = bytes.indexOf(0x0a) + 1;
  const head = bytes.subarray(0, bodyStart);
  const body = gzipSync(edit(gunzipSync(bytes.subarray(bodyStart, -TRAILER_BYTES)).toString('utf8')));
  const trailer = recomputeTrailer
    ? Buffer.from(`\nAVS-SHA256 ${createHash('sha256').update(head).update(body).digest('hex')}\n`)
    : bytes.subarray(-TRAILER_BYTES);
  return Buffer.concat([head, body, trailer]);
}

/** Flips one base64 character inside the first file record's bytes. */
function flipInFileRecord(text: string): string {
  const start = text.indexOf('\n"', text.indexOf('{"kind":"file"')) + 2;
  const data = Math.floor((start + text.indexOf('"', start)) / 2);
  return `${text.slice(0, data)}${text[data] === 'A' ? 'B' : 'A'}${text.slice(data + 1)}`;
}

describe('backup and restore of media kept in AVS_MEDIA_DIR', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'avs-backup-media-'));
  const sourceMedia = path.join(dir, 'source-media');
  const config = { ...CREDENTIALS_TEST_CONFIG, AVS_TLOG_INTERVAL_MS: 3_600_000 };
  const context = useTestContext({ config: { ...config, AVS_MEDIA_DIR: sourceMedia } });
  const archive = path.join(dir, 'registry.avs');
  const uploaded: { id: string; sha256: string; body: Buffer }[] = [];
  let auth: { authorization: string };
  let summary: BackupSummary;

  beforeAll(async () => {
    ({ auth } = await context.createAccountWithKey());
    const asset = await createAssetViaApi(context.app, auth);
    for (const file of [noisyPng(), pngImage(9, 9)]) {
      const created = await context.app.inject({
        method: 'POST',
        url: `/files/v1/assets/artworks/${asset.id}/media`,
        headers: { ...auth, 'content-type': 'image/png' },
        payload: file,
      });
      expect(created.statusCode, created.body).toBe(201);
      const record = created.json<{ id: string; sha256: string }>();
      const served = await context.app.inject({
        method: 'GET',
        url: `/files/v1/media/${record.id}`,
        headers: auth,
      });
      uploaded.push({ ...record, body: served.rawPayload });
    }
    await context.app.tlogIntegrator!.stop();
    await context.app.apiKeys.flushLastUsed();
    summary = await writeBackup(context.db, createWriteStream(archive, { mode: 0o600 }), {
      file: archive,
      schemaVersion: await schemaVersionOf(context.db),
      mediaDir: sourceMedia,
    });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('carries the files inside the checksummed archive and restores them into the target AVS_MEDIA_DIR, served byte-identical', async () => {
    expect(summary.media_files).toBe(2);
    const bytes = readFileSync(archive);
    const targetMedia = path.join(dir, 'target-media');
    const target = await createTestDatabase();
    try {
      await migrate(target.db);
      // A flipped byte inside a file record: the archive's checksum refuses it before anything is read.
      const flipped = path.join(dir, 'flipped.avs');
      writeFileSync(flipped, rewritten(bytes, flipInFileRecord, false));
      await expect(verifyArchive(flipped, summary.schema_version)).rejects.toThrow(/damaged: its SHA-256/);
      // The same flip under a recomputed checksum: the file's own SHA-256 refuses it and the load rolls back.
      writeFileSync(flipped, rewritten(bytes, flipInFileRecord, true));
      const forged = await verifyArchive(flipped, summary.schema_version);
      await expect(loadArchive(target.db, forged, { mediaDir: targetMedia })).rejects.toThrow(/damaged/);
      expect((await target.db.query('SELECT 1 FROM media_blobs')).rows).toEqual([]);

      const verified = await verifyArchive(archive, summary.schema_version);
      const restored = await loadArchive(target.db, verified, { mediaDir: targetMedia });
      expect(restored.media_files).toBe(2);
      for (const { sha256: hash } of uploaded) {
        expect(statSync(mediaFilePath(targetMedia, hash)).mode & 0o777).toBe(0o600);
      }
      expect(
        readdirSync(targetMedia, { recursive: true }).filter((name) => String(name).endsWith('.partial')),
      ).toEqual([]);

      const app = await buildApp({
        config: testConfig({ ...config, AVS_MEDIA_DIR: targetMedia }),
        db: target.db,
        logger: false,
        migrate: false,
      });
      try {
        for (const media of uploaded) {
          const served = await app.inject({
            method: 'GET',
            url: `/files/v1/media/${media.id}`,
            headers: auth,
          });
          expect(served.statusCode).toBe(200);
          expect(served.rawPayload.equals(media.body)).toBe(true);
          expect(sha256(served.rawPayload)).toBe(media.sha256);
        }
      } finally {
        await app.close();
      }
    } finally {
      await target.drop();
    }
  });

  it('avs restore refuses, in one sentence and with nothing written, a target without AVS_MEDIA_DIR', async () => {
    // PGlite: a directory that does not exist yet (and must not be created); PostgreSQL: a new database.
    const { env, drop } = onPostgres
      ? await createChildDatabaseEnv()
      : { env: { AVS_DATA_DIR: path.join(dir, 'blank') }, drop: async () => undefined };
    // On PostgreSQL the new database is already migrated: its tables must stay empty.
    const state = async () => {
      if (env.AVS_DATA_DIR) return existsSync(env.AVS_DATA_DIR);
      const db = await openChildDatabase(env);
      const { rows } = await db.query(
        `SELECT (SELECT count(*) FROM accounts)::int AS accounts, (SELECT count(*) FROM media_blobs)::int AS media,
                (SELECT max(version) FROM schema_migrations) AS version`,
      );
      await db.close();
      return rows[0];
    };
    try {
      const before = await state();
      const result = await runAvs(['restore', archive], { env });
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr).toBe(
        'avs restore: the archive holds 2 media file(s) kept in AVS_MEDIA_DIR, but the target has no ' +
          'AVS_MEDIA_DIR: set it to the directory that should receive them.\n',
      );
      expect(await state()).toEqual(before);
      if (env.AVS_DATA_DIR) expect(before).toBe(false);
    } finally {
      await drop();
    }
  });

  it('fails the backup, in one sentence, when a file the snapshot lists is gone (deleted after the snapshot)', async () => {
    rmSync(mediaFilePath(sourceMedia, uploaded[0]!.sha256));
    const again = path.join(dir, 'again.avs');
    await expect(
      writeBackup(context.db, createWriteStream(again, { mode: 0o600 }), {
        file: again,
        schemaVersion: summary.schema_version,
        mediaDir: sourceMedia,
      }),
    ).rejects.toThrow(`the media file ${uploaded[0]!.sha256} was deleted while the backup ran`);
  });
});
