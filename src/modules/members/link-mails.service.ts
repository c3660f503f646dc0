import type { Queryable } from '../../db/database.js';
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
