import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { lazily, loadNodemailer } from '../../../lib/lazy-modules.js';
import { MailSendError, nodemailerMessage, type MailTransport, type OutgoingMail } from './mail-transport.js';

/** The local mailbox's folder: AVS_DATA_DIR/mail. */
export function mailboxDirectory(dataDir: string): string {
  return path.join(dataDir, 'mail');
}

/** A message's file in the mailbox: its creation time first, so a listing sorts by time. */
export function mailboxFileName(mail: { id: string; date: Date }): string {
  return `${mail.date.toISOString().replace(/[:.]/g, '-')}-${mail.id}.eml`;
}

/** A file written, its folder made only when it is missing: not a mkdir for every message (docs/mail.md). */
async function writeMakingFolder(file: string, content: Parameters<typeof writeFile>[1]): Promise<void> {
  try {
    await writeFile(file, content, { mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    await writeFile(file, content, { mode: 0o600 });
  }
}

/**
 * The embedded default: each message written whole (RFC 5322, as an SMTP server would receive it) to a file of
 * its own under AVS_DATA_DIR/mail, which /admin/mail shows as its recipient would see it.
 */
export function mailboxTransport(dataDir: string): MailTransport {
  const directory = mailboxDirectory(dataDir);
  // Built on the first message (nodemailer is loaded then, not at start).
  const writer = lazily(async () =>
    (await loadNodemailer()).createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    name: 'mailbox',
    async send(mail: OutgoingMail) {
      try {
        const info = await (await writer()).sendMail(nodemailerMessage(mail));
        const name = mailboxFileName(mail);
        const partial = path.join(directory, `.${name}.partial`);
        // Written aside and renamed: a reader never meets half a message.
        await writeMakingFolder(partial, info.message);
        await rename(partial, path.join(directory, name));
        return `saved to the local mailbox as ${name}`;
      } catch (error) {
        throw new MailSendError(`the local mailbox: ${(error as Error).message}`, false);
      }
    },
    close: () => undefined,
  };
}
