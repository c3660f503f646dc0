import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { publicBaseUrl } from '../signing/issuer-identity.js';
import { mailSender } from './mail-sender.js';
import { MailWorker } from './mail.worker.js';
import { mailboxTransport } from './transports/mailbox-transport.js';
import type { MailTransport } from './transports/mail-transport.js';
import { smtpTransport } from './transports/smtp-transport.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The mail outbox's sender: SMTP when AVS_SMTP_URL is set, else the local mailbox (docs/mail.md). */
    mailWorker: MailWorker;
  }
}

function transportOf(config: Config): MailTransport {
  const heloName = new URL(publicBaseUrl(config)).hostname;
  return config.AVS_SMTP_URL ? smtpTransport(config, heloName) : mailboxTransport(config.AVS_DATA_DIR);
}

/** A mail worker for this configuration (the server's, `avs worker`'s, a test's). */
export function createMailWorker(
  db: Database,
  config: Config,
  log: ConstructorParameters<typeof MailWorker>[0]['log'],
): MailWorker {
  return new MailWorker({
    db,
    config,
    transport: transportOf(config),
    from: mailSender(config),
    messageIdHost: new URL(publicBaseUrl(config)).hostname,
    log,
  });
}

/** Starts the mail worker with the app when AVS_MAIL_DELIVERY is on (the default), and stops it before the pool closes. */
export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    const worker = createMailWorker(app.db, app.config, app.log);
    app.decorate('mailWorker', worker);
    if (!app.config.AVS_MAIL_DELIVERY) return;
    app.addHook('onReady', async () => worker.start());
    app.addHook('preClose', async () => worker.stop());
  },
  { name: 'mail' },
);
