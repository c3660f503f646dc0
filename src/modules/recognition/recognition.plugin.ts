import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FeaturePool } from './feature-pool.js';
import { FeatureJob } from './media-features.service.js';
import { RecognitionCatalogue } from './recognition-catalogue.js';

/** Recognising a new photograph of a registered image (docs/media.md, "Recognising a new photograph"). */
export interface Recognition {
  /** The worker threads that find images' local features and verify candidates (opencv.js never loads here). */
  pool: FeaturePool;
  /** Describes every stored image without features of the current version, woken by uploads. */
  job: FeatureJob;
  /** Every described image's visual words, in memory, and the keyless search's share of them. */
  catalogue: RecognitionCatalogue;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Null when AVS_FEATURE_WORKERS is 0: photo search then finds copies only. */
    recognition: Recognition | null;
  }
}

/** Local features of every image, their index, and the pool that verifies candidates: all ended at close. */
export const recognitionPlugin = fp(
  async (app: FastifyInstance) => {
    if (app.config.AVS_FEATURE_WORKERS === 0) {
      app.decorate('recognition', null);
      return;
    }
    const pool = new FeaturePool(app.config.AVS_FEATURE_WORKERS);
    const catalogue = new RecognitionCatalogue(app.db);
    const job = new FeatureJob({
      db: app.db,
      stores: app.mediaStores,
      pool,
      catalogue,
      log: app.log,
      maxIdleMs: app.config.AVS_IDLE_POLL_MAX_MS,
    });
    app.decorate('recognition', { pool, job, catalogue });
    app.addHook('onReady', async () => job.start());
    // preClose: the image in hand is saved before the database closes; then the threads end.
    app.addHook('preClose', async () => {
      await job.stop();
      await pool.close();
    });
  },
  { name: 'recognition' },
);
