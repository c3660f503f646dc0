import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { databaseMediaStore, directoryMediaStore } from './media-store.repository.js';
import { mediaFileRoutes } from './media-files.routes.js';
import { imageDecoder, type ImageDecoder } from './media-processing.js';
import type { MediaStores } from './media.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where media bytes are written (AVS_MEDIA_DIR, else the database) and read from. */
    mediaStores: MediaStores;
    /** The pixel limit and this process's decode slots, shared by every upload. */
    imageDecoder: ImageDecoder;
  }
}

/**
 * Media bytes travel outside /api/v1 (which speaks JSON only), as Stripe keeps files on their own host:
 * `POST /files/v1/assets/{planet}/{id}/media` and `GET /files/v1/media/{media_id}` (docs/media.md).
 */
export const mediaPlugin = fp(async (app: FastifyInstance) => {
  const postgres = databaseMediaStore();
  const directory = app.config.AVS_MEDIA_DIR ? directoryMediaStore(app.config.AVS_MEDIA_DIR) : undefined;
  app.decorate('mediaStores', { current: directory ?? postgres, postgres, directory });
  app.decorate(
    'imageDecoder',
    imageDecoder({
      maxPixels: app.config.AVS_MEDIA_MAX_PIXELS,
      concurrency: app.config.AVS_MEDIA_DECODE_CONCURRENCY,
    }),
  );
  await app.register(mediaFileRoutes, { prefix: '/files/v1' });
});
