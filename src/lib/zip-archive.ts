import { promisify } from 'node:util';
import { crc32, inflateRaw } from 'node:zlib';

const inflate = promisify(inflateRaw);

/** One file of a zip, as its central directory declares it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; any other method cannot be unpacked here. */
  method: number;
  encrypted: boolean;
  crc32: number;
  compressedSize: number;
  /** The size it declares once unpacked: unpackZipEntry refuses to produce a byte more. */
  size: number;
  localHeaderOffset: number;
}

/** What a zip may hold before a byte of it is unpacked (zip bombs cost nothing). */
export interface ZipLimits {
  entries: number;
  unpackedBytes: number;
}

/** Why a zip is refused: not a zip, too many entries, too much once unpacked. */
export class ZipRefused extends Error {
  constructor(readonly reason: 'not_zip' | 'too_many_entries' | 'too_large') {
    super(`zip refused: ${reason}`);
  }
}

const END_OF_DIRECTORY = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
// ZIP64 marks: an archive needing them holds more than any limit here allows.
const ZIP64_COUNT = 0xffff;
const ZIP64_SIZE = 0xffffffff;

/**
 * The zip's central directory, read before anything is unpacked: more entries, or more bytes once unpacked (as the
 * directory declares them), than the limits allow is refused here. unpackZipEntry holds each entry to its declared
 * size, so a directory that lies unpacks no further.
 */
export function readZipDirectory(bytes: Buffer, limits: ZipLimits): ZipEntry[] {
  const end = bytes.lastIndexOf(END_OF_DIRECTORY);
  if (end < 0 || end + 22 > bytes.length) throw new ZipRefused('not_zip');
  const count = bytes.readUInt16LE(end + 10);
  if (count > limits.entries || count === ZIP64_COUNT) throw new ZipRefused('too_many_entries');
  const entries: ZipEntry[] = [];
  let offset = bytes.readUInt32LE(end + 16);
  let unpacked = 0;
  for (let index = 0; index < count; index += 1) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== DIRECTORY_ENTRY)
      throw new ZipRefused('not_zip');
    const flags = bytes.readUInt16LE(offset + 8);
    const size = bytes.readUInt32LE(offset + 24);
    unpacked += size;
    if (size === ZIP64_SIZE || unpacked > limits.unpackedBytes) throw new ZipRefused('too_large');
    const nameLength = bytes.readUInt16LE(offset + 28);
    const nameBytes = bytes.subarray(offset + 46, offset + 46 + nameLength);
    entries.push({
      // Bit 11: the name is UTF-8; without it, the old DOS code page, read as Latin-1 (ASCII names alike).
      name: nameBytes.toString(flags & 0x800 ? 'utf8' : 'latin1'),
      method: bytes.readUInt16LE(offset + 10),
      encrypted: (flags & 0x1) !== 0,
      crc32: bytes.readUInt32LE(offset + 16),
      compressedSize: bytes.readUInt32LE(offset + 20),
      size,
      localHeaderOffset: bytes.readUInt32LE(offset + 42),
    });
    offset += 46 + nameLength + bytes.readUInt16LE(offset + 30) + bytes.readUInt16LE(offset + 32);
  }
  return entries;
}

/**
 * One entry's bytes: inflated off the main thread and never past its declared size, then checked against its
 * CRC-32. Undefined when it cannot be unpacked (encrypted, another method, damaged).
 */
export async function unpackZipEntry(bytes: Buffer, entry: ZipEntry): Promise<Buffer | undefined> {
  const header = entry.localHeaderOffset;
  if (entry.encrypted || header + 30 > bytes.length || bytes.readUInt32LE(header) !== LOCAL_HEADER)
    return undefined;
  const start = header + 30 + bytes.readUInt16LE(header + 26) + bytes.readUInt16LE(header + 28);
  const packed = bytes.subarray(start, start + entry.compressedSize);
  if (packed.length !== entry.compressedSize) return undefined;
  let unpacked: Buffer;
  if (entry.method === 0) unpacked = packed;
  else if (entry.method === 8) {
    try {
      // zlib stops with an error at the declared size: a lying directory unpacks no further.
      unpacked = await inflate(packed, { maxOutputLength: Math.max(entry.size, 1) });
    } catch {
      return undefined;
    }
  } else return undefined;
  if (unpacked.length !== entry.size || crc32(unpacked) >>> 0 !== entry.crc32) return undefined;
  return unpacked;
}
