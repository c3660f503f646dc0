import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { PassThrough, Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Database, Queryable } from '../../db/database.js';
import {
  archiveHeader,
  archiveMac,
  archiveMacLine,
  archiveTrailer,
  ARCHIVE_FORMAT,
  BackupRefusedError,
  SIGNED_ARCHIVE_FORMAT,
} from './backup-archive.js';
import type { EndLine, FileLine, MetaLine, TableLine } from './backup-lines.js';
import {
  beginSnapshot,
  closeCursor,
  fetchRows,
  latestAppliedMigration,
  listDirectoryMedia,
  listSequenceNames,
  listTables,
  openRowCursor,
  readSequence,
  type SequenceValue,
} from './backup.repository.js';
// The stored bytes as they are, beneath every rule: the one exception of docs/architecture.md's layer rules.
import { mediaFilePath } from '../media/media-store.repository.js';

/** What `--json` prints for a backup or a restore. */
export interface BackupSummary {
  file: string;
  bytes: number;
  schema_version: number;
  tables: Record<string, number>;
  sha256: string;
  /** Media files from AVS_MEDIA_DIR carried in the archive. */
  media_files: number;
  /** Whether the archive carries a MAC (AVS_MASTER_KEY was set at backup). */
  signed: boolean;
}

const FETCH_ROWS = 2000;

/**
 * The bytes of one directory-stored blob, checked against its row as they are read. Files are content-addressed
 * and never rewritten, so reading them after the snapshot began is safe; only a delete of the blob's last media
 * row, committed after the snapshot, can remove one, and then the backup fails rather than lack it.
 */
async function* mediaFileLines(directory: string, blob: { sha256: string; bytes: number }) {
  yield `${JSON.stringify({ kind: 'file', ...blob } satisfies FileLine)}\n`;
  const hash = createHash('sha256');
  let size = 0;
  try {
    for await (const piece of createReadStream(mediaFilePath(directory, blob.sha256))) {
      hash.update(piece as Buffer);
      size += (piece as Buffer).length;
      yield `"${(piece as Buffer).toString('base64')}"\n`;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new BackupRefusedError(
      `the media file ${blob.sha256} was deleted while the backup ran (its last media was removed after the ` +
        'snapshot began): run the backup again.',
    );
  }
  if (size !== blob.bytes || hash.digest('hex') !== blob.sha256) {
    throw new BackupRefusedError(
      `the media file ${mediaFilePath(directory, blob.sha256)} does not hold the bytes its row names (size or SHA-256 differs).`,
    );
  }
}

async function* snapshotLines(
  tx: Queryable,
  meta: Omit<MetaLine, 'tables' | 'sequences' | 'server_version'>,
  tally: { tables: Record<string, number>; mediaFiles: number },
  mediaDir: string | undefined,
): AsyncGenerator<string> {
  const serverVersion = await beginSnapshot(tx);
  const tables = await listTables(tx);
  const sequences = await listSequenceNames(tx);
  // Exactly the blobs the snapshot's rows say live in AVS_MEDIA_DIR.
  const mediaFiles = await listDirectoryMedia(tx);
  if (mediaFiles.length > 0 && !mediaDir) {
    throw new BackupRefusedError(
      `${mediaFiles.length} media file(s) are kept in AVS_MEDIA_DIR, which is not set here: run the backup with ` +
        "the server's AVS_MEDIA_DIR.",
    );
  }
  tally.mediaFiles = mediaFiles.length;
  const head: MetaLine = {
    ...meta,
    server_version: serverVersion,
    tables,
    sequences,
    media_files: mediaFiles.length,
  };
  yield `${JSON.stringify(head)}\n`;
  for (const [index, table] of tables.entries()) {
    const cursor = `avs_backup_${index}`;
    await openRowCursor(tx, table, cursor);
    let count = 0;
    yield `${JSON.stringify({ kind: 'table', name: table.name } satisfies TableLine)}\n`;
    for (;;) {
      const rows = await fetchRows(tx, cursor, FETCH_ROWS);
      if (rows.length === 0) break;
      count += rows.length;
      yield `${rows.join('\n')}\n`;
    }
    await closeCursor(tx, cursor);
    tally.tables[table.name] = count;
  }
  for (const blob of mediaFiles) yield* mediaFileLines(mediaDir!, blob);
  // Sequences are outside any snapshot: read last, each is at or past every number the rows above used.
  const values: SequenceValue[] = [];
  for (const name of sequences) values.push(await readSequence(tx, name));
  const end: EndLine = {
    kind: 'end',
    tables: tally.tables,
    sequences: values,
    media_files: mediaFiles.length,
  };
  yield `${JSON.stringify(end)}\n`;
}

/**
 * Writes one consistent archive of the whole database to out: one REPEATABLE READ, read-only transaction
 * (on PGlite, the one session's transaction, so the server's own queries wait for it).
 */
export async function writeBackup(
  db: Database,
  out: Writable,
  options: { file: string; schemaVersion: number; mediaDir?: string; masterKey?: string },
): Promise<BackupSummary> {
  const tally = { tables: {} as Record<string, number>, mediaFiles: 0 };
  const hash = createHash('sha256');
  const mac = options.masterKey ? archiveMac(options.masterKey) : undefined;
  let bytes = 0;
  await db.transaction(async (tx) => {
    const lines = snapshotLines(
      tx,
      {
        kind: 'meta',
        format: mac ? SIGNED_ARCHIVE_FORMAT : ARCHIVE_FORMAT,
        schema_version: options.schemaVersion,
        database: db.kind,
        created_at: new Date().toISOString(),
      },
      tally,
      options.mediaDir,
    );
    const gzip = createGzip();
    const compressing = pipeline(Readable.from(lines), gzip);
    compressing.catch(() => undefined);
    async function* archive(): AsyncGenerator<Buffer> {
      const header = archiveHeader(options.schemaVersion, mac !== undefined);
      hash.update(header);
      mac?.update(header);
      yield header;
      for await (const chunk of gzip as AsyncIterable<Buffer>) {
        hash.update(chunk);
        mac?.update(chunk);
        yield chunk;
      }
      await compressing;
      if (mac) {
        const macLine = archiveMacLine(mac.digest('hex'));
        hash.update(macLine);
        yield macLine;
      }
      yield archiveTrailer(hash.copy().digest('hex'));
    }
    const counting = new PassThrough();
    counting.on('data', (chunk: Buffer) => (bytes += chunk.length));
    await pipeline(archive(), counting, out);
  });
  return {
    file: options.file,
    bytes,
    schema_version: options.schemaVersion,
    tables: tally.tables,
    sha256: hash.digest('hex'),
    media_files: tally.mediaFiles,
    signed: mac !== undefined,
  };
}

/** The schema version a database holds: the latest migration applied to it (0 for a blank one). */
export async function schemaVersionOf(db: Queryable): Promise<number> {
  return (await latestAppliedMigration(db)) ?? 0;
}
