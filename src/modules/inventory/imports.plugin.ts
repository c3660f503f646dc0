import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { checkAgainstRouteSchema } from '../../plugins/schema-check.js';
import { mediaStoresFor } from '../media/media.service.js';
import { ImportWorker } from './imports.worker.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Validates and imports spreadsheet imports in the background (docs/inventory.md, "Import"). */
    importWorker: ImportWorker;
  }
}

/** An import worker for this configuration (the server's, `avs import`'s, a test's). */
function createImportWorker(
  db: Database,
  config: Pick<Config, 'AVS_IDLE_POLL_MAX_MS' | 'AVS_MEDIA_DIR'>,
  log: ConstructorParameters<typeof ImportWorker>[0]['log'],
): ImportWorker {
  return new ImportWorker({
    db,
    work: {
      // A row is checked as POST or PATCH /api/v1/assets/{planet} checks its body: the route's schema, its sentence.
      check: (schema, body) => void checkAgainstRouteSchema(schema, body, 'body'),
      mediaStores: mediaStoresFor(config),
    },
    log,
    maxIdleMs: config.AVS_IDLE_POLL_MAX_MS,
  });
}

/** Starts the import worker with the app, and stops it (after the batch in hand) before the pool closes. */
export const importsPlugin = fp(
  async (app: FastifyInstance) => {
    const worker = createImportWorker(app.db, app.config, app.log);
    app.decorate('importWorker', worker);
    app.addHook('onReady', async () => worker.start());
    app.addHook('preClose', async () => worker.stop());
  },
  { name: 'imports' },
);
