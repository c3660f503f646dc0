import type { Database, Queryable } from '../../db/database.js';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, type PageLanguage } from '../../i18n/locales.js';
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

/** Who a request names, found in the request's transaction: an administrator's id is stored with the link. */
export interface ResetRecipient {
  /** The administrator an admin reset is for; null at the console (its link names the address). */
  adminUserId: string | null;
}

/**
 * A request on "Forgot your password?": the same work whether or not the address names a sign-in (no enumeration,
 * one timing class). In one transaction: the throttle's count, the look-up, a new token and its row; the message is
 * queued (never sent: the outbox makes the request independent of the mail server) only when a sign-in uses the
 * address. Past the throttle (per client address and per address) nothing is written and nothing queued; the page
 * answers the same.
 */
export async function requestResetLink<R extends ResetRecipient>(
  db: Database,
  input: {
    realm: ResetRealm;
    /** Normalised. */
    email: string;
    clientBucket: string;
    findRecipient: (tx: Queryable) => Promise<R | undefined>;
    send: (tx: Queryable, recipient: R, link: ResetLink) => Promise<void>;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    await deleteStalePasswordResets(tx);
    const counts = await countRecentResetRequests(tx, { ...input, windowMs: THROTTLE_WINDOW_MS });
    if (counts.byClient >= RESET_REQUESTS_PER_CLIENT || counts.byEmail >= RESET_REQUESTS_PER_ADDRESS) return;
    const recipient = await input.findRecipient(tx);
    const token = newSecretToken();
    const expiresAt = await insertPasswordReset(tx, {
      id: tokenHash(token),
      realm: input.realm,
      purpose: 'reset',
      email: input.email,
      personId: null,
      adminUserId: recipient?.adminUserId ?? null,
      clientBucket: input.clientBucket,
      mailed: recipient !== undefined,
      ttlMs: RESET_LINK_TTL_MS,
    });
    if (recipient !== undefined) await input.send(tx, recipient, { token, expiresAt });
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
export function lockResetLink(tx: Queryable, realm: ResetRealm, token: string): Promise<ResetLinkLookup> {
  return lookUp(tx, realm, token, true);
}

/** The link used, in the transaction of the change; every other open link to its address stops working with it. */
export async function finishResetLink(tx: Queryable, link: PasswordResetRow): Promise<void> {
  await markPasswordResetsUsed(tx, { id: link.id, realm: link.realm, email: link.email });
}
