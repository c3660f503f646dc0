import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AddressObject } from 'mailparser';
import type { Config } from '../../config.js';
import type { Queryable } from '../../db/database.js';
import { loadMailParser } from '../../lib/lazy-modules.js';
import { decodeBoundPosition, listDigest, toBoundPage } from '../../lib/page-cursor.js';
import { publicBaseUrl } from '../signing/issuer-identity.js';
import {
  findMail,
  listMail,
  retryFailedMail,
  type MailRow,
  type MailState,
} from './mail-outbox.repository.js';
import { mailSender } from './mail-sender.js';
import { messageIdOf } from './mail.worker.js';
import { mailboxDirectory, mailboxFileName } from './transports/mailbox-transport.js';

export const MAIL_STATES: readonly MailState[] = ['pending', 'sent', 'failed'];

/** A message as the mail log shows it: never its body. */
export interface MailLogEntry {
  id: string;
  kind: string;
  to: string;
  subject: string;
  state: MailState;
  attempts: number;
  /** The SMTP server's last answer (or the local mailbox's), or why the last attempt failed. */
  last_answer: string | null;
  transport: string | null;
  carries_secret_link: boolean;
  created_at: string;
  sent_at: string | null;
}

export interface MailLogQuery {
  state?: MailState;
  /** The whole address. */
  to?: string;
  cursor?: string;
  limit?: number;
}

export interface MailLogPage {
  data: MailLogEntry[];
  has_more: boolean;
  next_cursor: string | null;
}

function toLogEntry(row: MailRow): MailLogEntry {
  return {
    id: row.id,
    kind: row.kind,
    to: row.recipient,
    subject: row.subject,
    state: row.state,
    attempts: row.attempts,
    last_answer: row.last_answer,
    transport: row.transport,
    carries_secret_link: row.carries_secret_link,
    created_at: row.created_at.toISOString(),
    sent_at: row.sent_at?.toISOString() ?? null,
  };
}

/** The mail log, newest first, one page (/admin/mail, `avs mail list`); a cursor serves only the filters it was made with. */
export async function mailLogPage(db: Queryable, query: MailLogQuery): Promise<MailLogPage> {
  const limit = query.limit ?? 50;
  const digest = listDigest(['mail', query.state ?? null, query.to ?? null]);
  const before = decodeBoundPosition(query.cursor, digest);
  const rows = await listMail(db, { limit: limit + 1, before, state: query.state, recipient: query.to });
  return toBoundPage(rows, limit, digest, toLogEntry);
}

/** What the page shows of a message's body: both versions, or why there is none. */
export type MailBody =
  | { shown: true; text: string | undefined; html: string | undefined }
  | { shown: false; reason: 'secret_link' | 'gone' };

/** One message as its recipient would see it (the local mailbox page). */
export interface MailMessageView {
  entry: MailLogEntry;
  from: string;
  to: string;
  subject: string;
  date: Date;
  messageId: string;
  /** Read from its file in the local mailbox (exactly what was written), or from the outbox row. */
  source: 'mailbox' | 'outbox';
  /** The file's name under AVS_DATA_DIR/mail, when it went to the local mailbox. */
  file?: string;
  body: MailBody;
}

function addressText(address: AddressObject | AddressObject[] | undefined): string | undefined {
  if (!address) return undefined;
  return (Array.isArray(address) ? address : [address]).map((one) => one.text).join(', ');
}

/** The message's file in the local mailbox of this data directory, if it is there. */
async function mailboxFile(
  dataDir: string,
  row: MailRow,
): Promise<{ name: string; bytes: Buffer } | undefined> {
  const name = mailboxFileName({ id: row.id, date: row.created_at });
  try {
    return { name, bytes: await readFile(path.join(mailboxDirectory(dataDir), name)) };
  } catch {
    return undefined;
  }
}

/**
 * A message as its recipient would see it: from its file in the local mailbox when it went there, else from the
 * row while it holds the bodies. A message that carries a one-time link shows its headers only: its file is not read.
 */
export async function readMailMessage(
  db: Queryable,
  config: Config,
  id: string,
): Promise<MailMessageView | undefined> {
  const row = await findMail(db, id);
  if (!row) return undefined;
  const fromRow = {
    entry: toLogEntry(row),
    from: mailSender(config),
    to: row.recipient,
    subject: row.subject,
    date: row.created_at,
    messageId: messageIdOf(row.id, new URL(publicBaseUrl(config)).hostname),
  };
  if (row.carries_secret_link)
    return { ...fromRow, source: 'outbox', body: { shown: false, reason: 'secret_link' } };
  const file = row.transport === 'mailbox' ? await mailboxFile(config.AVS_DATA_DIR, row) : undefined;
  if (file) {
    const { simpleParser } = await loadMailParser();
    const parsed = await simpleParser(file.bytes);
    return {
      entry: fromRow.entry,
      from: addressText(parsed.from) ?? fromRow.from,
      to: addressText(parsed.to) ?? fromRow.to,
      subject: parsed.subject ?? fromRow.subject,
      date: parsed.date ?? fromRow.date,
      messageId: parsed.messageId ?? fromRow.messageId,
      source: 'mailbox',
      file: file.name,
      body: { shown: true, text: parsed.text, html: parsed.html || undefined },
    };
  }
  if (row.text_body === null && row.html_body === null)
    return { ...fromRow, source: 'outbox', body: { shown: false, reason: 'gone' } };
  return {
    ...fromRow,
    source: 'outbox',
    body: { shown: true, text: row.text_body ?? undefined, html: row.html_body ?? undefined },
  };
}

/** A failed message sent again (`avs mail retry`): undefined when it is not failed or has no body left to send. */
export async function retryMail(db: Queryable, id: string): Promise<MailLogEntry | undefined> {
  const row = await retryFailedMail(db, id);
  return row ? toLogEntry(row) : undefined;
}
