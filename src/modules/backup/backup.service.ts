import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { PassThrough, Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { Database, DatabaseKind, Queryable } from '../../db/database.js';
import {
  archiveHeader,
  archiveMac,
  archiveMacLine,
  archiveTrailer,
  ARCHIVE_FORMAT,
  BackupRefusedError,
  lineLengthLimit,
  MAX_ARCHIVE_LINE_BYTES,
  SIGNED_ARCHIVE_FORMAT,
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
  /** Whether the archive carries a MAC (AVS_MASTER_KEY was set at backup). */
  signed: boolean;
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

function sameColumns(a: TableDefinition, b: TableDefinition): boolean {
  return (
    a.columns.length === b.columns.length &&
    a.columns.every(
      (column, index) => column.name === b.columns[index]!.name && column.type === b.columns[index]!.type,
    )
  );
}

function lineTooLong(archive: VerifiedArchive): BackupRefusedError {
  return new BackupRefusedError(
    `${archive.file} is damaged: a line of its contents is longer than ${MAX_ARCHIVE_LINE_BYTES} bytes, ` +
      'more than any backup writes.',
  );
}

/**
 * The gzip body's JSON lines, read linearly (readline) with every line capped at MAX_ARCHIVE_LINE_BYTES. With
 * hash, the bytes the checksum covers are hashed again as they are read (the file must not change under us).
 */
function readBody(archive: VerifiedArchive, hash?: Hash) {
  const body = createReadStream(archive.file, { start: archive.bodyStart, end: archive.bodyEnd - 1 });
  const hashedBody = async function* () {
    if (hash) {
      for await (const chunk of createReadStream(archive.file, { start: 0, end: archive.bodyStart - 1 })) {
        hash.update(chunk as Buffer);
      }
    }
    for await (const chunk of body) {
      hash?.update(chunk as Buffer);
      yield chunk as Buffer;
    }
    if (hash && archive.checksumEnd > archive.bodyEnd) {
      const rest = createReadStream(archive.file, { start: archive.bodyEnd, end: archive.checksumEnd - 1 });
      for await (const chunk of rest) hash.update(chunk as Buffer);
    }
  };
  const limited = lineLengthLimit(MAX_ARCHIVE_LINE_BYTES, () => lineTooLong(archive));
  const decompressing = pipeline(Readable.from(hashedBody()), createGunzip(), limited);
  decompressing.catch(() => undefined);
  // The iterator is taken at once: readline drops the lines it emits before anyone iterates.
  const reader = createInterface({ input: limited, crlfDelay: Infinity });
  const lines = reader[Symbol.asyncIterator]();
  return (async function* () {
    try {
      for (let next = await lines.next(); !next.done; next = await lines.next()) yield next.value;
      await decompressing;
    } catch (error) {
      // A line too long is its own sentence; bad gzip (under a valid checksum) is a damaged archive.
      throw error instanceof BackupRefusedError ? error : damaged(archive);
    } finally {
      reader.close();
      limited.destroy();
      body.destroy();
    }
  })();
}

/** A line of the archive as JSON, or the archive refused as damaged (never a parser's stack trace). */
function parseLine(archive: VerifiedArchive, line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    throw damaged(archive);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** The meta line, its shape checked: tables with named, typed columns, sequence names, a file count. */
function toMetaLine(archive: VerifiedArchive, value: unknown): MetaLine {
  const isTable = (table: unknown) =>
    isObject(table) &&
    isString(table.name) &&
    Array.isArray(table.columns) &&
    table.columns.every((column) => isObject(column) && isString(column.name) && isString(column.type));
  if (
    !isObject(value) ||
    value.kind !== 'meta' ||
    value.schema_version !== archive.schemaVersion ||
    !Array.isArray(value.tables) ||
    !value.tables.every(isTable) ||
    !Array.isArray(value.sequences) ||
    !value.sequences.every(isString) ||
    (value.media_files !== undefined && !isCount(value.media_files))
  ) {
    throw new BackupRefusedError(`${archive.file} is damaged: its contents do not match its header.`);
  }
  return value as unknown as MetaLine;
}

/** A table, file or end line, its shape checked. */
function toRecordLine(archive: VerifiedArchive, value: unknown): TableLine | FileLine | EndLine {
  const isSequenceValue = (entry: unknown) =>
    isObject(entry) &&
    isString(entry.name) &&
    isString(entry.last_value) &&
    /^-?\d{1,19}$/.test(entry.last_value) &&
    typeof entry.is_called === 'boolean';
  if (isObject(value)) {
    if (value.kind === 'table' && isString(value.name)) return value as unknown as TableLine;
    if (
      value.kind === 'file' &&
      isString(value.sha256) &&
      SHA256_HEX.test(value.sha256) &&
      isCount(value.bytes)
    ) {
      return value as unknown as FileLine;
    }
    if (
      value.kind === 'end' &&
      isObject(value.tables) &&
      Object.values(value.tables).every(isCount) &&
      Array.isArray(value.sequences) &&
      value.sequences.every(isSequenceValue) &&
      (value.media_files === undefined || isCount(value.media_files))
    ) {
      return value as unknown as EndLine;
    }
  }
  throw damaged(archive);
}

/** The archive's meta line: only the first line is decompressed (the checksum was verified already). */
export async function readArchiveMeta(archive: VerifiedArchive): Promise<MetaLine> {
  for await (const line of readBody(archive)) return toMetaLine(archive, parseLine(archive, line));
  throw damaged(archive);
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
  const meta = await readArchiveMeta(archive);
  if ((meta.media_files ?? 0) > 0 && !mediaDir) throw noMediaDirectory(meta.media_files!);
}

/**
 * Whether the archive may be restored, as its MAC says (docs/operations.md): with AVS_MASTER_KEY set here a
 * missing or wrong MAC is refused unless trustUnsigned; otherwise the one-line warning to print, if any.
 */
export function checkArchiveMac(
  archive: VerifiedArchive,
  options: { masterKeySet: boolean; trustUnsigned: boolean },
): string | undefined {
  const { file } = archive;
  const refuseUnlessTrusted = (why: string, warning: string) => {
    if (options.trustUnsigned) return warning;
    throw new BackupRefusedError(`${why} (--trust-unsigned restores it anyway).`);
  };
  switch (archive.mac) {
    case 'verified':
      return undefined;
    case 'unchecked':
      return `the MAC of ${file} was not checked, as AVS_MASTER_KEY is not set here: only its checksum was, which catches damage, not a forger.`;
    case 'mismatch':
      return refuseUnlessTrusted(
        `the MAC of ${file} does not match AVS_MASTER_KEY: it was altered after the backup, or made under another key`,
        `the MAC of ${file} does not match AVS_MASTER_KEY; restoring it anyway (--trust-unsigned).`,
      );
    case 'absent':
      if (!options.masterKeySet) {
        return `${file} carries no MAC and AVS_MASTER_KEY is not set here: only its checksum was checked, which catches damage, not a forger.`;
      }
      return refuseUnlessTrusted(
        `${file} carries no MAC while AVS_MASTER_KEY is set: it was made without the key, or its MAC was removed`,
        `${file} carries no MAC; restoring it anyway (--trust-unsigned): only its checksum was checked.`,
      );
  }
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
      const lines = readBody(archive, hash);
      let meta: MetaLine | undefined;
      let end: EndLine | undefined;
      let current: TableDefinition | undefined;
      let batch: string[] = [];
      let batchBytes = 0;
      let mediaFiles = 0;
      const inserted: Record<string, number> = {};
      const flush = async () => {
        if (batch.length === 0) return;
        inserted[current!.name]! += await insertRows(tx, current!, `[${batch.join(',')}]`).catch(
          (error: unknown) => {
            throw new BackupRefusedError(
              `${archive.file} is damaged: the rows of table ${current!.name} do not load (${(error as Error).message}).`,
            );
          },
        );
        batch = [];
        batchBytes = 0;
      };
      for await (const line of lines) {
        if (meta === undefined) {
          meta = toMetaLine(archive, parseLine(archive, line));
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
          const text = parseLine(archive, line);
          if (!isString(text)) throw damaged(archive);
          const piece = Buffer.from(text, 'base64');
          file.hash.update(piece);
          file.size += piece.length;
          await file.writer.write(piece);
          continue;
        }
        await flush();
        await finishFile();
        const record = toRecordLine(archive, parseLine(archive, line));
        if (record.kind === 'table') {
          current = targetTables.get(record.name);
          if (!current) throw damaged(archive);
          inserted[current.name] = 0;
        } else if (record.kind === 'file') {
          if (!options.mediaDir) throw noMediaDirectory(1);
          current = undefined;
          file = {
            record,
            writer: await openMediaFileWriter(options.mediaDir, record.sha256),
            hash: createHash('sha256'),
            size: 0,
          };
          mediaFiles += 1;
        } else {
          end = record;
        }
      }
      if (!meta || !end) throw damaged(archive);
      for (const [name, rows] of Object.entries(end.tables)) {
        if ((inserted[name] ?? 0) !== rows) throw damaged(archive);
      }
      if (mediaFiles !== (end.media_files ?? 0)) throw damaged(archive);
      for (const value of end.sequences) {
        if (!meta.sequences.includes(value.name)) throw damaged(archive);
        await setSequence(tx, value).catch((error: unknown) => {
          throw new BackupRefusedError(
            `${archive.file} is damaged: its sequence ${value.name} does not load (${(error as Error).message}).`,
          );
        });
      }
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
        signed: archive.mac !== 'absent',
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
