import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Queryable } from '../../db/database.js';
import { findBlobChunk, insertBlobChunk } from './media.repository.js';

/** Where the bytes of media live; the rows describing them are always in the database. */
export interface MediaStore {
  readonly kind: 'postgres' | 'directory';
  /** Keeps the bytes of a blob whose row the transaction `tx` has just inserted. */
  write(tx: Queryable, sha256: string, bytes: Buffer): Promise<void>;
  /** The bytes, streamed: at most one chunk (or one file buffer) in memory at a time. */
  read(db: Queryable, sha256: string, size: number): Readable;
  /** Forgets the bytes of a blob whose row is gone (committed). The database's chunks went with the row. */
  remove(sha256: string): Promise<void>;
}

/** 256 KiB rows: small enough to stream, large enough that a 10 MiB file is 40 rows. */
export const CHUNK_BYTES = 256 * 1024;

/** The default: bytes in media_chunks, so backups, replicas and several instances need nothing else. */
export function databaseMediaStore(): MediaStore {
  return {
    kind: 'postgres',
    async write(tx, sha256, bytes) {
      for (let index = 0, offset = 0; offset < bytes.length; index += 1, offset += CHUNK_BYTES) {
        // subarray shares the upload's memory: no copy of the file per chunk.
        await insertBlobChunk(tx, sha256, index, bytes.subarray(offset, offset + CHUNK_BYTES));
      }
    },
    read(db, sha256, size) {
      const chunks = Math.ceil(size / CHUNK_BYTES);
      return Readable.from(
        (async function* () {
          for (let index = 0; index < chunks; index += 1) {
            const data = await findBlobChunk(db, sha256, index);
            if (!data) throw new Error(`media ${sha256} lost its chunk ${index}`);
            yield Buffer.from(data.buffer, data.byteOffset, data.byteLength);
          }
        })(),
        { objectMode: false },
      );
    },
    async remove() {},
  };
}

/** AVS_MEDIA_DIR: one file per hash, under a two-character fan-out (`ab/abcdef…`). */
export function directoryMediaStore(directory: string): MediaStore {
  const pathOf = (sha256: string) => mediaFilePath(directory, sha256);
  return {
    kind: 'directory',
    async write(_tx, sha256, bytes) {
      const path = pathOf(sha256);
      if (await exists(path)) return;
      await mkdir(join(directory, sha256.slice(0, 2)), { recursive: true, mode: 0o700 });
      // Written aside, then renamed: a reader never sees half a file, and two writers of one hash agree.
      const partial = `${path}.${randomUUID()}.partial`;
      await writeFile(partial, bytes, { mode: 0o600 });
      await rename(partial, path);
    },
    read(_db, sha256) {
      return createReadStream(pathOf(sha256));
    },
    async remove(sha256) {
      await rm(pathOf(sha256), { force: true });
    },
  };
}

/** Where the directory store keeps a hash's bytes. */
export function mediaFilePath(directory: string, sha256: string): string {
  return join(directory, sha256.slice(0, 2), sha256);
}

/** A directory-store file written piece by piece (a restore), aside until commit renames it into place. */
export interface MediaFileWriter {
  write(bytes: Buffer): Promise<void>;
  commit(): Promise<void>;
  abort(): Promise<void>;
}

export async function openMediaFileWriter(directory: string, sha256: string): Promise<MediaFileWriter> {
  const path = mediaFilePath(directory, sha256);
  await mkdir(join(directory, sha256.slice(0, 2)), { recursive: true, mode: 0o700 });
  const partial = `${path}.${randomUUID()}.partial`;
  const handle = await open(partial, 'wx', 0o600);
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await handle.close();
  };
  return {
    async write(bytes) {
      // A write may take part of the buffer: go on until all of it is down.
      for (let offset = 0; offset < bytes.length;) {
        offset += (await handle.write(bytes, offset)).bytesWritten;
      }
    },
    async commit() {
      await close();
      await rename(partial, path);
    },
    async abort() {
      await close();
      await rm(partial, { force: true });
    },
  };
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
