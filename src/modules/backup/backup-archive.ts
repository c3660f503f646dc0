import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';

/**
 * The archive of `avs backup`: a text header line (magic, format, schema version), a gzip stream of JSON lines
 * (one meta line with every table's columns and types, each table's rows as JSON arrays of PostgreSQL text
 * values, the sequences, an end line with the row counts) and a fixed-size trailer carrying the SHA-256 of
 * every byte before it. See docs/operations.md.
 */
export const ARCHIVE_MAGIC = 'AVS-BACKUP';
export const ARCHIVE_FORMAT = 1;
const TRAILER_PREFIX = '\nAVS-SHA256 ';
export const TRAILER_BYTES = TRAILER_PREFIX.length + 64 + 1;
const MAX_HEADER_BYTES = 128;

export function archiveHeader(schemaVersion: number): Buffer {
  return Buffer.from(`${ARCHIVE_MAGIC} ${ARCHIVE_FORMAT} ${schemaVersion}\n`);
}

export function archiveTrailer(sha256: string): Buffer {
  return Buffer.from(`${TRAILER_PREFIX}${sha256}\n`);
}

/** Why an archive or a target is refused: one sentence, exit 1, nothing written. */
export class BackupRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRefusedError';
  }
}

export interface VerifiedArchive {
  file: string;
  bytes: number;
  schemaVersion: number;
  sha256: string;
  /** Where the gzip body starts and ends (exclusive), in bytes. */
  bodyStart: number;
  bodyEnd: number;
}

function hashRange(file: string, start: number, endExclusive: number): Promise<string> {
  const hash = createHash('sha256');
  if (endExclusive <= start) return Promise.resolve(hash.digest('hex'));
  return new Promise((resolve, reject) => {
    createReadStream(file, { start, end: endExclusive - 1 })
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/**
 * Reads the whole archive once before anything is written: its header (an avs archive, a known format, a
 * schema this code has) and its checksum (a truncated or altered archive is refused).
 */
export async function verifyArchive(file: string, codeSchemaVersion: number): Promise<VerifiedArchive> {
  let size: number;
  try {
    size = (await stat(file)).size;
  } catch (error) {
    throw new BackupRefusedError(
      `cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'}).`,
    );
  }
  const handle = await open(file, 'r');
  let head: Buffer;
  let tail: Buffer;
  try {
    head = Buffer.alloc(Math.min(MAX_HEADER_BYTES, size));
    await handle.read(head, 0, head.length, 0);
    tail = Buffer.alloc(Math.min(TRAILER_BYTES, size));
    await handle.read(tail, 0, tail.length, size - tail.length);
  } finally {
    await handle.close();
  }
  const newline = head.indexOf(0x0a);
  const header = newline < 0 ? '' : head.subarray(0, newline).toString('latin1');
  const match = /^AVS-BACKUP (\d+) (\d+)$/.exec(header);
  if (!match) throw new BackupRefusedError(`${file} is not an avs backup archive.`);
  if (Number(match[1]) !== ARCHIVE_FORMAT) {
    throw new BackupRefusedError(
      `${file} is in archive format ${match[1]}, which this version of avs does not read.`,
    );
  }
  const schemaVersion = Number(match[2]);
  if (schemaVersion > codeSchemaVersion) {
    throw new BackupRefusedError(
      `${file} holds schema version ${schemaVersion}, newer than this avs (${codeSchemaVersion}): ` +
        'restore it with that version or a later one.',
    );
  }
  const trailer = /^\nAVS-SHA256 ([0-9a-f]{64})\n$/.exec(tail.toString('latin1'));
  const bodyStart = newline + 1;
  const bodyEnd = size - TRAILER_BYTES;
  if (!trailer || bodyEnd <= bodyStart) {
    throw new BackupRefusedError(`${file} is incomplete (truncated): its checksum trailer is missing.`);
  }
  const sha256 = await hashRange(file, 0, bodyEnd);
  if (sha256 !== trailer[1]) {
    throw new BackupRefusedError(`${file} is damaged: its SHA-256 does not match the checksum it carries.`);
  }
  return { file, bytes: size, schemaVersion, sha256, bodyStart, bodyEnd };
}
