import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ensureSigningKey, SigningKeyring } from '../signing/signing-keys.service.js';
import { TlogIntegrator } from './tlog-integrator.js';
import { tlogRoutes } from './tlog.routes.js';
import { logOrigin } from './tlog.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The transparency log integrator of this instance; null while AVS_TLOG is off. */
    tlogIntegrator: TlogIntegrator | null;
  }
}

/**
 * The transparency log (docs/credentials.md): its integrator, started with the app when AVS_TLOG is on,
 * and its public C2SP surfaces under /tlog (tlog.routes.ts).
 */
export const tlogPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const origin = logOrigin(config);
    const keyring = new SigningKeyring(config.AVS_MASTER_KEY);
    await ensureSigningKey(app.db, 'log', config.AVS_MASTER_KEY);

    const integrator = config.AVS_TLOG
      ? new TlogIntegrator({
          db: app.db,
          keyring,
          origin,
          intervalMs: config.AVS_TLOG_INTERVAL_MS,
          log: app.log,
        })
      : null;
    app.decorate('tlogIntegrator', integrator);
    if (integrator) {
      app.addHook('onReady', async () => integrator.start());
      // preClose runs before any onClose hook, so a run in progress ends before the database closes.
      app.addHook('preClose', async () => integrator.stop());
    }

    await app.register(tlogRoutes, { keyring, origin });
  },
  { name: 'tlog' },
);
