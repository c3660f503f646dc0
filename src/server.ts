import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { ensureSetupLink, SETUP_PATH } from './modules/admin/auth/admin-setup.service.js';
import { ensureFirstAdmin } from './modules/admin/auth/admin-users.service.js';
import { publicBaseUrl } from './modules/signing/issuer-identity.js';
import { listenForMetrics } from './plugins/observability.js';

export interface ServerOptions {
  /** Opens the CLI's local channel on the open database (the embedded one); closed before the database. */
  localChannel?: (db: Database) => Promise<{ socketPath: string; close(): Promise<void> }>;
}

/** Listens until SIGTERM/SIGINT, then drains in-flight requests, stops background work and closes the pool. */
export async function startServer(config: Config, options: ServerOptions = {}): Promise<void> {
  const app = await buildApp({ config });
  const firstAdmin = await ensureFirstAdmin(app.db, config.AVS_ADMIN_EMAIL, config.AVS_ADMIN_PASSWORD);
  if (firstAdmin)
    app.log.info({ email: firstAdmin.email }, 'created the first admin user from AVS_ADMIN_EMAIL');

  let metricsListener: FastifyInstance | undefined;
  let channel: Awaited<ReturnType<NonNullable<ServerOptions['localChannel']>>> | undefined;
  closeWithGrace({ delay: config.AVS_SHUTDOWN_TIMEOUT_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await channel?.close();
    await metricsListener?.close();
    await app.close();
  });

  if (options.localChannel) {
    try {
      channel = await options.localChannel(app.db);
      app.log.info({ socket: channel.socketPath }, 'avs commands run through the local channel');
    } catch (err) {
      // The service still serves; CLI commands then meet the data directory's lock message.
      app.log.warn({ err }, 'could not open the local channel for avs commands');
    }
  }
  await app.listen({ port: config.PORT, host: config.HOST });
  if (config.AVS_METRICS_PORT !== undefined) {
    metricsListener = await listenForMetrics(app, { port: config.AVS_METRICS_PORT, host: config.HOST });
    app.log.info({ port: config.AVS_METRICS_PORT }, 'serving /metrics on its own port');
  }
  app.log.info({ database: app.db.kind }, 'service ready');
  if (!config.AVS_ADMIN_EMAIL) await announceSetupLink(app, config);
}

/** No administrator and no AVS_ADMIN_EMAIL: print the one-time set-up link, once (docs/admin.md). */
async function announceSetupLink(app: FastifyInstance, config: Config): Promise<void> {
  const outcome = await ensureSetupLink(app.db);
  if (outcome.state === 'pending') {
    app.log.warn(
      { expires_at: outcome.expiresAt.toISOString() },
      'no administrator yet: the set-up link printed at an earlier start is still valid (it is not printed again); ' +
        'lost it? run `avs admin create --email E`, or restart after it expires for a new one',
    );
  }
  if (outcome.state !== 'minted') return;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = `${publicBaseUrl({ ...config, PORT: port })}${SETUP_PATH}${outcome.token}`;
  const expires = outcome.expiresAt.toISOString();
  app.log.warn({ url, expires_at: expires }, 'no administrator yet: open the one-time set-up link');
  app.flushLog();
  process.stdout.write(
    `\nNo administrator yet. Open this one-time link to choose the admin e-mail and password\n` +
      `(valid until ${expires}, shown only now):\n\n  ${url}\n\n`,
  );
}
