import { createHash, createHmac, hkdfSync, timingSafeEqual, type Hash, type Hmac } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { Transform } from 'node:stream';

/**
 * The archive of `avs backup`: a text header line (magic, format, schema version), a gzip stream of JSON lines
 * (one meta line with every table's columns and types, each table's rows as JSON arrays of PostgreSQL text
 * values, the sequences, an end line with the row counts), in format 2 a MAC line (HMAC-SHA256 of every byte
 * before it, under a key derived from AVS_MASTER_KEY), and a fixed-size trailer carrying the SHA-256 of every
 * byte before it. Format 1 is the same without the MAC line: what a backup without AVS_MASTER_KEY writes.
 * See docs/operations.md.
 */
const ARCHIVE_MAGIC = 'AVS-BACKUP';
export const ARCHIVE_FORMAT = 1;
export const SIGNED_ARCHIVE_FORMAT = 2;
const TRAILER_PREFIX = '\nAVS-SHA256 ';
export const TRAILER_BYTES = TRAILER_PREFIX.length + 64 + 1;
const MAC_PREFIX = '\nAVS-HMAC-SHA256 ';
const MAC_LINE_BYTES = MAC_PREFIX.length + 64;
const MAX_HEADER_BYTES = 128;
/** The HKDF label of the archive MAC's key: a key of its own, never AVS_MASTER_KEY itself. */
const MAC_KEY_LABEL = 'avs-backup-v1';
/**
 * The longest line an archive may hold (16 times the longest a backup writes: a 256 KiB media chunk in hex); a
 * longer one is refused as soon as it passes this length, before it is held whole.
 */
export const MAX_ARCHIVE_LINE_BYTES = 8 * 1024 * 1024;

export function archiveHeader(schemaVersion: number, signed = false): Buffer {
  return Buffer.from(
    `${ARCHIVE_MAGIC} ${signed ? SIGNED_ARCHIVE_FORMAT : ARCHIVE_FORMAT} ${schemaVersion}\n`,
  );
}

export function archiveTrailer(sha256: string): Buffer {
  return Buffer.from(`${TRAILER_PREFIX}${sha256}\n`);
}

export function archiveMacLine(mac: string): Buffer {
  return Buffer.from(`${MAC_PREFIX}${mac}`);
}

/** The archive MAC's key: HKDF-SHA256 of AVS_MASTER_KEY's 32 bytes, info `avs-backup-v1`. */
function archiveMacKey(masterKey: string): Buffer {
  return Buffer.from(
    hkdfSync('sha256', Buffer.from(masterKey, 'base64'), Buffer.alloc(0), MAC_KEY_LABEL, 32),
  );
}

export function archiveMac(masterKey: string): Hmac {
  return createHmac('sha256', archiveMacKey(masterKey));
}

/** Why an archive or a target is refused: one sentence, exit 1, nothing written. */
export class BackupRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRefusedError';
  }
}

/**
 * What the archive's MAC says: `verified` (it matches AVS_MASTER_KEY), `mismatch` (it does not: altered, or
 * another key), `absent` (a format 1 archive: no MAC), `unchecked` (a MAC, but no AVS_MASTER_KEY here).
 */
type ArchiveMacState = 'verified' | 'mismatch' | 'absent' | 'unchecked';

export interface VerifiedArchive {
  file: string;
  bytes: number;
  schemaVersion: number;
  sha256: string;
  mac: ArchiveMacState;
  /** Where the gzip body starts and ends (exclusive), in bytes. */
  bodyStart: number;
  bodyEnd: number;
  /** Where the bytes the SHA-256 covers end (exclusive): the body, then the MAC line if any. */
  checksumEnd: number;
}

/** Feeds bytes [start, endExclusive) of file to every hash. */
function hashRange(
  file: string,
  start: number,
  endExclusive: number,
  hashes: (Hash | Hmac)[],
): Promise<void> {
  if (endExclusive <= start) return Promise.resolve();
  return new Promise((resolve, reject) => {
    createReadStream(file, { start, end: endExclusive - 1 })
      .on('data', (chunk) => hashes.forEach((hash) => hash.update(chunk)))
      .on('error', reject)
      .on('end', () => resolve());
  });
}

