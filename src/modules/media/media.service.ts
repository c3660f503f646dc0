import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Database, Queryable } from '../../db/database.js';
import { AppError } from '../../errors/error-catalogue.js';
import { pick } from '../../lib/records.js';
import { isStorableText } from '../../lib/text.js';
import { isUuid } from '../../lib/uuid.js';
import { limits } from '../../limits.js';
import { isInScope } from '../../planets/planet-access.js';
import type { PlanetId } from '../../planets/planets.js';
import type { MediaMove } from '../assets/asset-states.js';
import { checkAssetForMediaChange, getAsset, lockAssetForMediaChange } from '../assets/assets.service.js';
import { appendEvent } from '../chain/history-events.service.js';
import { historyActor, type Principal } from '../principal/principal.js';
import {
  ACCEPTED_FORMATS,
  assertReadable,
  fingerprintSearchImage,
  reencodeForStorage,
  type ImageDecoder,
  type ProcessedMedia,
} from './media-processing.js';
import { fitWithin } from './image-fitting.js';
import { databaseMediaStore, directoryMediaStore, type MediaStore } from './media-store.repository.js';
import { insertFingerprint } from './media-fingerprints.repository.js';
import {
  declaredMediaType,
  imageTypes,
  isImageType,
  isMediaType,
  isUploadType,
  sniffMediaType,
  sniffUploadType,
  uploadTypes,
  type MediaType,
  type UploadType,
} from './media-types.js';
import type { ImageFingerprint } from './perceptual-hash.js';
import {
  deleteAssetMedia,
  deleteBlobIfUnreferenced,
  findBlob,
  findMediaById,
  findMediaWithAsset,
  insertAssetMedia,
  insertBlobIfAbsent,
  listAssetMedia,
  listFirstPublicImagesOfAssets,
  updateMediaVisibility,
  type MediaRow,
  type MediaWithAssetRow,
} from './media.repository.js';
import type { MediaRecordType } from './media.schemas.js';

/** The stores the service reads and writes: new bytes go to `current`, old ones are read where they are. */
export interface MediaStores {
  current: MediaStore;
  postgres: MediaStore;
  directory?: MediaStore;
}

/** The stores of a configuration: new bytes in AVS_MEDIA_DIR when it is set, else in the database. */
export function mediaStoresFor(config: { AVS_MEDIA_DIR?: string | undefined }): MediaStores {
  const postgres = databaseMediaStore();
  const directory = config.AVS_MEDIA_DIR ? directoryMediaStore(config.AVS_MEDIA_DIR) : undefined;
  return { current: directory ?? postgres, postgres, directory };
}

export { canReadHeic } from './media-processing.js';

export const mediaUrl = (id: string): string => `/files/v1/media/${id}`;

function toMediaRecord(row: MediaRow): MediaRecordType {
  return {
    ...pick(
      row,
      'id',
      'asset_id',
      'planet',
      'sha256',
      'width',
      'height',
      'caption',
      'public',
      'commitment_salt',
    ),
    content_type: row.content_type as MediaType,
    bytes: Number(row.bytes),
    created_at: row.created_at.toISOString(),
    url: mediaUrl(row.id),
  };
}

function notFound(): AppError {
  return new AppError('media_not_found');
}

/**
 * What an upload is refused for before its body is read, after the key and the planet: the declared type
 * (415, a HEIC this libvips cannot decode too), the declared length (413), then the asset and its state (404,
 * 409). A refused body is never parsed.
 */
export async function checkUploadBeforeBody(
  db: Queryable,
  principal: Principal,
  target: { planet: PlanetId; assetId: string },
  declared: DeclaredUpload,
): Promise<void> {
  await checkDeclaredUpload(declared, uploadTypes);
  await checkAssetForMediaChange(db, principal, target.planet, target.assetId, 'add media to');
}

export interface DeclaredUpload {
  contentType: string | undefined;
  contentLength: string | undefined;
  maxBytes: number;
}

/** The uploads that are images: what a correction may add as public images (docs/corrections.md). */
export const imageUploadTypes = uploadTypes.filter(isImageType);

