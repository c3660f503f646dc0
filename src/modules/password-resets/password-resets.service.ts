import type { Database, Queryable } from '../../db/database.js';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, type PageLanguage } from '../../i18n/locales.js';
import { AppError } from '../../errors/error-catalogue.js';
import { isEmailAddress, normaliseEmail } from '../../lib/email.js';
import type { MailSettings } from '../mail/mail-settings.js';
import { queueMail } from '../mail/mail.service.js';
import { passwordChangedMail, passwordResetMail } from '../mail/password-mails.js';
import { sendingRefusal } from '../mail/sending-limits.js';
import { checkNewPassword, hashPassword } from '../web-pages/passwords.js';
import { isSecretTokenShape, newSecretToken, tokenHash } from '../web-pages/web-sessions.js';
import {
  countRecentResetRequests,
  deleteStalePasswordResets,
  findPasswordReset,
  findPasswordResetForUpdate,
  insertPasswordReset,
  markPasswordResetsUsed,
  type PasswordResetRow,
  type ResetRealm,
} from './password-resets.repository.js';

export type { PasswordResetRow, ResetRealm } from './password-resets.repository.js';

function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

/** How long a link mailed on "Forgot your password?" works. */
const RESET_LINK_TTL_MS = 60 * 60 * 1000;
/** How long the operator's recovery link works: long enough to pass on by another way than mail. */
const RECOVERY_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** The throttle's window: requests of the last hour count. */
const THROTTLE_WINDOW_MS = 60 * 60 * 1000;
/** Requests a client address (an IPv6 client's prefix) may make in the window, per realm. */
export const RESET_REQUESTS_PER_CLIENT = 5;
/** Links an address may be sent in the window, per realm, whoever asks. */
export const RESET_REQUESTS_PER_ADDRESS = 3;

