import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FeaturePool } from './feature-pool.js';
import { FeatureJob } from './media-features.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The worker threads that find images' local features (opencv.js never loads in this thread). */
    featurePool: FeaturePool;
    /** Describes every stored image without features of the current version, woken by uploads. */
    featureJob: FeatureJob;
  }
}

/** Local features of every image (docs/media.md, "Local features"): the pool and its job, ended at close. */
export const recognitionPlugin = fp(
  async (app: FastifyInstance) => {
    const pool = new FeaturePool(app.config.AVS_FEATURE_WORKERS);
    const job = new FeatureJob({
      db: app.db,
      stores: app.mediaStores,
      pool,
      log: app.log,
      maxIdleMs: app.config.AVS_IDLE_POLL_MAX_MS,
    });
    app.decorate('featurePool', pool);
    app.decorate('featureJob', job);
    app.addHook('onReady', async () => job.start());
    // preClose: the image in hand is saved before the database closes; then the threads end.
    app.addHook('preClose', async () => {
      await job.stop();
      await pool.close();
    });
  },
  { name: 'recognition' },
);