/** An upload's headers before its body: one of `accepted` types (415, a HEIC this libvips cannot decode too), then its length (413). */
export async function checkDeclaredUpload(
  declared: DeclaredUpload,
  accepted: readonly UploadType[],
): Promise<void> {
  const type = declaredMediaType(declared.contentType);
  if (!accepted.some((candidate) => candidate === type)) {
    throw new AppError('unsupported_media_type', 'media_types', { expected: accepted });
  }
  await assertReadable(type as UploadType);
  if (Number(declared.contentLength) > declared.maxBytes) {
    throw new AppError('payload_too_large', 'media_limit', { max: declared.maxBytes });
  }
}

/**
 * The upload, before any transaction: the type is read from the bytes (415 when it is not the declared one, or
 * not one of the upload types; `contentType` null when the sender did not say, as a browser may not for a HEIC),
 * then an image is scaled down and re-encoded without its metadata, if its header allows the decode.
 */
export async function prepareUpload(
  contentType: string | null | undefined,
  body: Buffer,
  decoder: ImageDecoder,
): Promise<ProcessedMedia> {
  const declared = contentType === null ? null : declaredMediaType(contentType);
  if (declared !== null && !isUploadType(declared)) {
    throw new AppError('unsupported_media_type', 'media_types', { expected: uploadTypes });
  }
  const detected = sniffUploadType(body);
  if (detected === undefined) {
    throw declared === null
      ? new AppError('unsupported_media_type', 'upload_unrecognised', { accepted: ACCEPTED_FORMATS })
      : new AppError('unsupported_media_type', 'media_unrecognised', { declared });
  }
  if (declared !== null && detected !== declared) {
    throw new AppError('unsupported_media_type', 'media_mismatch', { declared, detected });
  }
  return reencodeForStorage(detected, body, decoder);
}

/**
 * What a photo search is refused for before its body is read, after the key: the declared type, which must be
 * one of the three image types (415), then the declared length (413).
 */
export function checkSearchImageBeforeBody(declared: {
  contentType: string | undefined;
  contentLength: string | undefined;
  maxBytes: number;
}): void {
  const type = declaredMediaType(declared.contentType);
  if (!isMediaType(type) || !isImageType(type)) {
    throw new AppError('unsupported_media_type', 'media_types', { expected: imageTypes });
  }
  if (Number(declared.contentLength) > declared.maxBytes) {
    throw new AppError('payload_too_large', 'media_limit', { max: declared.maxBytes });
  }
}

/** The image type the bytes are, whatever was declared (415 when they are no image: a PDF or unrecognised). */
function sniffImageType(body: Buffer): Exclude<MediaType, 'application/pdf'> {
  const detected = sniffMediaType(body);
  if (detected === undefined || !isImageType(detected))
    throw new AppError('unsupported_media_type', 'image_unrecognised');
  return detected;
}

/**
 * The fingerprint of a photo to search by, read as an upload is: its type from the bytes (415 when it is not
 * the declared one or not an image; a browser's form declares none: `contentType` null), its header against the
 * pixel limit and its decode (422).
 */
export async function fingerprintOfSearchImage(
  contentType: string | null,
  body: Buffer,
  decoder: ImageDecoder,
): Promise<ImageFingerprint> {
  const detected = sniffImageType(body);
  const declared = contentType === null ? detected : declaredMediaType(contentType);
  if (detected !== declared) {
    throw new AppError('unsupported_media_type', 'media_mismatch', { declared, detected });
  }
  return fingerprintSearchImage(detected, body, decoder);
}

/**
 * An image that is no asset's medium (a gallery's logo), read as an upload is: its type from the bytes (one of the three
 * image types, else 415), its header against the pixel limit, its metadata stripped; then no larger than `maxEdge`
 * pixels on its long edge.
 */
export async function prepareImage(
  body: Buffer,
  decoder: ImageDecoder,
  maxEdge: number,
): Promise<ProcessedMedia> {
  const detected = sniffImageType(body);
  return fitWithin(await reencodeForStorage(detected, body, decoder), maxEdge, decoder);
}

/** The pHash's 64 bits as the signed int8 they are stored as (migration 340), and back. */
export function storedPhash(fingerprint: ImageFingerprint): string {
  return BigInt.asIntN(64, fingerprint.phash).toString();
}

export function phashOfStored(stored: string): bigint {
  return BigInt.asUintN(64, BigInt(stored));
}

