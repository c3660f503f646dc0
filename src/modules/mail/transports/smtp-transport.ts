import { readFileSync } from 'node:fs';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type { Config } from '../../../config.js';
import { lazily, loadNodemailer } from '../../../lib/lazy-modules.js';
import { MailSendError, nodemailerMessage, type MailTransport, type OutgoingMail } from './mail-transport.js';

type SmtpConfig = Pick<
  Config,
  'AVS_SMTP_URL' | 'AVS_SMTP_USER' | 'AVS_SMTP_PASSWORD' | 'AVS_SMTP_CA_FILE' | 'AVS_MAIL_TIMEOUT_MS'
>;

/**
 * nodemailer's options for AVS_SMTP_URL: smtps:// is TLS from the first byte; smtp:// must upgrade with STARTTLS
 * (a server that offers none is refused, never spoken to in the clear), except `?tls=off`, which config allows on
 * loopback only.
 */
function smtpOptions(config: SmtpConfig, heloName: string): SMTPPool.Options {
  const url = new URL(config.AVS_SMTP_URL!);
  const secure = url.protocol === 'smtps:';
  const plain = url.searchParams.get('tls') === 'off';
  const user = url.username ? decodeURIComponent(url.username) : config.AVS_SMTP_USER;
  const pass = url.password ? decodeURIComponent(url.password) : config.AVS_SMTP_PASSWORD;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const stepMs = Math.max(1_000, Math.floor(config.AVS_MAIL_TIMEOUT_MS / 3));
  return {
    host,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    requireTLS: !secure && !plain,
    ignoreTLS: plain,
    name: heloName,
    auth: user ? { user, pass: pass ?? '' } : undefined,
    tls: {
      minVersion: 'TLSv1.2',
      servername: host,
      ...(config.AVS_SMTP_CA_FILE ? { ca: readFileSync(config.AVS_SMTP_CA_FILE) } : {}),
    },
    connectionTimeout: stepMs,
    greetingTimeout: stepMs,
    socketTimeout: config.AVS_MAIL_TIMEOUT_MS,
    // One connection reused for the messages that follow each other (throughput); closed when idle.
    pool: true,
    maxConnections: 2,
    maxMessages: 100,
  };
}

interface NodemailerError extends Error {
  code?: string;
  responseCode?: number;
  response?: string;
}

/** A 5xx answer will not change by asking again; everything else (down, 4xx, TLS, sign-in refused) may. */
function sendError(error: unknown): MailSendError {
  const failure = error as NodemailerError;
  const code = failure.responseCode;
  const answer = failure.response ?? `${failure.code ?? 'error'}: ${failure.message}`;
  return new MailSendError(
    answer,
    code !== undefined && code >= 500 && code < 600 && failure.code !== 'EAUTH',
  );
}

export function smtpTransport(config: SmtpConfig, heloName: string): MailTransport {
  // The options (and the CA file) are read at start, so a mistake shows then; the pool is built on the first message.
  const options = smtpOptions(config, heloName);
  const transporter = lazily(async () => (await loadNodemailer()).createTransport(options));
  return {
    name: 'smtp',
    async send(mail: OutgoingMail) {
      try {
        const info = await (await transporter()).sendMail(nodemailerMessage(mail));
        return info.response;
      } catch (error) {
        throw sendError(error);
      }
    },
    close: () => transporter.ifMade()?.close(),
  };
}
