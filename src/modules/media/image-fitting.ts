import { createHash } from 'node:crypto';
import { loadSharp } from '../../lib/lazy-modules.js';
import type { ImageDecoder, ProcessedMedia } from './media-processing.js';

/**
 * An image already prepared for storage, made no larger than `maxEdge` pixels on its long edge (a gallery's logo,
 * shown small on every certificate): resized in one of the decode slots and encoded again in its own format.
 */
export async function fitWithin(
  media: ProcessedMedia,
  maxEdge: number,
  decoder: ImageDecoder,
): Promise<ProcessedMedia> {
  const { type, width, height } = media;
  if (type === 'application/pdf' || width === null || height === null || Math.max(width, height) <= maxEdge)
    return media;
  const sharp = await loadSharp();
  const resized = sharp(media.bytes).resize({ width: maxEdge, height: maxEdge, fit: 'inside' });
  const image =
    type === 'image/jpeg'
      ? resized.jpeg({ quality: 90 })
      : type === 'image/png'
        ? resized.png()
        : resized.webp({ quality: 90 });
  const { data, info } = await decoder.decodeSlots(() => image.toBuffer({ resolveWithObject: true }));
  return {
    type,
    bytes: data,
    width: info.width,
    height: info.height,
    sha256: createHash('sha256').update(data).digest('hex'),
    sha384: createHash('sha384').update(data).digest('base64'),
    fingerprint: null,
  };
}
