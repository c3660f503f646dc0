import type { Queryable } from '../../db/database.js';
import { inLanguage } from '../../i18n/request-language.js';
import type { Language } from '../../i18n/locales.js';
import { timeOrderedId } from '../../lib/time-ordered-id.js';
import { htmlOf, plainTextOf, type MailContent } from './mail-layout.js';
import { insertMail } from './mail-outbox.repository.js';

export type { MailContent } from './mail-layout.js';

/** A message to queue: who it is for, in which language, and its words drawn in that language. */
export interface MailRequest {
  /** What the message is: invitation, password_reset, a notice kind… (the mail log shows it). */
  kind: string;
  to: string;
  personId?: string | null;
  accountId?: string | null;
  language: Language;
  /** The service's name as people read it (AVS_SERVICE_NAME). */
  service: string;
  /** The words, drawn in the recipient's language (the catalogue reads it from there). */
  draw: () => MailContent;
  /** A one-time link (a reset, an invitation): the mail log never shows its body, and the body is kept only until sent. */
  carriesSecretLink?: boolean;
  /** Notices only: where one click stops this kind (List-Unsubscribe, RFC 8058); security messages have none. */
  unsubscribeUrl?: string;
  /** One message per cause: a second queueing with the same key is dropped. */
  dedupeKey?: string;
}

/**
 * Queues a message in the caller's transaction, so it is sent if and only if the change that caused it commits
 * (docs/mail.md). Resolves with the message's id (its Message-ID), or undefined when its dedupe key was queued before.
 */
export async function queueMail(tx: Queryable, request: MailRequest): Promise<string | undefined> {
  const frame = {
    language: request.language,
    service: request.service,
    recipient: request.to,
    unsubscribeUrl: request.unsubscribeUrl,
  };
  const { subject, text, html } = inLanguage(request.language, () => {
    const content = request.draw();
    return { subject: content.subject, text: plainTextOf(content, frame), html: htmlOf(content, frame) };
  });
  const headers: Record<string, string> = {
    'Auto-Submitted': 'auto-generated',
    'Content-Language': request.language,
  };
  if (request.unsubscribeUrl) {
    headers['List-Unsubscribe'] = `<${request.unsubscribeUrl}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  const id = timeOrderedId();
  const queued = await insertMail(tx, {
    id,
    kind: request.kind,
    recipient: request.to,
    personId: request.personId ?? null,
    accountId: request.accountId ?? null,
    language: request.language,
    subject,
    text,
    html,
    headers,
    carriesSecretLink: request.carriesSecretLink ?? false,
    dedupeKey: request.dedupeKey ?? null,
  });
  return queued ? id : undefined;
}
