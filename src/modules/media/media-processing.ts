import { createHash } from 'node:crypto';
import pLimit, { type LimitFunction } from 'p-limit';
import type { Metadata } from 'sharp';
import { AppError } from '../../errors/error-catalogue.js';
import { loadSharp } from '../../lib/lazy-modules.js';
import { limits } from '../../limits.js';
import { isHeifType, isImageType, type MediaType, type UploadType } from './media-types.js';
import { fingerprintImage, type ImageFingerprint } from './perceptual-hash.js';

export interface ProcessedMedia {
  /** The type as stored: a TIFF or HEIC upload is stored as JPEG (or PNG). */
  type: MediaType;
  bytes: Buffer;
  width: number | null;
  height: number | null;
  sha256: string;
  /** Base64, as Subresource Integrity writes it after `sha384-`. */
  sha384: string;
  /** An image's perceptual fingerprint, of the stored bytes (photo search); null for a PDF. */
  fingerprint: ImageFingerprint | null;
}

/** What an image upload may cost: pixels read from its header, and how many decodes run at once. */
export interface ImageDecoder {
  /** Most pixels (width × height) an image may have (AVS_MEDIA_MAX_PIXELS). */
  maxPixels: number;
  /** Runs a decode when one of the process's slots is free (AVS_MEDIA_DECODE_CONCURRENCY). */
  decodeSlots: LimitFunction;
}

export function imageDecoder(options: { maxPixels: number; concurrency: number }): ImageDecoder {
  return { maxPixels: options.maxPixels, decodeSlots: pLimit(options.concurrency) };
}

function undecodable(type: UploadType, cause: unknown): AppError {
  return Object.assign(new AppError('invalid_media', 'undecodable', { type }), { cause });
}

/** The formats a person may send, in their words, for a refusal. */
export const ACCEPTED_FORMATS = 'a JPEG, PNG, WebP or TIFF photo, or a PDF';

/**
 * Whether this libvips decodes HEVC, and so HEIC photos. sharp's prebuilt libvips reads only AVIF among the HEIF
 * family (libheif without an HEVC decoder, for its patents); a libvips built with libde265 lists `.heic`.
 */
export async function canReadHeic(): Promise<boolean> {
  const sharp = await loadSharp();
  return sharp.format.heif.input.fileSuffix?.includes('.heic') ?? false;
}

/** A HEIC or HEIF photo this libvips cannot decode is refused with a sentence naming what it can take. */
export async function assertReadable(type: UploadType): Promise<void> {
  if (isHeifType(type) && !(await canReadHeic())) {
    throw new AppError('unsupported_media_type', 'heif_unreadable', { accepted: ACCEPTED_FORMATS });
  }
}

/**
 * The dimensions the image's header states, read without decoding a pixel: a 34-byte WebP may say 16000 ×
 * 16000 (768 MB once decoded), so an image above the pixel limit is refused here, before any decode.
 */
async function readHeaderWithinLimit(type: UploadType, input: Buffer, maxPixels: number): Promise<Metadata> {
  const sharp = await loadSharp();
  let header: Metadata;
  try {
    header = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw undecodable(type, error);
  }
  const { width, height } = header;
  if (width * height > maxPixels) {
    throw new AppError('invalid_media', 'too_many_pixels', { width, height, max: maxPixels });
  }
  return header;
}

/** JPEG, PNG and WebP stay what they are; a camera's TIFF or HEIC becomes a JPEG, or a PNG when transparent. */
function storedTypeOf(type: Exclude<UploadType, 'application/pdf'>, header: Metadata): MediaType {
  if (type === 'image/jpeg' || type === 'image/png' || type === 'image/webp') return type;
  return header.hasAlpha ? 'image/png' : 'image/jpeg';
}

/**
 * An image is decoded and encoded again, which keeps pixels and drops every metadata block (EXIF with GPS and
 * camera serials, XMP, IPTC, comments); the EXIF orientation is applied to the pixels first so the picture still
 * stands the right way up, and a picture longer than 4096 px is scaled down to it. The decode shrinks on load
 * (a JPEG's DCT scaling, a WebP's) and reads sequentially, so a 100-megapixel photo never lies whole in memory
 * (docs/media.md gives the measured peak). A PDF is kept as sent (docs/media.md says what it may carry).
 * The header is checked against the pixel limit first; the decode waits for a free slot.
 */
export async function reencodeForStorage(
  type: UploadType,
  input: Buffer,
  decoder: ImageDecoder,
): Promise<ProcessedMedia> {
  if (!isImageType(type))
    return withDigests({ type, bytes: input, width: null, height: null, fingerprint: null });
  await assertReadable(type);
  const header = await readHeaderWithinLimit(type, input, decoder.maxPixels);
  const storedType = storedTypeOf(type, header);
  const sharp = await loadSharp();
  // libvips' own pixel limit is a second guard, should a decoder ever see more than the header said.
  let image = sharp(input, { failOn: 'error', limitInputPixels: decoder.maxPixels, sequentialRead: true })
    .rotate()
    .resize({
      width: limits.storedImageEdge,
      height: limits.storedImageEdge,
      fit: 'inside',
      withoutEnlargement: true,
    });
  if (storedType === 'image/jpeg') image = image.jpeg({ quality: 90 });
  else if (storedType === 'image/png') image = image.png();
  else image = image.webp({ quality: 90 });
  try {
    // The fingerprint is of the bytes as stored, as the backfill of older media computes it (one slot for both).
    const { data, info, fingerprint } = await decoder.decodeSlots(async () => {
      const encoded = await image.toBuffer({ resolveWithObject: true });
      return { ...encoded, fingerprint: await fingerprintImage(encoded.data) };
    });
    return withDigests({
      type: storedType,
      bytes: data,
      width: info.width,
      height: info.height,
      fingerprint,
    });
  } catch (error) {
    throw undecodable(type, error);
  }
}

/**
 * The fingerprint of an image to search by (photo search): the same checks as an upload's — its header against
 * the pixel limit, then the decode in one of the process's slots — but nothing is re-encoded or kept.
 */
export async function fingerprintSearchImage(
  type: MediaType,
  input: Buffer,
  decoder: ImageDecoder,
): Promise<ImageFingerprint> {
  await readHeaderWithinLimit(type, input, decoder.maxPixels);
  try {
    return await decoder.decodeSlots(() => fingerprintImage(input));
  } catch (error) {
    throw undecodable(type, error);
  }
}

/** The fingerprint of bytes stored before fingerprints were (the backfill), in one of the process's decode slots. */
export async function fingerprintStoredImage(
  input: Buffer,
  decoder: ImageDecoder,
): Promise<ImageFingerprint> {
  return decoder.decodeSlots(() => fingerprintImage(input));
}

function withDigests(media: Omit<ProcessedMedia, 'sha256' | 'sha384'>): ProcessedMedia {
  return {
    ...media,
    sha256: createHash('sha256').update(media.bytes).digest('hex'),
    sha384: createHash('sha384').update(media.bytes).digest('base64'),
  };
}
