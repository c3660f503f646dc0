import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FingerprintCatalogue, fingerprintStoredMedia } from './fingerprint-catalogue.service.js';
import { mediaFileRoutes } from './media-files.routes.js';
import { imageDecoder, type ImageDecoder } from './media-processing.js';
import { MediaThumbnails } from './media-thumbnails.js';
import { mediaStoresFor, type MediaStores } from './media.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where media bytes are written (AVS_MEDIA_DIR, else the database) and read from. */
    mediaStores: MediaStores;
    /** The pixel limit and this process's decode slots, shared by every upload. */
    imageDecoder: ImageDecoder;
    /** The lists' small pictures, made in the decode slots and kept by digest. */
    mediaThumbnails: MediaThumbnails;
    /** Every image's fingerprint, in memory, for photo search (docs/media.md). */
    fingerprintCatalogue: FingerprintCatalogue;
    /** Fingerprints the images stored without one; runs once at start. */
    fingerprintBackfill: { runOnce(): Promise<number> };
  }
}

// Small batches: the backfill shares the decode slots with uploads and searches, and stops soon at shutdown.
const BACKFILL_BATCH = 100;

/**
 * Media bytes travel outside /api/v1 (which speaks JSON only), as Stripe keeps files on their own host:
 * `POST /files/v1/assets/{planet}/{id}/media` and `GET /files/v1/media/{media_id}` (docs/media.md).
 */
export const mediaPlugin = fp(async (app: FastifyInstance) => {
  const stores = mediaStoresFor(app.config);
  const decoder = imageDecoder({
    maxPixels: app.config.AVS_MEDIA_MAX_PIXELS,
    concurrency: app.config.AVS_MEDIA_DECODE_CONCURRENCY,
  });
  const catalogue = new FingerprintCatalogue(app.db);
  app.decorate('mediaStores', stores);
  app.decorate('imageDecoder', decoder);
  app.decorate('mediaThumbnails', new MediaThumbnails(decoder));
  app.decorate('fingerprintCatalogue', catalogue);

  let running = false;
  let backfill: Promise<number> | undefined;
  const runOnce = (): Promise<number> => {
    backfill ??= fingerprintStoredMedia(
      { db: app.db, stores, decoder, catalogue },
      {
        batchSize: BACKFILL_BATCH,
        shouldContinue: () => running,
        onUndecodable: (mediaId, error) =>
          app.log.warn({ err: error, media_id: mediaId }, 'a stored image could not be fingerprinted'),
      },
    ).finally(() => {
      backfill = undefined;
    });
    return backfill;
  };
  app.decorate('fingerprintBackfill', { runOnce });
  let loading: Promise<void> | undefined;
  app.addHook('onReady', async () => {
    running = true;
    // The index is loaded in the background: a search waits for the load under way (catchUp).
    loading = catalogue.catchUp().catch((error: unknown) => {
      app.log.warn({ err: error }, 'loading the image fingerprints failed; the first search retries');
    });
    runOnce().then(
      (fingerprinted) => {
        if (fingerprinted > 0) app.log.info({ fingerprinted }, 'fingerprinted images stored before');
      },
      (error: unknown) => app.log.warn({ err: error }, 'fingerprinting stored images failed'),
    );
  });
  // preClose: the work in flight ends before the database closes.
  app.addHook('preClose', async () => {
    running = false;
    await Promise.all([loading, backfill?.catch(() => undefined)]);
  });
  await app.register(mediaFileRoutes, { prefix: '/files/v1' });
});
