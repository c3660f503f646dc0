import type { Queryable } from '../../db/database.js';
import { AppError } from '../../errors/error-catalogue.js';
import { fileSize } from '../../errors/people-units.js';
import { readZipDirectory, unpackZipEntry, ZipRefused, type ZipEntry } from '../../lib/zip-archive.js';
import type { PlanetId } from '../../planets/planets.js';
import type { Principal } from '../principal/principal.js';
import {
  addMedia,
  listMedia,
  phashOfStored,
  prepareUpload,
  storedPhash,
  type MediaStores,
} from '../media/media.service.js';
import type { ImageDecoder, ProcessedMedia } from '../media/media-processing.js';
import type { MediaType } from '../media/media-types.js';
import { IMAGES_FIELD, type ImportColumn } from './import-columns.js';
import {
  importMediaByName,
  importMediaStatuses,
  upsertImportMedia,
  type ImportMediaRow,
  type ImportMediaStatus,
} from './import-media.repository.js';
import type { RowError } from './imports.repository.js';

/** What a ZIP of images may hold: checked from its directory before a byte is unpacked. */
export const mediaZipLimits = {
  zipBytes: 256 * 1024 * 1024,
  entries: 5_000,
  unpackedBytes: 1024 * 1024 * 1024,
} as const;

/** A file's name as rows and ZIP entries are matched: its base name, without case. */
function matchKey(name: string): string {
  return (name.split(/[/\\]/).pop() ?? '').trim().normalize('NFC').toLowerCase();
}

