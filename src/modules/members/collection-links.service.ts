import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import type { MailContent } from '../mail/mail-layout.js';
import type { MailSettings } from '../mail/mail-settings.js';
import { sendingRefusal } from '../mail/sending-limits.js';
import { isSecretTokenShape, newSecretToken, tokenHash } from '../web-pages/web-sessions.js';
import { queueLinkMail } from './link-mails.service.js';
import {
  findMailLinkByTokenHash,
  findMailLinkByTokenHashForUpdate,
  insertMailLink,
  markMailLinkUsed,
  type MailLinkRow,
} from './mail-links.repository.js';
import { deletePersonWithoutMemberships } from './people-join.repository.js';
import {
  findLoosePersonOfEmail,
  findPersonById,
  findProvenPersonByEmail,
  insertPerson,
  markAddressProven,
} from './people.repository.js';

// The people side of the collector's sign-in (src/modules/collection): a link mailed to any address, which proves
// it when it comes back. Who a person is as a collector is the collection's; the person and the address are here.

/** A collection sign-in link works once, for 15 minutes (as the console's). */
const LINK_TTL_MS = 15 * 60 * 1000;
const LINK_PAGE = '/collection/sign-in/';
const MAIL_KIND = 'collection_sign_in_link';

/**
 * Mails a link that signs in to /collection and proves the address. Any address may ask (a buyer is nobody yet): the
 * link is the proven person's when there is one, else that of a person kept for the address in no account. Past the
 * sending limits nothing is sent; the caller answers the same whatever happened.
 */
export async function mailCollectionSignInLink(
  tx: Queryable,
  input: { email: string; settings: MailSettings; draw: (url: string, expiresAt: Date) => MailContent },
): Promise<void> {
  const { email, settings } = input;
  if (await sendingRefusal(tx, { recipient: email, limits: settings.limits })) return;
  const person = (await findProvenPersonByEmail(tx, email)) ?? (await loosePersonOf(tx, email));
  const token = newSecretToken();
  const row = await insertMailLink(tx, {
    id: randomUUID(),
    personId: person.id,
    purpose: 'collection_sign_in',
    email,
    tokenHash: tokenHash(token),
    expiresInMs: LINK_TTL_MS,
  });
  await queueLinkMail(tx, person, {
    kind: MAIL_KIND,
    to: email,
    service: settings.service,
    dedupeKey: `${MAIL_KIND}:${row.id}`,
    draw: () => input.draw(`${settings.baseUrl}${LINK_PAGE}${token}`, row.expires_at),
  });
}

async function loosePersonOf(tx: Queryable, email: string) {
  const loose = await findLoosePersonOfEmail(tx, email);
  if (loose) return loose;
  const id = randomUUID();
  await insertPerson(tx, { id, email });
  return { id, email, language: null };
}

export type CollectionLinkState = 'open' | 'used' | 'expired';

function stateOf(row: MailLinkRow): CollectionLinkState {
  if (row.used_at) return 'used';
  return row.expires_at <= row.now ? 'expired' : 'open';
}

/** What the link's page shows before its button is pressed (a mail scanner that opens it signs nobody in). */
export async function openCollectionSignInLink(
  db: Queryable,
  token: string,
): Promise<{ state: CollectionLinkState; email: string } | undefined> {
  if (!isSecretTokenShape(token)) return undefined;
  const row = await findMailLinkByTokenHash(db, tokenHash(token), 'collection_sign_in');
  return row && { state: stateOf(row), email: row.email };
}

/**
 * The link comes back, in the caller's transaction: used once, it proves the address and answers the proven person
 * (when another person of the address proved it first, that one, and the loose person goes).
 */
export async function useCollectionSignInLink(
  tx: Queryable,
  token: string,
): Promise<{ outcome: 'proven'; personId: string } | { outcome: 'closed' | 'unknown' }> {
  if (!isSecretTokenShape(token)) return { outcome: 'unknown' };
  const row = await findMailLinkByTokenHashForUpdate(tx, tokenHash(token), 'collection_sign_in');
  if (!row) return { outcome: 'unknown' };
  if (stateOf(row) !== 'open') return { outcome: 'closed' };
  await markMailLinkUsed(tx, row.id);
  const person = await findPersonById(tx, row.person_id);
  if (!person || person.email !== row.email) return { outcome: 'closed' };
  if (await markAddressProven(tx, person)) return { outcome: 'proven', personId: person.id };
  const proven = await findProvenPersonByEmail(tx, row.email);
  if (!proven) return { outcome: 'closed' };
  await deletePersonWithoutMemberships(tx, person.id);
  return { outcome: 'proven', personId: proven.id };
}

/** Whether the person has proven their address (a passkey's person must have, to open a collection). */
export async function isProvenPerson(db: Queryable, personId: string): Promise<boolean> {
  return Boolean((await findPersonById(db, personId))?.address_proven_at);
}

/**
 * A collector leaves: a person in no account goes entirely (address, passkeys, links by cascade); a member stays,
 * with their address and passkeys, for their account. Answers whether the person went.
 */
export async function erasePersonIfInNoAccount(tx: Queryable, personId: string): Promise<boolean> {
  return deletePersonWithoutMemberships(tx, personId);
}
