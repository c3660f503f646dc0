import type { Queryable } from '../../db/database.js';
import { formatDateTime } from '../../i18n/formats.js';
import type { MailContent } from '../mail/mail-layout.js';
import { recipientLanguage } from '../mail/mail-settings.js';
import { queueMail, type MailRequest } from '../mail/mail.service.js';
import type { PersonRow } from './people.repository.js';

/**
 * Queues, in the caller's transaction, a mail carrying a person's one-time link (an invitation, a proof of address,
 * a sign-in link): in their own language, its body kept only until sent, one message per link (`dedupeKey`).
 */
export async function queueLinkMail(
  tx: Queryable,
  person: Pick<PersonRow, 'id' | 'language'>,
  mail: Pick<MailRequest, 'kind' | 'to' | 'accountId' | 'service' | 'dedupeKey' | 'draw'>,
): Promise<void> {
  await queueMail(tx, {
    ...mail,
    personId: person.id,
    language: recipientLanguage(person.language),
    carriesSecretLink: true,
  });
}

/** The words of a mail carrying a one-time link that a person asked for at `{email}`. */
export interface LinkMailWords {
  subject: (service: string) => string;
  heading: string | ((service: string) => string);
  body: (service: string, email: string) => string;
  action: string;
  expires: (date: string) => string;
  notYou: string;
}

/**
 * Draws such a mail, given the link and when it stops working: `words` is read when the mail is drawn, so in the
 * recipient's language.
 */
export function drawLinkMail(
  words: () => LinkMailWords,
  service: string,
  email: string,
): (url: string, expiresAt: Date) => MailContent {
  return (url, expiresAt) => {
    const w = words();
    return {
      subject: w.subject(service),
      heading: typeof w.heading === 'string' ? w.heading : w.heading(service),
      paragraphs: [w.body(service, email)],
      action: { label: w.action, url },
      after: [w.expires(formatDateTime(expiresAt)), w.notYou],
    };
  };
}

/** What a mailed sign-in link does when it comes back: signs in (a session and `Who`), or is closed or unknown. */
export type LinkSignIn<Who> =
  | ({ outcome: 'signed_in'; token: string; expiresAt: Date } & Who)
  | { outcome: 'closed' }
  | { outcome: 'unknown' };
