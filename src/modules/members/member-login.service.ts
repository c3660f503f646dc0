import type { Database, Queryable } from '../../db/database.js';
import { AppError } from '../../errors/error-catalogue.js';
import { recordAudit } from '../audit/audit.service.js';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { finishPasskeySignIn, type RelyingParty } from '../passkeys/passkeys.service.js';
import type { LoginThrottle } from '../web-pages/login-throttle.js';
import {
  checkPersonPassword,
  throttledPasswordSignIn,
  type PasswordCredentials,
  type PasswordSignInResult,
} from '../web-pages/password-sign-in.js';
import { checkNewPassword, hashPassword } from '../web-pages/passwords.js';
import { listActiveMembershipsOfPerson, type MembershipRow } from './members.repository.js';
import {
  endMemberSession,
  endOtherSessionsOfPerson,
  startMemberSession,
  type MemberSession,
} from './member-sessions.service.js';
import { findPeopleByEmail, findPersonById, updatePersonPassword } from './people.repository.js';

/** A browser's answer to a passkey ceremony, sent from a client address (the login throttle counts it). */
export interface PasskeyAnswer<Response = AuthenticationResponseJSON> {
  challengeToken: string;
  response: Response;
  rp: RelyingParty;
  address: string;
}

/** An account to choose when one e-mail and password open the sign-ins of several people. */
export interface AccountChoice {
  id: string;
  name: string;
}

type SessionResult = PasswordSignInResult<{ token: string; expiresAt: Date }>;

export type MemberLoginResult =
  | SessionResult
  | { outcome: 'choose_account'; accounts: AccountChoice[] }
  | { outcome: 'confirm_switch'; signedInAs: string };

type Admitted = { membership: MembershipRow } | { accounts: AccountChoice[] };

/**
 * Password sign-in: the same answer and cost for an unknown e-mail, a wrong password and a person with no active
 * membership. The session opens in the account the person used last. An address not yet proven may name several
 * people (one per account that invited it), each with its own password: the password opens only its own person's
 * memberships. When it opens several people's (the same password chosen twice), the person chooses the account
 * (`accountId`, from the list `choose_account` gives).
 *
 * A browser already signed in (`replacing`) as another person is not switched silently (a page of another site
 * could sign it into the other person's sign-in): the answer is `confirm_switch` until the person confirms
 * (`switchConfirmed`). The replaced session ends.
 */
export async function signInWithPassword(
  db: Queryable,
  throttle: LoginThrottle,
  input: PasswordCredentials & {
    accountId?: string;
    replacing?: MemberSession;
    switchConfirmed?: boolean;
    /** The browser's device value (startMemberSession). */
    device?: string;
  },
): Promise<MemberLoginResult> {
  const { replacing } = input;
  const result = await throttledPasswordSignIn(throttle, input, {
    findByEmail: (email) => findPeopleByEmail(db, email),
    admit: async (people): Promise<Admitted | undefined> => {
      const memberships = (
        await Promise.all(people.map((person) => listActiveMembershipsOfPerson(db, person.id)))
      ).filter((ofPerson) => ofPerson.length > 0);
      if (memberships.length === 0) return undefined;
      const chosen = memberships.flat().find((membership) => membership.account_id === input.accountId);
      if (chosen) return { membership: chosen };
      if (memberships.length === 1) return { membership: memberships[0]![0]! };
      const accounts = memberships
        .flat()
        .map((membership) => ({ id: membership.account_id, name: membership.account_name }))
        .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
      return { accounts };
    },
    open: async (
      admitted,
    ): Promise<
      { accounts: AccountChoice[] } | { confirmSwitch: true } | { token: string; expiresAt: Date }
    > => {
      if ('accounts' in admitted) return admitted;
      const { person_id: personId, account_id: accountId } = admitted.membership;
      if (replacing && replacing.personId !== personId && !input.switchConfirmed)
        return { confirmSwitch: true };
      if (replacing) await endMemberSession(db, replacing);
      return startMemberSession(db, personId, accountId, input.device);
    },
  });
  if (result.outcome !== 'signed_in') return result;
  if ('accounts' in result) return { outcome: 'choose_account', accounts: result.accounts };
  if ('confirmSwitch' in result) return { outcome: 'confirm_switch', signedInAs: replacing!.email };
  return { outcome: 'signed_in', token: result.token, expiresAt: result.expiresAt };
}

/**
 * Passkey sign-in: the answer to startPasskeySignIn names the person; the session opens as with a password (the
 * account used last). A person with no active membership is refused as a wrong passkey is (400
 * `passkey_invalid`, thrown); each refusal counts against the address, the only thing a usernameless sign-in names.
 */
export async function signInWithPasskey(
  db: Database,
  throttle: LoginThrottle,
  input: PasskeyAnswer & { device?: string },
): Promise<Exclude<SessionResult, { outcome: 'refused' }>> {
  const retryAfterSeconds = throttle.retryAfterSecondsForAddress(input.address);
  if (retryAfterSeconds > 0) return { outcome: 'throttled', retryAfterSeconds };
  try {
    const { personId } = await finishPasskeySignIn(db, input);
    const memberships = await listActiveMembershipsOfPerson(db, personId);
    if (memberships.length === 0) throw new AppError('passkey_invalid');
    return {
      outcome: 'signed_in',
      ...(await startMemberSession(db, personId, memberships[0]!.account_id, input.device)),
    };
  } catch (error) {
    if (error instanceof AppError && error.code === 'passkey_invalid')
      throttle.recordAddressFailure(input.address);
    throw error;
  }
}

/** A new password, given the current one; the person's other sessions end. */
export async function changePassword(
  db: Database,
  session: MemberSession,
  input: { current: string; password: string; again: string },
): Promise<void> {
  const person = await findPersonById(db, session.personId);
  if (!(await checkPersonPassword(person?.password_hash, input.current))) {
    throw new AppError('validation_failed', 'wrong_current_password');
  }
  await checkNewPassword(input.password, input.again);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await updatePersonPassword(tx, session.personId, passwordHash);
    await endOtherSessionsOfPerson(tx, session);
    await recordAudit(tx, {
      accountId: session.accountId,
      actor: { memberId: session.memberId },
      action: 'password.changed',
      target: { member_id: session.memberId },
    });
  });
}