function normaliseCaption(caption: string | undefined): string | null {
  const trimmed = caption?.trim() ?? '';
  if (trimmed.length > limits.stringLength) {
    throw new AppError('validation_failed', 'too_long', { field: 'caption', max: limits.stringLength });
  }
  if (!isStorableText(trimmed)) throw new AppError('validation_failed', 'unstorable', { field: 'caption' });
  return trimmed.length > 0 ? trimmed : null;
}

/**
 * The commitment a private medium's events carry: SHA-256 over the salt's bytes then the digest's bytes (hex).
 * Anyone who can read the history can check it once the owner reveals the salt; a guessed file alone cannot.
 */
function mediaCommitment(saltHex: string, sha256Hex: string): string {
  return createHash('sha256')
    .update(Buffer.from(saltHex, 'hex'))
    .update(Buffer.from(sha256Hex, 'hex'))
    .digest('hex');
}

/**
 * What history says of a medium: a public one by its digest, type and size; a private one only that it exists
 * (its salted commitment), since another account may read the history (docs/media.md).
 */
function mediaAddedFacts(row: MediaRow): Record<string, unknown> {
  if (row.public) {
    return { sha256: row.sha256, content_type: row.content_type, bytes: Number(row.bytes), public: true };
  }
  return { public: false, commitment: mediaCommitment(row.commitment_salt!, row.sha256) };
}

/** MEDIA_REMOVED names what MEDIA_ADDED named: the digest of a public medium, the commitment of a private one. */
function mediaRemovedFacts(row: MediaRow): Record<string, unknown> {
  if (row.public) return { sha256: row.sha256 };
  // A private medium added before commitments existed has no salt: its id alone names it.
  return row.commitment_salt ? { commitment: mediaCommitment(row.commitment_salt, row.sha256) } : {};
}

/** A medium's event on its asset's history, naming the key or member that made it. */
async function appendMediaEvent(
  tx: Queryable,
  change: { asset: { id: string; planet: string }; principal: Principal; row: MediaRow },
  eventType: 'MEDIA_ADDED' | 'MEDIA_REMOVED' | 'MEDIA_VISIBILITY_CHANGED',
  facts: Record<string, unknown>,
): Promise<void> {
  const { asset, principal, row } = change;
  await appendEvent(tx, {
    assetId: asset.id,
    planet: asset.planet,
    eventType,
    payload: { ...historyActor(principal), media_id: row.id, ...facts },
    actorAccountId: principal.accountId,
  });
}

/** Keeps prepared bytes once per hash, in the caller's transaction: the blob's row, then its bytes in the current store. */
export async function keepBlob(tx: Queryable, stores: MediaStores, media: ProcessedMedia): Promise<void> {
  const inserted = await insertBlobIfAbsent(tx, {
    sha256: media.sha256,
    sha384: media.sha384,
    contentType: media.type,
    bytes: media.bytes.length,
    width: media.width,
    height: media.height,
    storage: stores.current.kind,
  });
  if (inserted) await stores.current.write(tx, media.sha256, media.bytes);
}

/**
 * Removes a blob no medium and no logo names any more (a gallery's replaced logo), in the caller's transaction;
 * returns what forgetOrphanBytes forgets after the commit.
 */
export async function dropBlobIfUnreferenced(
  tx: Queryable,
  sha256: string,
): Promise<{ sha256: string; storage: MediaRow['storage'] } | undefined> {
  const blob = await findBlob(tx, sha256);
  if (!blob || !(await deleteBlobIfUnreferenced(tx, sha256))) return undefined;
  return { sha256, storage: blob.storage };
}

/** A blob's bytes, streamed, with its type and size (a gallery's logo); undefined when there is none. */
export async function openBlob(
  db: Database,
  stores: MediaStores,
  sha256: string,
): Promise<{ contentType: MediaType; bytes: number; stream: Readable } | undefined> {
  const blob = await findBlob(db, sha256);
  if (!blob) return undefined;
  const bytes = Number(blob.bytes);
  return {
    contentType: blob.content_type as MediaType,
    bytes,
    stream: storeOf(stores, blob.storage).read(db, sha256, bytes),
  };
}

/**
 * Attaches prepared bytes to the owner's pending asset, in the caller's transaction: the blob once per hash,
 * the media row (a private one with a fresh commitment salt) and a MEDIA_ADDED event.
 */