/** The file names a cell holds: several separated by `;` or `|`. */
function namesInCell(text: string): string[] {
  return text
    .split(/[;|]/)
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/** The names the row's image column holds, each once, in the order written. */
export function imageNamesOfRow(columns: readonly ImportColumn[], cells: readonly string[]): string[] {
  const column = columns.find((candidate) => candidate.field === IMAGES_FIELD);
  if (!column) return [];
  const seen = new Set<string>();
  return namesInCell(cells[column.index] ?? '').filter((name) => {
    const key = matchKey(name);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A directory, a macOS resource fork (`__MACOSX/`) or a hidden file (`.DS_Store`): not an image of the import. */
function isLeftAside(entry: ZipEntry): boolean {
  if (entry.name.endsWith('/') || entry.name.endsWith('\\')) return true;
  const parts = entry.name.split(/[/\\]/);
  return parts.includes('__MACOSX') || (parts[parts.length - 1] ?? '').startsWith('.');
}

function zipUnreadable(reason: ZipRefused['reason']): AppError {
  if (reason === 'too_many_entries')
    return new AppError('import_file_unreadable', 'archive_too_many_entries', {
      max: mediaZipLimits.entries,
    });
  if (reason === 'too_large')
    return new AppError('import_file_unreadable', 'archive_too_large', {
      max: fileSize(mediaZipLimits.unpackedBytes),
    });
  return new AppError('import_file_unreadable', 'not_zip');
}

/** The ZIP's files that may be images, from its directory: refused whole when past its limits. */
function imageEntriesOf(zip: Buffer): ZipEntry[] {
  try {
    return readZipDirectory(zip, {
      entries: mediaZipLimits.entries,
      unpackedBytes: mediaZipLimits.unpackedBytes,
    }).filter((entry) => !isLeftAside(entry));
  } catch (error) {
    if (error instanceof ZipRefused) throw zipUnreadable(error.reason);
    throw error;
  }
}

/** One file of the ZIP as kept: the image the media rules made of it, or their refusal. */
type KeptFile = Omit<ImportMediaRow, 'phash'> & { phash: string | null };

function refusedFile(entry: ZipEntry, isPublic: boolean, error: AppError): KeptFile {
  return {
    name: matchKey(entry.name),
    file_name: entry.name,
    public: isPublic,
    content_type: null,
    bytes: null,
    width: null,
    height: null,
    sha256: null,
    sha384: null,
    phash: null,
    error_code: error.code,
    error_message: error.message,
  };
}

/**
 * Each file of the ZIP through the media rules, as an upload goes (prepareUpload: its type from its bytes, its
 * pixels against the limit, re-encoded without its metadata); one at a time, so a single file's bytes are unpacked.
 */
export async function prepareZipImages(
  zip: Buffer,
  options: { public: boolean; maxBytes: number; decoder: ImageDecoder },
): Promise<KeptFile[]> {
  const entries = imageEntriesOf(zip);
  const named = new Map<string, number>();
  for (const entry of entries) named.set(matchKey(entry.name), (named.get(matchKey(entry.name)) ?? 0) + 1);
  const kept: KeptFile[] = [];
  for (const entry of entries) {
    const refuse = (error: AppError) => kept.push(refusedFile(entry, options.public, error));
    if ((named.get(matchKey(entry.name)) ?? 0) > 1) {
      refuse(new AppError('import_image_unusable', 'twice', { file: entry.name }));
      continue;
    }
    if (entry.size > options.maxBytes) {
      refuse(new AppError('payload_too_large', 'media_limit', { max: options.maxBytes }));
      continue;
    }
    const bytes = await unpackZipEntry(zip, entry);
    if (!bytes) {
      refuse(new AppError('import_image_unusable', 'not_unpacked', { file: entry.name }));
      continue;
    }
    let media: ProcessedMedia;
    try {
      // Only images: a ZIP's PDF is no picture of the work.
      media = await prepareUpload(null, bytes, options.decoder);
      if (!media.type.startsWith('image/'))
        throw new AppError('unsupported_media_type', 'image_unrecognised');
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      refuse(error as AppError);
      continue;
    }
    kept.push({
      name: matchKey(entry.name),
      file_name: entry.name,
      public: options.public,
      content_type: media.type,
      bytes: media.bytes,
      width: media.width,
      height: media.height,
      sha256: media.sha256,
      sha384: media.sha384,
      phash: media.fingerprint ? storedPhash(media.fingerprint) : null,
      error_code: null,
      error_message: null,
    });
  }
  return kept;
}

/** Keeps the prepared files of a ZIP with the import, in the caller's transaction; a name sent before is replaced. */
export async function keepZipImages(
  tx: Queryable,
  importId: string,
  files: readonly KeptFile[],
): Promise<void> {
  for (const file of files) await upsertImportMedia(tx, importId, file);
}

/** The import's files by the key rows match them with: what validation reads (no bytes). */
export async function importImageIndex(
  db: Queryable,
  importId: string,
): Promise<Map<string, ImportMediaStatus>> {
  return new Map((await importMediaStatuses(db, importId)).map((status) => [status.name, status]));
}

/** A row's problems with its images: a name the ZIPs do not hold, or a file the media rules refused. */
export function imageErrorsOfRow(
  columns: readonly ImportColumn[],
  cells: readonly string[],
  index: ReadonlyMap<string, ImportMediaStatus>,
): RowError[] {
  const column = columns.find((candidate) => candidate.field === IMAGES_FIELD)?.header ?? null;
  return imageNamesOfRow(columns, cells).flatMap((name) => {
    const file = index.get(matchKey(name));
    const error = !file
      ? new AppError('import_image_unusable', 'missing', { file: name })
      : file.error_code !== null
        ? new AppError('import_image_unusable', 'refused', {
            file: file.file_name,
            reason: file.error_message ?? '',
          })
        : undefined;
    return error ? [{ column, code: error.code, message: error.message }] : [];
  });
}

function processedOf(row: ImportMediaRow): ProcessedMedia {
  return {
    type: row.content_type as MediaType,
    bytes: Buffer.from(row.bytes!.buffer, row.bytes!.byteOffset, row.bytes!.byteLength),
    width: row.width,
    height: row.height,
    sha256: row.sha256!,
    sha384: row.sha384!,
    fingerprint: row.phash === null ? null : { phash: phashOfStored(row.phash) },
  };
}

/**
 * Attaches the row's images to its asset in the row's transaction, as the media API adds them (addMedia: the blob,
 * the media row, MEDIA_ADDED). An image the asset already has (its digest) is not added again, so importing the
 * same file twice adds nothing. Answers how many were added.
 */
export async function attachRowImages(
  tx: Queryable,
  stores: MediaStores,
  principal: Principal,
  target: { importId: string; planet: PlanetId; assetId: string; isNew: boolean },
  names: readonly string[],
): Promise<number> {
  if (names.length === 0) return 0;
  // Read per row, not per batch: a batch's images together could be hundreds of megabytes.
  const images = new Map(
    (await importMediaByName(tx, target.importId, names.map(matchKey))).map((row) => [row.name, row]),
  );
  const present = target.isNew
    ? new Set<string>()
    : new Set((await listMedia(tx, principal, target.planet, target.assetId)).map((medium) => medium.sha256));
  let added = 0;
  for (const name of names) {
    const image = images.get(matchKey(name));
    if (!image || present.has(image.sha256!)) continue;
    await addMedia(
      tx,
      stores,
      principal,
      { planet: target.planet, assetId: target.assetId, public: image.public },
      processedOf(image),
    );
    present.add(image.sha256!);
    added += 1;
  }
  return added;
}
