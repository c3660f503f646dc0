import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { ensureFirstAdmin } from './modules/admin/auth/admin-users.service.js';
import { listenForMetrics } from './plugins/observability.js';

/** Listens until SIGTERM/SIGINT, then drains in-flight requests, stops background work and closes the pool. */
export async function startServer(config: Config): Promise<void> {
  const app = await buildApp({ config });
  const firstAdmin = await ensureFirstAdmin(app.db, config.AVS_ADMIN_EMAIL, config.AVS_ADMIN_PASSWORD);
  if (firstAdmin)
    app.log.info({ email: firstAdmin.email }, 'created the first admin user from AVS_ADMIN_EMAIL');

  let metricsListener: FastifyInstance | undefined;
  closeWithGrace({ delay: config.AVS_SHUTDOWN_TIMEOUT_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await metricsListener?.close();
    await app.close();
  });

  await app.listen({ port: config.PORT, host: config.HOST });
  if (config.AVS_METRICS_PORT !== undefined) {
    metricsListener = await listenForMetrics(app, { port: config.AVS_METRICS_PORT, host: config.HOST });
    app.log.info({ port: config.AVS_METRICS_PORT }, 'serving /metrics on its own port');
  }
  app.log.info({ database: app.db.kind }, 'service ready');
}