export async function addMedia(
  tx: Queryable,
  stores: MediaStores,
  principal: Principal,
  target: { planet: PlanetId; assetId: string; caption?: string; public?: boolean },
  media: ProcessedMedia,
): Promise<MediaRecordType> {
  const caption = normaliseCaption(target.caption);
  const asset = await lockAssetForMediaChange(tx, principal, target.planet, target.assetId, 'add media to');
  await keepBlob(tx, stores, media);
  const isPublic = target.public ?? false;
  const row = await insertAssetMedia(tx, {
    id: randomUUID(),
    planet: asset.planet,
    assetId: asset.id,
    sha256: media.sha256,
    caption,
    public: isPublic,
    // A fresh salt per medium: the same file added twice gives two unrelated commitments.
    commitmentSalt: isPublic ? null : randomBytes(32).toString('hex'),
    createdBy: principal.accountId,
  });
  if (media.fingerprint) {
    await insertFingerprint(tx, {
      mediaId: row.id,
      assetId: asset.id,
      phash: storedPhash(media.fingerprint),
    });
  }
  await appendMediaEvent(tx, { asset, principal, row }, 'MEDIA_ADDED', mediaAddedFacts(row));
  return toMediaRecord(row);
}

/**
 * The owner's pending asset, locked for a change of its media (lockAssetForMediaChange: 404, 409), and its medium
 * `target.mediaId`: a malformed id, another asset's medium and none at all are alike not found.
 */
async function lockMediumForChange(
  tx: Queryable,
  principal: Principal,
  target: MediumTarget & { planet: PlanetId },
  move: MediaMove,
): Promise<{ asset: Awaited<ReturnType<typeof lockAssetForMediaChange>>; row: MediaRow }> {
  const asset = await lockAssetForMediaChange(tx, principal, target.planet, target.assetId, move);
  const row = await findMedium((id) => findMediaById(tx, id), target.mediaId);
  if (row.asset_id !== asset.id) throw notFound();
  return { asset, row };
}

/**
 * Removes a medium of the owner's pending asset with a MEDIA_REMOVED event; the blob goes too when no other
 * medium shares it. Returns the removed record, and what the caller forgets after the commit (a file of
 * AVS_MEDIA_DIR).
 */
export async function removeMedia(
  tx: Queryable,
  principal: Principal,
  target: MediumTarget & { planet: PlanetId },
): Promise<{ record: MediaRecordType; orphan?: { sha256: string; storage: MediaRow['storage'] } }> {
  const { asset, row } = await lockMediumForChange(tx, principal, target, 'remove media from');
  await deleteAssetMedia(tx, row.id);
  await appendMediaEvent(tx, { asset, principal, row }, 'MEDIA_REMOVED', mediaRemovedFacts(row));
  const gone = await deleteBlobIfUnreferenced(tx, row.sha256);
  const record = toMediaRecord(row);
  return gone ? { record, orphan: { sha256: row.sha256, storage: row.storage } } : { record };
}

/**
 * A correction's removal of public images from an issued certificate (docs/corrections.md), under the asset's
 * lock the caller holds: no event of its own, since CERTIFICATE_AMENDED names each by the digest MEDIA_ADDED
 * gave it. An id that is no longer a public medium of the asset is passed over. Returns the removed and what
 * the caller forgets after the commit.
 */
export async function removeImagesOfCorrection(
  tx: Queryable,
  asset: { id: string; planet: string },
  mediaIds: readonly string[],
): Promise<{
  removed: { media_id: string; sha256: string }[];
  orphans: { sha256: string; storage: MediaRow['storage'] }[];
}> {
  const removed: { media_id: string; sha256: string }[] = [];
  const orphans: { sha256: string; storage: MediaRow['storage'] }[] = [];
  for (const id of mediaIds) {
    const row = await findMediaById(tx, id);
    if (!row || row.asset_id !== asset.id || !row.public) continue;
    await deleteAssetMedia(tx, row.id);
    removed.push({ media_id: row.id, sha256: row.sha256 });
    if (await deleteBlobIfUnreferenced(tx, row.sha256))
      orphans.push({ sha256: row.sha256, storage: row.storage });
  }
  return { removed, orphans };
}

/**
 * A correction's new public images, on approval and under the asset's lock the caller holds (docs/corrections.md):
 * each becomes a public medium of the asset under the id it was held by, with its fingerprint. No event of its
 * own: CERTIFICATE_AMENDED lists each as MEDIA_ADDED would (digest, type, size). Returns those facts.
 */
