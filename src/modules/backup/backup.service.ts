import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { PassThrough, Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { Database, DatabaseKind, Queryable } from '../../db/database.js';
import {
  archiveHeader,
  archiveTrailer,
  ARCHIVE_FORMAT,
  BackupRefusedError,
  type VerifiedArchive,
} from './backup-archive.js';
import {
  analyzeAll,
  beginSnapshot,
  closeCursor,
  disableTriggers,
  fetchRows,
  insertRows,
  latestAppliedMigration,
  listDirectoryMedia,
  listSequenceNames,
  listTables,
  openRowCursor,
  readSequence,
  setSequence,
  tablesWithRows,
  truncateTables,
  type SequenceValue,
  type TableDefinition,
} from './backup.repository.js';
import { mediaFilePath, openMediaFileWriter, type MediaFileWriter } from '../media/media-store.repository.js';

/** What `--json` prints for a backup or a restore. */
export interface BackupSummary {
  file: string;
  bytes: number;
  schema_version: number;
  tables: Record<string, number>;
  sha256: string;
  /** Media files from AVS_MEDIA_DIR carried in the archive. */
  media_files: number;
}

interface MetaLine {
  kind: 'meta';
  format: number;
  schema_version: number;
  database: DatabaseKind;
  server_version: string;
  created_at: string;
  tables: TableDefinition[];
  sequences: string[];
  /** How many `file` records follow the tables (absent in archives written before they existed: 0). */
  media_files?: number;
}

interface TableLine {
  kind: 'table';
  name: string;
}

/** A media file of AVS_MEDIA_DIR; its bytes follow as JSON string lines of base64, one per piece read. */
interface FileLine {
  kind: 'file';
  sha256: string;
  bytes: number;
}

interface EndLine {
  kind: 'end';
  tables: Record<string, number>;
  media_files?: number;
  sequences: SequenceValue[];
}

const FETCH_ROWS = 2000;
const INSERT_BATCH_BYTES = 1 << 20;

/**
 * "Empty" (ISSUE-NOTES #24): no accounts, keys, assets, events or admin users. Signing keys and a set-up
 * link that a first start generated do not count: the restore replaces them.
 */
export const TABLES_THAT_MAKE_A_TARGET_NON_EMPTY = [
  'accounts',
  'api_keys',
  'assets',
  'asset_events',
  'admin_users',
];

const SHA256_HEX = /^[0-9a-f]{64}$/;

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
  options: { file: string; schemaVersion: number; mediaDir?: string },
): Promise<BackupSummary> {
  const tally = { tables: {} as Record<string, number>, mediaFiles: 0 };
  const hash = createHash('sha256');
  let bytes = 0;
  await db.transaction(async (tx) => {
    const lines = snapshotLines(
      tx,
      {
        kind: 'meta',
        format: ARCHIVE_FORMAT,
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
      const header = archiveHeader(options.schemaVersion);
      hash.update(header);
      yield header;
      for await (const chunk of gzip as AsyncIterable<Buffer>) {
        hash.update(chunk);
        yield chunk;
      }
      await compressing;
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
  };
}

function sameColumns(a: TableDefinition, b: TableDefinition): boolean {
  return (
    a.columns.length === b.columns.length &&
    a.columns.every(
      (column, index) => column.name === b.columns[index]!.name && column.type === b.columns[index]!.type,
    )
  );
}

/** The gzip body's JSON lines, hashing header and body again as they are read (the file must not change under us). */
function readBody(archive: VerifiedArchive, hash: ReturnType<typeof createHash>) {
  const header = createReadStream(archive.file, { start: 0, end: archive.bodyStart - 1 });
  const body = createReadStream(archive.file, { start: archive.bodyStart, end: archive.bodyEnd - 1 });
  const gunzip = createGunzip();
  const hashedBody = async function* () {
    for await (const chunk of header) hash.update(chunk as Buffer);
    for await (const chunk of body) {
      hash.update(chunk as Buffer);
      yield chunk as Buffer;
    }
  };
  const decompressing = pipeline(Readable.from(hashedBody()), gunzip);
  decompressing.catch(() => undefined);
  // The iterator is taken at once: readline drops the lines it emits before anyone iterates.
  const lines = createInterface({ input: gunzip, crlfDelay: Infinity })[Symbol.asyncIterator]();
  return { lines: { [Symbol.asyncIterator]: () => lines }, done: decompressing };
}

function noMediaDirectory(files: number): BackupRefusedError {
  return new BackupRefusedError(
    `the archive holds ${files} media file(s) kept in AVS_MEDIA_DIR, but the target has no AVS_MEDIA_DIR: ` +
      'set it to the directory that should receive them.',
  );
}

/**
 * Refuses, before anything is written, an archive with media files when the target has no AVS_MEDIA_DIR
 * (the rows say the bytes are files; moving them into the database is not the restore's decision).
 */
export async function checkArchiveMedia(
  archive: VerifiedArchive,
  mediaDir: string | undefined,
): Promise<void> {
  // Only the first line (the meta line) is decompressed; the checksum was verified already.
  const body = createReadStream(archive.file, { start: archive.bodyStart, end: archive.bodyEnd - 1 });
  const gunzip = body.pipe(createGunzip());
  let head = Buffer.alloc(0);
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      head = Buffer.concat([head, chunk]);
      if (head.includes(0x0a)) break;
    }
  } finally {
    body.destroy();
    gunzip.destroy();
  }
  const newline = head.indexOf(0x0a);
  const meta = newline < 0 ? undefined : (JSON.parse(head.subarray(0, newline).toString('utf8')) as MetaLine);
  if (meta?.kind !== 'meta') throw damaged(archive);
  if ((meta.media_files ?? 0) > 0 && !mediaDir) throw noMediaDirectory(meta.media_files!);
}

export interface RestoreTargetCheck {
  /** The latest migration already applied to the target, or null for a blank one. */
  appliedSchemaVersion: number | null;
}

/** Refuses a target that holds data, or one already migrated past the archive's schema (nothing written). */
export async function checkRestoreTarget(
  db: Database,
  archive: VerifiedArchive,
): Promise<RestoreTargetCheck> {
  const held = await tablesWithRows(db, TABLES_THAT_MAKE_A_TARGET_NON_EMPTY);
  if (held.length > 0) {
    throw new BackupRefusedError(
      `the target database is not empty (${held.join(', ')} hold rows): restore only into an empty one.`,
    );
  }
  const applied = await latestAppliedMigration(db);
  if (applied !== null && applied > archive.schemaVersion) {
    throw new BackupRefusedError(
      `the target is already at schema version ${applied}, past the archive's ${archive.schemaVersion}: ` +
        'restore into a new database (or an empty AVS_DATA_DIR), which restore migrates itself.',
    );
  }
  return { appliedSchemaVersion: applied };
}

/**
 * Loads a verified archive into a target migrated to the archive's schema version, in one transaction:
 * every table emptied (a first start's keys and set-up link go), every row inserted as it was, every
 * sequence set, every media file written into mediaDir. Anything unexpected rolls it all back.
 */
export async function loadArchive(
  db: Database,
  archive: VerifiedArchive,
  options: { mediaDir?: string } = {},
): Promise<BackupSummary> {
  const hash = createHash('sha256');
  // The media file being read: written aside, renamed into AVS_MEDIA_DIR once its size and SHA-256 check out,
  // before the load commits (a load that then rolls back leaves unreferenced files, harmless when content-addressed).
  let file: { record: FileLine; writer: MediaFileWriter; hash: Hash; size: number } | undefined;
  const finishFile = async () => {
    if (!file) return;
    const { record, writer, hash: fileHash, size } = file;
    file = undefined;
    if (size !== record.bytes || fileHash.digest('hex') !== record.sha256) {
      await writer.abort();
      throw damaged(archive);
    }
    await writer.commit();
  };
  try {
    return await db.transaction(async (tx) => {
      await disableTriggers(tx);
      const targetTables = new Map((await listTables(tx)).map((table) => [table.name, table]));
      const { lines, done } = readBody(archive, hash);
      let meta: MetaLine | undefined;
      let end: EndLine | undefined;
      let current: TableDefinition | undefined;
      let batch: string[] = [];
      let batchBytes = 0;
      let mediaFiles = 0;
      const inserted: Record<string, number> = {};
      const flush = async () => {
        if (batch.length === 0) return;
        inserted[current!.name]! += await insertRows(tx, current!, `[${batch.join(',')}]`);
        batch = [];
        batchBytes = 0;
      };
      for await (const line of lines) {
        if (meta === undefined) {
          meta = JSON.parse(line) as MetaLine;
          if (meta.kind !== 'meta' || meta.schema_version !== archive.schemaVersion) {
            throw new BackupRefusedError(`${archive.file} is damaged: its contents do not match its header.`);
          }
          if ((meta.media_files ?? 0) > 0 && !options.mediaDir) throw noMediaDirectory(meta.media_files!);
          const archived = new Set(meta.tables.map((table) => table.name));
          for (const table of meta.tables) {
            const target = targetTables.get(table.name);
            if (!target || !sameColumns(table, target)) {
              throw new BackupRefusedError(
                `the archive's table ${table.name} does not match the schema at version ${archive.schemaVersion}.`,
              );
            }
          }
          const missing = [...targetTables.keys()].filter((name) => !archived.has(name));
          if (missing.length > 0) {
            throw new BackupRefusedError(
              `the archive lacks table(s) ${missing.join(', ')} of its schema version.`,
            );
          }
          await truncateTables(tx, [...targetTables.keys()]);
          continue;
        }
        if (line.startsWith('[')) {
          if (!current || file) throw damaged(archive);
          batch.push(line);
          batchBytes += line.length;
          if (batchBytes >= INSERT_BATCH_BYTES) await flush();
          continue;
        }
        if (line.startsWith('"')) {
          // A piece of the media file being read, one base64 string per line.
          if (!file) throw damaged(archive);
          const piece = Buffer.from(JSON.parse(line) as string, 'base64');
          file.hash.update(piece);
          file.size += piece.length;
          await file.writer.write(piece);
          continue;
        }
        await flush();
        await finishFile();
        const record = JSON.parse(line) as TableLine | FileLine | EndLine;
        if (record.kind === 'table') {
          current = targetTables.get(record.name);
          if (!current) throw damaged(archive);
          inserted[current.name] = 0;
        } else if (record.kind === 'file') {
          if (!options.mediaDir) throw noMediaDirectory(1);
          if (!SHA256_HEX.test(record.sha256) || !Number.isSafeInteger(record.bytes)) throw damaged(archive);
          current = undefined;
          file = {
            record,
            writer: await openMediaFileWriter(options.mediaDir, record.sha256),
            hash: createHash('sha256'),
            size: 0,
          };
          mediaFiles += 1;
        } else if (record.kind === 'end') {
          end = record;
        } else {
          throw damaged(archive);
        }
      }
      await done;
      if (!meta || !end) throw damaged(archive);
      for (const [name, rows] of Object.entries(end.tables)) {
        if ((inserted[name] ?? 0) !== rows) throw damaged(archive);
      }
      if (mediaFiles !== (end.media_files ?? 0)) throw damaged(archive);
      for (const value of end.sequences) await setSequence(tx, value);
      // The file was read twice: the second reading must be the bytes the checksum vouched for.
      if (hash.digest('hex') !== archive.sha256) {
        throw new BackupRefusedError(`${archive.file} changed while it was being restored.`);
      }
      return {
        file: archive.file,
        bytes: archive.bytes,
        schema_version: archive.schemaVersion,
        tables: inserted,
        sha256: archive.sha256,
        media_files: mediaFiles,
      };
    });
  } finally {
    // A load that stopped inside a file leaves no partial file behind.
    await file?.writer.abort();
  }
}

function damaged(archive: VerifiedArchive): BackupRefusedError {
  return new BackupRefusedError(`${archive.file} is damaged: its contents are not a complete backup.`);
}

/** The schema version a database holds: the latest migration applied to it (0 for a blank one). */
export async function schemaVersionOf(db: Queryable): Promise<number> {
  return (await latestAppliedMigration(db)) ?? 0;
}

/** After a restore: statistics for the planner, which a bulk load leaves stale. */
export async function refreshStatistics(db: Database): Promise<void> {
  await analyzeAll(db);
}