/** The language of a message caused by a page's request: the page's, English for the pseudo language of tests. */
export function mailLanguageOf(language: PageLanguage): Language {
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/** A link just made: the token (in the mailed URL only, never stored) and when it stops working. */
export interface ResetLink {
  token: string;
  expiresAt: Date;
}

/** A link's page at the app of its realm (/admin, /console). */
export function resetLinkUrl(mail: MailSettings, realm: ResetRealm, token: string): string {
  return `${mail.baseUrl}/${realm}/reset-password/${token}`;
}

/** A request on "Forgot your password?" as a page makes it: the address as typed, who asks, the mail's language. */
export interface ResetRequest {
  email: string;
  clientBucket: string;
  language: Language;
  mail: MailSettings;
}

/** A new password from a link's page: typed twice, and the language of the notice that it changed. */
export interface NewPasswordByLink {
  token: string;
  password: string;
  again: string;
  language: Language;
  mail: MailSettings;
}

/** Who a request names, found in the request's transaction: where and how the link is mailed. */
export interface ResetRecipient {
  /** The administrator an admin reset is for (stored with the link); null at the console (its link names the address). */
  adminUserId: string | null;
  /** The address the link is mailed to. */
  to: string;
  personId?: string;
  language: Language;
  /** Whether every sign-in of the address uses passkeys only (the message says the link gives them no password). */
  passkeyOnly: boolean;
}

/**
 * A request on "Forgot your password?": the same work whether or not the address names a sign-in (no enumeration,
 * one timing class). An address that is not one is refused (that tells nothing about who signs in). In one
 * transaction: the throttle's count, the look-up, a new token and its row; the message is queued (never sent: the
 * outbox makes the request independent of the mail server) only when a sign-in uses the address and the service's
 * sending limits to it (docs/mail.md) allow. Past the throttle (per client address and per address) nothing is
 * written and nothing queued; the page answers the same.
 */
export async function requestResetLink(
  db: Database,
  input: ResetRequest & {
    realm: ResetRealm;
    /** Who the normalised address names, if anyone. */
    findRecipient: (tx: Queryable, email: string) => Promise<ResetRecipient | undefined>;
  },
): Promise<void> {
  const email = normaliseEmail(input.email).slice(0, 320);
  if (!isEmailAddress(email)) throw new AppError('validation_failed', 'not_an_email', { email });
  const { mail } = input;
  await db.transaction(async (tx) => {
    await deleteStalePasswordResets(tx);
    const counts = await countRecentResetRequests(tx, {
      realm: input.realm,
      email,
      clientBucket: input.clientBucket,
      windowMs: THROTTLE_WINDOW_MS,
    });
    if (counts.byClient >= RESET_REQUESTS_PER_CLIENT || counts.byEmail >= RESET_REQUESTS_PER_ADDRESS) return;
    let recipient = await input.findRecipient(tx, email);
    if (recipient && (await sendingRefusal(tx, { recipient: recipient.to, limits: mail.limits })))
      recipient = undefined;
    const token = newSecretToken();
    await insertPasswordReset(tx, {
      id: tokenHash(token),
      realm: input.realm,
      purpose: 'reset',
      email,
      personId: null,
      adminUserId: recipient?.adminUserId ?? null,
      clientBucket: input.clientBucket,
      mailed: recipient !== undefined,
      ttlMs: RESET_LINK_TTL_MS,
    });
    if (recipient === undefined) return;
    await queueMail(tx, {
      kind: 'password_reset',
      to: recipient.to,
      personId: recipient.personId,
      language: recipient.language,
      service: mail.service,
      carriesSecretLink: true,
      draw: passwordResetMail({
        service: mail.service,
        email: recipient.to,
        url: resetLinkUrl(mail, input.realm, token),
        passkeyOnly: recipient.passkeyOnly,
      }),
    });
  });
}

/** The operator's recovery link for one person of the console: 24 hours, not throttled, never asked for by anyone else. */
export async function createRecoveryLink(
  tx: Queryable,
  input: { email: string; personId: string },
): Promise<ResetLink> {
  await deleteStalePasswordResets(tx);
  const token = newSecretToken();
  const expiresAt = await insertPasswordReset(tx, {
    id: tokenHash(token),
    realm: 'console',
    purpose: 'recovery',
    email: input.email,
    personId: input.personId,
    adminUserId: null,
    clientBucket: null,
    mailed: false,
    ttlMs: RECOVERY_LINK_TTL_MS,
  });
  return { token, expiresAt };
}

/** What a link's page shows: the form (`open`), or why it no longer works. */
export type ResetLinkState = 'open' | 'used' | 'expired' | 'unknown';

function stateOf(row: PasswordResetRow | undefined, realm: ResetRealm): ResetLinkState {
  // A link of the other realm, or one no sign-in used when it was asked for, is no link here.
  if (!row || row.realm !== realm || (row.purpose === 'reset' && !row.mailed)) return 'unknown';
  if (row.used_at) return 'used';
  return row.expires_at > row.now ? 'open' : 'expired';
}

export type ResetLinkLookup =
  { state: 'open'; link: PasswordResetRow } | { state: Exclude<ResetLinkState, 'open'> };

async function lookUp(
  db: Queryable,
  realm: ResetRealm,
  token: string,
  forUpdate: boolean,
): Promise<ResetLinkLookup> {
  const row = isSecretTokenShape(token)
    ? await (forUpdate ? findPasswordResetForUpdate : findPasswordReset)(db, tokenHash(token))
    : undefined;
  const state = stateOf(row, realm);
  return state === 'open' ? { state, link: row! } : { state };
}

/** The link of a URL, while it works, or why it does not. */
export function findResetLink(db: Queryable, realm: ResetRealm, token: string): Promise<ResetLinkLookup> {
  return lookUp(db, realm, token, false);
}

/** In the transaction that sets the new password: the link locked and read again (of two uses, the second finds it used). */
function lockResetLink(tx: Queryable, realm: ResetRealm, token: string): Promise<ResetLinkLookup> {
  return lookUp(tx, realm, token, true);
}

/** The link used, in the transaction of the change; every other open link to its address stops working with it. */
async function finishResetLink(tx: Queryable, link: PasswordResetRow): Promise<void> {
  await markPasswordResetsUsed(tx, { id: link.id, realm: link.realm, email: link.email });
}

/** Whose password a link set: told so at their address, in their language. */
export interface PasswordChangedBy {
  outcome: 'changed';
  email: string;
  personId?: string;
  language: Language;
}

/**
 * A new password from a link (typed twice, checkNewPassword's rules), in one transaction: the link locked and read
 * again (of two uses, the second finds it used), the realm's `change` (the password set, every session ended), the
 * link used (and every other open link to its address), and the notice "your password was changed" queued (a
 * security message: no List-Unsubscribe). Nobody is signed in.
 */
export async function setPasswordByLink<Refused extends { outcome: 'passkey_only' | 'closed' }>(
  db: Database,
  input: NewPasswordByLink & {
    realm: ResetRealm;
    /** In the transaction: the password set and every session ended, or why the link serves nobody now. */
    change: (
      tx: Queryable,
      link: PasswordResetRow,
      passwordHash: string,
    ) => Promise<PasswordChangedBy | Refused>;
  },
): Promise<
  | { outcome: 'changed'; email: string }
  | Refused
  | { outcome: 'closed'; state: Exclude<ResetLinkState, 'open'> }
> {
  await checkNewPassword(input.password, input.again);
  const passwordHash = await hashPassword(input.password);
  const { mail } = input;
  return db.transaction(async (tx) => {
    const found = await lockResetLink(tx, input.realm, input.token);
    if (found.state !== 'open') return { outcome: 'closed' as const, state: found.state };
    const { link } = found;
    const changed = await input.change(tx, link, passwordHash);
    if (changed.outcome !== 'changed') return changed;
    await finishResetLink(tx, link);
    await queueMail(tx, {
      kind: 'password_changed',
      to: changed.email,
      personId: changed.personId,
      language: changed.language,
      service: mail.service,
      draw: passwordChangedMail({
        service: mail.service,
        email: changed.email,
        at: link.now,
        url: `${mail.baseUrl}/${input.realm}/forgot-password`,
      }),
    });
    return { outcome: 'changed' as const, email: changed.email };
  });
}
