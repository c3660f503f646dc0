import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FeaturePool } from './feature-pool.js';
import { FeatureJob } from './media-features.service.js';
import { RecognitionCatalogue } from './recognition-catalogue.js';
import type { Recognition } from './recognition.js';

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
    let loading: Promise<void> | undefined;
    app.addHook('onReady', async () => {
      // Loaded in the background, as the fingerprints are: a search waits for the load under way (catchUp).
      loading = catalogue.catchUp().catch((error: unknown) => {
        app.log.warn({ err: error }, 'loading the images visual words failed; the first search retries');
      });
      job.start();
    });
    // preClose: the image in hand is saved before the database closes; then the threads end.
    app.addHook('preClose', async () => {
      await Promise.all([loading, job.stop()]);
      await pool.close();
    });
  },
  { name: 'recognition' },
);