export async function attachImagesOfCorrection(
  tx: Queryable,
  asset: { id: string; planet: string; account_id: string },
  images: readonly { id: string; sha256: string; phash: string | null }[],
): Promise<Record<string, unknown>[]> {
  const added: Record<string, unknown>[] = [];
  for (const image of images) {
    const row = await insertAssetMedia(tx, {
      id: image.id,
      planet: asset.planet,
      assetId: asset.id,
      sha256: image.sha256,
      caption: null,
      public: true,
      commitmentSalt: null,
      createdBy: asset.account_id,
    });
    if (image.phash !== null)
      await insertFingerprint(tx, { mediaId: row.id, assetId: asset.id, phash: image.phash });
    added.push({ media_id: row.id, ...mediaAddedFacts(row) });
  }
  return added;
}

/**
 * Makes a medium of the owner's pending asset public or private, with a MEDIA_VISIBILITY_CHANGED event saying
 * what MEDIA_ADDED would say of it now: made public, its digest, type and size; made private, a commitment under a
 * fresh salt (a digest already in the history stays there). Asking for the visibility it has changes nothing and
 * records nothing, so a retry is harmless. The keyless photo search learns of it from the row migration 471's
 * trigger writes (docs/media.md, "Photo search"); a key's search checks `public` in SQL as it is now.
 */
export async function changeMediaVisibility(
  tx: Queryable,
  principal: Principal,
  target: { planet: PlanetId; assetId: string; mediaId: string; public: boolean },
): Promise<MediaRecordType> {
  const { asset, row } = await lockMediumForChange(tx, principal, target, 'change media visibility on');
  if (row.public === target.public) return toMediaRecord(row);
  const changed = await updateMediaVisibility(tx, row.id, {
    public: target.public,
    commitmentSalt: target.public ? null : randomBytes(32).toString('hex'),
  });
  await appendMediaEvent(
    tx,
    { asset, principal, row: changed },
    'MEDIA_VISIBILITY_CHANGED',
    mediaAddedFacts(changed),
  );
  return toMediaRecord(changed);
}

/** After the removal committed: the bytes of a blob no medium refers to any more. */
export async function forgetOrphanBytes(
  stores: MediaStores,
  orphan: { sha256: string; storage: MediaRow['storage'] } | undefined,
): Promise<void> {
  if (orphan?.storage === 'directory') await stores.directory?.remove(orphan.sha256);
}

/** The owner sees every medium; anyone else only the public ones of an issued certificate. */
function visibleTo(principal: Principal | undefined, row: MediaWithAssetRow): boolean {
  const owner = principal !== undefined && principal.accountId === row.account_id;
  return owner || (row.public && row.issued_at !== null);
}

export async function listMedia(
  db: Queryable,
  principal: Principal,
  planet: PlanetId,
  assetId: string,
): Promise<MediaRecordType[]> {
  return mediaOfAsset(db, principal, planet, await getAsset(db, planet, assetId));
}

/** listMedia of an asset its caller has read already (the console's asset page): no second read of the asset. */
export async function mediaOfAsset(
  db: Queryable,
  principal: Principal,
  planet: PlanetId,
  asset: { id: string },
): Promise<MediaRecordType[]> {
  const rows = await listAssetMedia(db, planet, asset.id);
  return rows.filter((row) => visibleTo(principal, row)).map(toMediaRecord);
}

/** A medium named by its asset's planet and id and its own id. */
interface MediumTarget {
  planet: string;
  assetId: string;
  mediaId: string;
}

/** The medium of the id: a malformed id and none at all are alike not found. */
async function findMedium<Row extends MediaRow>(
  find: (id: string) => Promise<Row | undefined>,
  mediaId: string,
): Promise<Row> {
  const row = isUuid(mediaId) ? await find(mediaId) : undefined;
  if (!row) throw notFound();
  return row;
}

/** The target asset's medium: another asset's medium is as not found as none at all. */
async function findMediumOf<Row extends MediaRow>(
  find: (id: string) => Promise<Row | undefined>,
  target: MediumTarget,
): Promise<Row> {
  const row = await findMedium(find, target.mediaId);
  if (row.planet !== target.planet || row.asset_id !== target.assetId) throw notFound();
  return row;
}

