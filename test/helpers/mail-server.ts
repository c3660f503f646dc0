import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { waitFor } from './wait-for.js';

export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO). */
  to: string[];
  /** The whole message as it arrived. */
  raw: string;
  parsed: ParsedMail;
  /** The SMTP user the service signed in as. */
  user: string | undefined;
  /** Whether the conversation was upgraded with STARTTLS. */
  secure: boolean;
}

const USER = 'avs-mailer';
const PASSWORD = 'correct horse battery staple';

/** A self-signed certificate for localhost and 127.0.0.1, made by openssl for this run. */
function selfSignedCertificate(): { key: Buffer; cert: Buffer; certPath: string; dir: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'avs-smtp-'));
  const keyPath = path.join(dir, 'key.pem');
  const certPath = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      keyPath,
      '-out',
      certPath,
    ],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(keyPath), cert: readFileSync(certPath), certPath, dir };
}

/**
 * A real SMTP server in the test process (the `smtp-server` package) on a loopback port: STARTTLS with a
 * self-signed certificate (the service trusts it through AVS_SMTP_CA_FILE) and AUTH required, as a mail provider
 * has it. What arrives is read with mailparser. `stop()` and `start()` take it down and up on the same port.
 */
export async function startMailServer(
  options: {
    answer?: (index: number) => Error | undefined;
    /** Called the moment a message is accepted: its 250 has just been written to the service. */
    accepted?: (mail: ReceivedMail, index: number) => void;
  } = {},
) {
  const certificate = selfSignedCertificate();
  const received: ReceivedMail[] = [];
  let port = 0;
  let server: SMTPServer | undefined;
  let accepted = 0;

  const make = () =>
    new SMTPServer({
      key: certificate.key,
      cert: certificate.cert,
      authMethods: ['PLAIN', 'LOGIN'],
      authOptional: false,
      // STARTTLS before AUTH, as real submission servers require.
      allowInsecureAuth: false,
      logger: false,
      // Down means down: open connections are cut, not waited for (the default waits 30 s).
      closeTimeout: 200,
      onAuth(auth, _session, callback) {
        if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: auth.username });
        else callback(new Error('Invalid username or password'));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const refusal = options.answer?.(accepted);
          if (refusal) {
            callback(refusal);
            return;
          }
          accepted += 1;
          const raw = Buffer.concat(chunks);
          simpleParser(raw).then(
            (parsed) => {
              const mail: ReceivedMail = {
                to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
                raw: raw.toString('utf8'),
                parsed,
                user: session.user as string | undefined,
                secure: session.secure,
              };
              received.push(mail);
              callback();
              options.accepted?.(mail, received.length - 1);
            },
            (error: Error) => callback(error),
          );
        });
      },
    });

  const start = async () => {
    server = make();
    // A client killed in the middle of a conversation (the crash tests SIGKILL the service) resets its socket; a
    // real mail server logs that and goes on, and so does this one instead of failing the test process.
    server.on('error', () => undefined);
    server.listen(port, '127.0.0.1');
    await once(server.server, 'listening');
    port = (server.server.address() as AddressInfo).port;
  };
  const stop = async () => {
    const closing = server;
    server = undefined;
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  await start();

  return {
    received,
    get port() {
      return port;
    },
    /** The service's settings for this server: STARTTLS required, the test CA trusted, AUTH in the URL. */
    get config() {
      return {
        AVS_SMTP_URL: `smtp://${encodeURIComponent(USER)}:${encodeURIComponent(PASSWORD)}@localhost:${port}`,
        AVS_SMTP_CA_FILE: certificate.certPath,
        AVS_MAIL_FROM: 'Asset Verification Service <no-reply@verify.example.com>',
      };
    },
    start,
    stop,
    /** Waits until `count` messages have arrived (or for the one matching `match`). */
    async waitFor(count: number): Promise<ReceivedMail[]> {
      await waitFor(() => received.length >= count, { timeoutMs: 20_000 });
      return received;
    },
    async close() {
      await stop();
      rmSync(certificate.dir, { recursive: true, force: true });
    },
  };
}

export type MailServer = Awaited<ReturnType<typeof startMailServer>>;

/** The links of a message's plain-text version. */
export function linksIn(text: string): string[] {
  return [...text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]);
}
