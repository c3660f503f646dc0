import { createHash } from 'node:crypto';
import pLimit, { type LimitFunction } from 'p-limit';
import type { Metadata } from 'sharp';
import { AppError } from '../../errors/error-catalogue.js';
import { loadSharp } from '../../lib/lazy-modules.js';
import { isImageType, type MediaType } from './media-types.js';
import { fingerprintImage, type ImageFingerprint } from './perceptual-hash.js';

export interface ProcessedMedia {
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

function undecodable(type: MediaType, cause: unknown): AppError {
  return Object.assign(new AppError('invalid_media', 'undecodable', { type }), { cause });
}

/**
 * The dimensions the image's header states, read without decoding a pixel: a 34-byte WebP may say 16000 ×
 * 16000 (768 MB once decoded), so an image above the pixel limit is refused here, before any decode.
 */
async function assertPixelsWithinLimit(type: MediaType, input: Buffer, maxPixels: number): Promise<void> {
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
}

/**
 * An image is decoded and encoded again in its own format, which keeps pixels and drops every metadata block
 * (EXIF with GPS and camera serials, XMP, IPTC, comments); the EXIF orientation is applied to the pixels first
 * so the picture still stands the right way up. A PDF is kept as sent (docs/media.md says what it may carry).
 * The header is checked against the pixel limit first; the decode waits for a free slot.
 */
export async function stripMetadata(
  type: MediaType,
  input: Buffer,
  decoder: ImageDecoder,
): Promise<ProcessedMedia> {
  if (!isImageType(type))
    return withDigests({ type, bytes: input, width: null, height: null, fingerprint: null });
  await assertPixelsWithinLimit(type, input, decoder.maxPixels);
  const sharp = await loadSharp();
  // libvips' own pixel limit is a second guard, should a decoder ever see more than the header said.
  let image = sharp(input, { failOn: 'error', limitInputPixels: decoder.maxPixels }).rotate();
  if (type === 'image/jpeg') image = image.jpeg({ quality: 90 });
  else if (type === 'image/png') image = image.png();
  else image = image.webp({ quality: 90 });
  try {
    // The fingerprint is of the bytes as stored, as the backfill of older media computes it (one slot for both).
    const { data, info, fingerprint } = await decoder.decodeSlots(async () => {
      const encoded = await image.toBuffer({ resolveWithObject: true });
      return { ...encoded, fingerprint: await fingerprintImage(encoded.data) };
    });
    return withDigests({ type, bytes: data, width: info.width, height: info.height, fingerprint });
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
  await assertPixelsWithinLimit(type, input, decoder.maxPixels);
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
