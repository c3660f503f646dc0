import { randomUUID } from 'node:crypto';
import type { Database } from '../../../db/database.js';
import { AppError } from '../../../errors/error-catalogue.js';
import { typedEmailAddress } from '../../../lib/email.js';
import type { MailSettings } from '../../mail/mail-settings.js';
import {
  isProvenPerson,
  mailCollectionSignInLink,
  useCollectionSignInLink,
} from '../../members/collection-links.service.js';
import { drawLinkMail, type LinkSignIn } from '../../members/link-mails.service.js';
import type { PasskeyAnswer } from '../../members/member-login.service.js';
import { finishPasskeySignIn } from '../../passkeys/passkeys.service.js';
import type { LoginThrottle } from '../../web-pages/login-throttle.js';
import { text } from '../text/index.js';
import { ensureCollectorOfPerson, findCollectorOfPerson } from './collectors.repository.js';
import { startCollectorSession } from './collector-sessions.service.js';

export { openCollectionSignInLink } from '../../members/collection-links.service.js';

/**
 * Mails a link that signs in to /collection and proves the address, in the asker's language. The answer is the same
 * for any address (no enumeration): only an address that is not one is refused.
 */
export async function requestCollectionSignInLink(
  db: Database,
  input: { email: string; settings: MailSettings },
): Promise<void> {
  const email = typedEmailAddress(input.email);
  const { settings } = input;
  await db.transaction((tx) =>
    mailCollectionSignInLink(tx, {
      email,
      settings,
      draw: drawLinkMail(() => text.collectionMail, settings.service, email),
    }),
  );
}

export type CollectionSignIn = LinkSignIn<{ collectorId: string }>;

/**
 * The link comes back: it proves the address, makes the person's collector if there is none, and starts a collector
 * session, in one transaction. A collector who left is a new collector (their old row names nobody any more).
 */
export async function signInWithCollectionLink(db: Database, token: string): Promise<CollectionSignIn> {
  return db.transaction(async (tx): Promise<CollectionSignIn> => {
    const used = await useCollectionSignInLink(tx, token);
    if (used.outcome !== 'proven') return { outcome: used.outcome };
    const collector = await ensureCollectorOfPerson(tx, { id: randomUUID(), personId: used.personId });
    const session = await startCollectorSession(tx, collector.id);
    return { outcome: 'signed_in', collectorId: collector.id, ...session };
  });
}

export type PasskeyCollectionSignIn =
  | { outcome: 'signed_in'; token: string; expiresAt: Date }
  | { outcome: 'throttled'; retryAfterSeconds: number };

/** The throttle's bucket for passkey sign-ins at /collection (a passkey names nobody before it is checked). */
const PASSKEY_BUCKET = 'collection-passkey';

/**
 * A passkey of a collector's person signs in (usernameless: the passkey names the person). A person who is no
 * collector, or whose address is not proven, is refused as a wrong passkey is, and it counts against the address.
 */
export async function signInCollectorWithPasskey(
  db: Database,
  throttle: LoginThrottle,
  input: PasskeyAnswer,
): Promise<PasskeyCollectionSignIn> {
  const retryAfterSeconds = throttle.retryAfterSeconds(input.address, PASSKEY_BUCKET);
  if (retryAfterSeconds > 0) return { outcome: 'throttled', retryAfterSeconds };
  try {
    const { personId } = await finishPasskeySignIn(db, input);
    const collector = (await isProvenPerson(db, personId))
      ? await findCollectorOfPerson(db, personId)
      : undefined;
    if (!collector) throw new AppError('passkey_invalid');
    throttle.recordSuccess(input.address, PASSKEY_BUCKET);
    return { outcome: 'signed_in', ...(await startCollectorSession(db, collector.id)) };
  } catch (error) {
    if (error instanceof AppError && error.code === 'passkey_invalid')
      throttle.recordFailure(input.address, PASSKEY_BUCKET);
    throw error;
  }
}
