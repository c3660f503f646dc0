import type { Queryable } from '../../db/database.js';
import { AppError } from '../../errors/error-catalogue.js';
import { LANGUAGES, type Language } from '../../i18n/locales.js';
import { isUuid } from '../../lib/uuid.js';
import {
  isSecretTokenShape,
  newSecretToken,
  tokenHash,
  type SessionFlash,
} from '../web-pages/web-sessions.js';
import {
  deleteExpiredMemberSessions,
  deleteMemberSession,
  deleteSessionsOfPerson,
  findLiveMemberSession,
  insertMemberSession,
  touchMemberSession,
  updateMemberSessionAccount,
} from './member-sessions.repository.js';
import { recordSignInDevice } from '../notices/notice-events.service.js';
import { sessionFlashes } from '../web-pages/session-flash.service.js';
import type { MemberRole } from './member-roles.js';
import { findMemberOfPerson, recordMemberSignIn } from './members.repository.js';
import { updatePersonLanguage } from './people.repository.js';

/** Idle expiry: a session unused for this long ends (docs/members.md). */
const MEMBER_SESSION_IDLE_MS = 30 * 60 * 1000;
/** Absolute expiry: however busy, a session ends this long after sign-in. */
const MEMBER_SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;

/** A signed-in person acting in one account (the switcher changes which). */
export interface MemberSession {
  id: string;
  personId: string;
  email: string;
  accountId: string;
  accountName: string;
  memberId: string;
  displayName: string;
  /** The person's own choice of language; null: their browser's. */
  language: Language | null;
  role: MemberRole;
  csrfToken: string;
  expiresAt: Date;
  flash?: SessionFlash;
}

/**
 * Starts a session of the person in the account; returns the cookie token (the browser's only) and its expiry.
 * `device` (the browser's avs_device cookie) is remembered for the person: a browser they never signed in from
 * before is a new sign-in, which the member may be told of (docs/members.md).
 */
export async function startMemberSession(
  db: Queryable,
  personId: string,
  accountId: string,
  device?: string,
): Promise<{ token: string; expiresAt: Date }> {
  await deleteExpiredMemberSessions(db, MEMBER_SESSION_IDLE_MS);
  const token = newSecretToken();
  const expiresAt = await insertMemberSession(db, {
    id: tokenHash(token),
    personId,
    accountId,
    csrfToken: newSecretToken(),
    absoluteMs: MEMBER_SESSION_ABSOLUTE_MS,
  });
  const member = await findMemberOfPerson(db, accountId, personId);
  if (member) await recordMemberSignIn(db, member.id);
  if (member && device) await recordSignInDevice(db, { personId, accountId, memberId: member.id, device });
  return { token, expiresAt };
}

/** The live session this cookie token names; its last use is written at most once a minute. */
export async function findMemberSession(db: Queryable, token: string): Promise<MemberSession | undefined> {
  if (!isSecretTokenShape(token)) return undefined;
  const row = await findLiveMemberSession(db, tokenHash(token), MEMBER_SESSION_IDLE_MS);
  if (!row) return undefined;
  if (row.stale) await touchMemberSession(db, row.id);
  return {
    id: row.id,
    personId: row.person_id,
    email: row.email,
    accountId: row.account_id,
    accountName: row.account_name,
    memberId: row.member_id,
    displayName: row.display_name,
    language: row.language,
    role: row.role,
    csrfToken: row.csrf_token,
    expiresAt: row.expires_at,
    flash: row.flash ?? undefined,
  };
}

/** The switcher: the session acts in another account, only one where the person is an active member. */
export async function switchAccount(db: Queryable, session: MemberSession, accountId: string): Promise<void> {
  const member = isUuid(accountId) ? await findMemberOfPerson(db, accountId, session.personId) : undefined;
  if (!member || member.status !== 'active') {
    throw new AppError('account_not_found', 'no_account', { id: accountId.slice(0, 100) });
  }
  await updateMemberSessionAccount(db, session.id, accountId);
}

export async function endMemberSession(db: Queryable, session: MemberSession): Promise<void> {
  await deleteMemberSession(db, session.id);
}

/** Sign out everywhere: every session of the person, in every account, this one included. */
export async function endAllSessionsOfPerson(db: Queryable, personId: string): Promise<void> {
  await deleteSessionsOfPerson(db, personId);
}

/** Every session of the person but this one (after a password change). */
export async function endOtherSessionsOfPerson(db: Queryable, session: MemberSession): Promise<void> {
  await deleteSessionsOfPerson(db, session.personId, session.id);
}

function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The person's own language for the console, in every account and on every device (docs/languages.md): one of the
 * languages, or '' for their browser's (stored as null). Anything else is refused.
 */
export async function chooseLanguage(
  db: Queryable,
  session: MemberSession,
  language: string,
): Promise<Language | null> {
  if (language !== '' && !isLanguage(language)) {
    throw new AppError('validation_failed', 'not_one_of', {
      field: 'language',
      value: language,
      expected: ['', ...LANGUAGES],
    });
  }
  const chosen = language === '' ? null : language;
  await updatePersonLanguage(db, session.personId, chosen);
  return chosen;
}

const memberFlashes = sessionFlashes('member_sessions');
export const leaveMemberFlash = memberFlashes.leave;
export const takeMemberFlash = memberFlashes.take;