export async function getMediaRecord(
  db: Queryable,
  principal: Principal,
  target: MediumTarget & { planet: PlanetId },
): Promise<MediaRecordType> {
  const row = await findMediumOf((id) => findMediaWithAsset(db, id), target);
  if (!visibleTo(principal, row)) throw notFound();
  return toMediaRecord(row);
}

export interface MediaDownload {
  record: MediaRecordType;
  /** Public media of an issued certificate may be cached by anyone; the rest only by the caller. */
  public: boolean;
  stream: Readable;
}

/** The stored bytes of a blob, whole (the backfill of fingerprints reads images stored before them). */
export async function readStoredBytes(
  db: Database,
  stores: MediaStores,
  blob: { sha256: string; bytes: string | number; storage: MediaRow['storage'] },
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of storeOf(stores, blob.storage).read(db, blob.sha256, Number(blob.bytes)))
    chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function storeOf(stores: MediaStores, storage: MediaRow['storage']): MediaStore {
  const store = storage === 'directory' ? stores.directory : stores.postgres;
  // Bytes written to a directory the configuration no longer names cannot be served.
  if (!store) throw new Error('media stored in a directory, but AVS_MEDIA_DIR is not set');
  return store;
}

/**
 * The bytes of a medium: to its owner's key (a planet in the key's scope), and without a key to anyone when
 * it is public and the certificate has been issued. Everything else is 404, never a hint that it exists.
 */
export async function openMedia(
  db: Database,
  stores: MediaStores,
  principal: Principal | undefined,
  mediaId: string,
): Promise<MediaDownload> {
  const row = await findMedium((id) => findMediaWithAsset(db, id), mediaId);
  const owner =
    principal !== undefined && principal.accountId === row.account_id && isInScope(principal, row.planet);
  const open = row.public && row.issued_at !== null;
  if (!owner && !open) throw notFound();
  return download(db, stores, row, open);
}

function download(db: Database, stores: MediaStores, row: MediaRow, isPublic: boolean): MediaDownload {
  return {
    record: toMediaRecord(row),
    public: isPublic,
    stream: storeOf(stores, row.storage).read(db, row.sha256, Number(row.bytes)),
  };
}

/** For the admin application: any medium of the asset. */
export async function openMediaAsAdmin(
  db: Database,
  stores: MediaStores,
  target: MediumTarget,
): Promise<MediaDownload> {
  const row = await findMediumOf((id) => findMediaById(db, id), target);
  return download(db, stores, row, false);
}

/** The public media of an asset, oldest first, with both digests: what a certificate credential lists. */
export async function publicMediaDigests(
  db: Queryable,
  planet: string,
  assetId: string,
): Promise<{ id: string; sha256: string; sha384: string; content_type: string }[]> {
  const rows = await listAssetMedia(db, planet, assetId);
  return rows
    .filter((row) => row.public)
    .map((row) => ({
      id: row.id,
      sha256: row.sha256,
      sha384: row.sha384,
      content_type: row.content_type,
    }));
}

/** The first public image of an asset (the picture of its public certificate page), if any. */
export async function firstPublicImage(
  db: Queryable,
  planet: string,
  assetId: string,
): Promise<MediaRecordType | undefined> {
  const rows = await listAssetMedia(db, planet, assetId);
  const row = rows.find((candidate) => candidate.public && candidate.content_type.startsWith('image/'));
  return row ? toMediaRecord(row) : undefined;
}

/** The first public image of each of these assets (as firstPublicImage), keyed `planet/id`; works without one are absent. */
export async function firstPublicImages(
  db: Queryable,
  assets: readonly { planet: string; id: string }[],
): Promise<Map<string, MediaRecordType>> {
  if (assets.length === 0) return new Map();
  const rows = await listFirstPublicImagesOfAssets(
    db,
    assets.map((asset) => asset.id),
  );
  return new Map(rows.map((row) => [`${row.planet}/${row.asset_id}`, toMediaRecord(row)]));
}

/** Every medium of an asset for the admin application. */
export async function listMediaAsAdmin(
  db: Queryable,
  planet: string,
  assetId: string,
): Promise<MediaRecordType[]> {
  return (await listAssetMedia(db, planet, assetId)).map(toMediaRecord);
}
