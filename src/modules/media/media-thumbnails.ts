import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors/error-catalogue.js';
import { ImmutableResponses, matchesIfNoneMatch } from '../../lib/immutable-responses.js';
import { loadSharp } from '../../lib/lazy-modules.js';
import { FILE_HEADERS } from './media-files.routes.js';
import type { ImageDecoder } from './media-processing.js';
import type { MediaDownload } from './media.service.js';

/** A thumbnail's edge: a list draws it at 48 CSS px, so 96 px stay sharp on a phone's dense screen. */
const THUMBNAIL_EDGE = 96;
// A few kilobytes each: some thousands of lists' pictures before the cache starts again.
const CACHE_BYTES = 8 * 1024 * 1024;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The small square pictures the lists show (docs/media.md, "Thumbnails"), made from a stored image on first
 * asking and kept in memory by the image's SHA-256: a digest's picture never changes, so nothing is invalidated.
 */
export class MediaThumbnails {
  private readonly made = new ImmutableResponses(CACHE_BYTES);

  constructor(private readonly decoder: ImageDecoder) {}

  /** The thumbnail of an image medium: a 96 px WebP, cropped to a square from its middle. */
  async of(download: MediaDownload): Promise<Buffer> {
    const key = download.record.sha256;
    const kept = this.made.get(key);
    if (kept) {
      download.stream.destroy();
      return kept.body as Buffer;
    }
    const sharp = await loadSharp();
    // Read and resized in one of the decode slots that uploads share, so a list of fifty costs bounded memory.
    const bytes = await this.decoder.decodeSlots(async () =>
      sharp(await readAll(download.stream), { limitInputPixels: this.decoder.maxPixels })
        .resize(THUMBNAIL_EDGE, THUMBNAIL_EDGE, { fit: 'cover' })
        .webp({ quality: 75 })
        .toBuffer(),
    );
    return this.made.put(key, bytes).body as Buffer;
  }
}

/**
 * Answers a medium's thumbnail with the medium's own file headers. Its ETag is the image's digest and edge, and
 * it may be kept for a year (immutable): a medium's id names the same bytes for ever. Who may keep it follows
 * the medium: anyone for a public image of an issued certificate, only the reader's browser otherwise.
 */
export async function sendThumbnail(
  request: FastifyRequest,
  reply: FastifyReply,
  download: MediaDownload,
  thumbnails: MediaThumbnails,
) {
  const { record } = download;
  if (!record.content_type.startsWith('image/')) {
    download.stream.destroy();
    throw new AppError('media_not_found');
  }
  const etag = `"${record.sha256}-${THUMBNAIL_EDGE}"`;
  void reply
    .headers(FILE_HEADERS)
    .header('etag', etag)
    .header('cache-control', `${download.public ? 'public' : 'private'}, max-age=31536000, immutable`);
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
    download.stream.destroy();
    return reply.code(304).send();
  }
  const bytes = await thumbnails.of(download);
  return reply
    .type('image/webp')
    .header('content-disposition', `inline; filename="${record.id}-thumbnail.webp"`)
    .send(bytes);
}