/**
 * Reads the whole archive once before anything is written: its header (an avs archive, a known format, a
 * schema this code has), its checksum (a truncated or altered archive is refused) and, with masterKey, its MAC.
 */
export async function verifyArchive(
  file: string,
  codeSchemaVersion: number,
  masterKey?: string,
): Promise<VerifiedArchive> {
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
    tail = Buffer.alloc(Math.min(TRAILER_BYTES + MAC_LINE_BYTES, size));
    await handle.read(tail, 0, tail.length, size - tail.length);
  } finally {
    await handle.close();
  }
  const newline = head.indexOf(0x0a);
  const header = newline < 0 ? '' : head.subarray(0, newline).toString('latin1');
  const match = /^AVS-BACKUP (\d+) (\d+)$/.exec(header);
  if (!match) throw new BackupRefusedError(`${file} is not an avs backup archive.`);
  const format = Number(match[1]);
  if (format !== ARCHIVE_FORMAT && format !== SIGNED_ARCHIVE_FORMAT) {
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
  const trailer = /^\nAVS-SHA256 ([0-9a-f]{64})\n$/.exec(tail.subarray(-TRAILER_BYTES).toString('latin1'));
  const macLine =
    format === SIGNED_ARCHIVE_FORMAT
      ? /^\nAVS-HMAC-SHA256 ([0-9a-f]{64})$/.exec(
          tail.subarray(-TRAILER_BYTES - MAC_LINE_BYTES, -TRAILER_BYTES).toString('latin1'),
        )
      : null;
  const bodyStart = newline + 1;
  const checksumEnd = size - TRAILER_BYTES;
  const bodyEnd = checksumEnd - (format === SIGNED_ARCHIVE_FORMAT ? MAC_LINE_BYTES : 0);
  if (!trailer || bodyEnd <= bodyStart) {
    throw new BackupRefusedError(`${file} is incomplete (truncated): its checksum trailer is missing.`);
  }
  const hash = createHash('sha256');
  const mac = macLine && masterKey ? archiveMac(masterKey) : undefined;
  await hashRange(file, 0, bodyEnd, mac ? [hash, mac] : [hash]);
  await hashRange(file, bodyEnd, checksumEnd, [hash]);
  const sha256 = hash.digest('hex');
  if (sha256 !== trailer[1]) {
    throw new BackupRefusedError(`${file} is damaged: its SHA-256 does not match the checksum it carries.`);
  }
  // The checksum holds, so a format 2 archive without its MAC line was made that way: refuse it as damaged.
  if (format === SIGNED_ARCHIVE_FORMAT && !macLine) {
    throw new BackupRefusedError(`${file} is damaged: it is in format 2 but carries no MAC line.`);
  }
  let macState: ArchiveMacState = 'absent';
  if (macLine) {
    macState = !mac
      ? 'unchecked'
      : timingSafeEqual(mac.digest(), Buffer.from(macLine[1]!, 'hex'))
        ? 'verified'
        : 'mismatch';
  }
  return { file, bytes: size, schemaVersion, sha256, mac: macState, bodyStart, bodyEnd, checksumEnd };
}

/**
 * Passes bytes through and fails as soon as a line grows past maxLineBytes, so a reader never holds a longer
 * one (readline would keep growing it), at a cost linear in the bytes read.
 */
export function lineLengthLimit(maxLineBytes: number, tooLong: () => Error): Transform {
  let current = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      let start = 0;
      for (let newline = chunk.indexOf(0x0a); newline >= 0; newline = chunk.indexOf(0x0a, start)) {
        if (current + newline - start > maxLineBytes) return callback(tooLong());
        current = 0;
        start = newline + 1;
      }
      current += chunk.length - start;
      if (current > maxLineBytes) return callback(tooLong());
      callback(null, chunk);
    },
  });
}
