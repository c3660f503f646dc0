import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { AppError } from '../../errors/error-catalogue.js';
import { isImageType, type MediaType } from './media-types.js';

// libvips' operation cache would keep decoded images alive between requests: memory for nothing here.
sharp.cache(false);

export interface ProcessedMedia {
  type: MediaType;
  bytes: Buffer;
  width: number | null;
  height: number | null;
  sha256: string;
  /** Base64, as Subresource Integrity writes it after `sha384-`. */
  sha384: string;
}

/**
 * An image is decoded and encoded again in its own format, which keeps pixels and drops every metadata block
 * (EXIF with GPS and camera serials, XMP, IPTC, comments); the EXIF orientation is applied to the pixels first
 * so the picture still stands the right way up. A PDF is kept as sent (docs/media.md says what it may carry).
 */
export async function stripMetadata(type: MediaType, input: Buffer): Promise<ProcessedMedia> {
  if (!isImageType(type)) return withDigests({ type, bytes: input, width: null, height: null });
  let image = sharp(input, { failOn: 'error' }).rotate();
  if (type === 'image/jpeg') image = image.jpeg({ quality: 90 });
  else if (type === 'image/png') image = image.png();
  else image = image.webp({ quality: 90 });
  try {
    const { data, info } = await image.toBuffer({ resolveWithObject: true });
    return withDigests({ type, bytes: data, width: info.width, height: info.height });
  } catch (error) {
    throw Object.assign(new AppError('invalid_media', 'undecodable', { type }), { cause: error });
  }
}

function withDigests(media: Omit<ProcessedMedia, 'sha256' | 'sha384'>): ProcessedMedia {
  return {
    ...media,
    sha256: createHash('sha256').update(media.bytes).digest('hex'),
    sha384: createHash('sha384').update(media.bytes).digest('base64'),
  };
}
