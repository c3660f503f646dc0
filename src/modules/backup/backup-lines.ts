import type { Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { DatabaseKind } from '../../db/database.js';
import {
  BackupRefusedError,
  lineLengthLimit,
  MAX_ARCHIVE_LINE_BYTES,
  type VerifiedArchive,
} from './backup-archive.js';
import type { SequenceValue, TableDefinition } from './backup.repository.js';

// The JSON lines inside an archive's gzip body (its envelope is backup-archive.ts): their shapes, as the backup
// writes them, and how a restore reads them back, each line capped and checked before it is trusted.

export interface MetaLine {
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

export interface TableLine {
  kind: 'table';
  name: string;
}

/** A media file of AVS_MEDIA_DIR; its bytes follow as JSON string lines of base64, one per piece read. */
export interface FileLine {
  kind: 'file';
  sha256: string;
  bytes: number;
}

export interface EndLine {
  kind: 'end';
  tables: Record<string, number>;
  media_files?: number;
  sequences: SequenceValue[];
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

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
export function readBody(archive: VerifiedArchive, hash?: Hash) {
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
export function parseLine(archive: VerifiedArchive, line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    throw damaged(archive);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
export const isString = (value: unknown): value is string => typeof value === 'string';
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** The meta line, its shape checked: tables with named, typed columns, sequence names, a file count. */
export function toMetaLine(archive: VerifiedArchive, value: unknown): MetaLine {
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
export function toRecordLine(archive: VerifiedArchive, value: unknown): TableLine | FileLine | EndLine {
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

export function damaged(archive: VerifiedArchive): BackupRefusedError {
  return new BackupRefusedError(`${archive.file} is damaged: its contents are not a complete backup.`);
}
