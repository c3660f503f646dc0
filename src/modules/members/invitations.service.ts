import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../../db/database.js';
import { AppError } from '../../errors/error-catalogue.js';
import { typedEmailAddress } from '../../lib/email.js';
import { pick } from '../../lib/records.js';
import { isStorableText } from '../../lib/text.js';
import { isUuid } from '../../lib/uuid.js';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { formatDateTime } from '../../i18n/formats.js';
import { getAccountProfile } from '../accounts/account-profiles.service.js';
import { getAccount } from '../accounts/accounts.service.js';
import { recordAudit } from '../audit/audit.service.js';
import { DEFAULT_MAIL_SETTINGS, type MailSettings } from '../mail/mail-settings.js';
import { checkSendingLimits } from '../mail/sending-limits.js';
import { mailText } from '../mail/text/index.js';
import {
  finishPasskeyRegistration,
  finishPasskeySignIn,
  listPasskeys,
  startPasskeyRegistration,
  startPasskeySignIn,
  type PasskeyCeremony,
  type RelyingParty,
} from '../passkeys/passkeys.service.js';
import type { LoginThrottle } from '../web-pages/login-throttle.js';
import { checkPersonPassword } from '../web-pages/password-sign-in.js';
import { checkNewPassword, hashPassword } from '../web-pages/passwords.js';
import { isSecretTokenShape, newSecretToken, tokenHash } from '../web-pages/web-sessions.js';
import {
  findInvitation,
  findInvitationByTokenHash,
  findInvitationByTokenHashForUpdate,
  findInvitationForUpdate,
  insertInvitation,
  listInvitationsOfAccount,
  markInvitationRevoked,
  markInvitationUsed,
  revokePendingInvitationsOfMember,
  type InvitationByTokenRow,
  type InvitationRow,
} from './invitations.repository.js';
import { queueLinkMail } from './link-mails.service.js';
import type { PasskeyAnswer } from './member-login.service.js';
import { isMemberRole, type MemberRole } from './member-roles.js';
import { startMemberSession } from './member-sessions.service.js';
import {
  findMember,
  findMemberForUpdate,
  findMemberOfAccountByEmail,
  findMemberOfPerson,
  insertMember,
  lockAccountForMembers,
  updateMember,
} from './members.repository.js';
import { requireOwner, type MemberActor } from './members.service.js';
import {
  findPersonById,
  findProvenPersonByEmail,
  insertPerson,
  markAddressProven,
  updatePersonPassword,
  type PersonRow,
} from './people.repository.js';

/** How long an invitation link works. */
const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export type InvitationState = 'pending' | 'used' | 'expired' | 'revoked';

export interface Invitation {
  id: string;
  account_id: string;
  member_id: string;
  email: string;
  role: MemberRole;
  state: InvitationState;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
}

function invitationState(row: InvitationRow): InvitationState {
  if (row.revoked_at) return 'revoked';
  if (row.used_at) return 'used';
  return row.expires_at <= row.now ? 'expired' : 'pending';
}

function toInvitation(row: InvitationRow): Invitation {
  return {
    ...pick(row, 'id', 'account_id', 'member_id', 'email', 'role'),
    state: invitationState(row),
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    used_at: row.used_at?.toISOString() ?? null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
  };
}

/**
 * A one-time link of an invitation. Each invitation has two: the one shown once to the inviter (to pass on by hand)
 * and the one mailed to the invited address. Either joins; only the mailed one proves the address, since only
 * the mailbox received it (docs/members.md, "What binds a person to an address").
 */
function invitationUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/console/invitations/${token}`;
}

/**
 * Queues the invitation's mail, with the mailed link, in the invitation's transaction: in the invited person's own
 * language when they chose one, else in the inviter's.
 */
async function queueInvitationMail(
  tx: Queryable,
  input: {
    accountId: string;
    invitation: InvitationRow;
    person: PersonRow;
    url: string;
    mail: Omit<MailSettings, 'baseUrl'>;
  },
): Promise<void> {
  const { invitation, person, mail } = input;
  // The gallery's name as its certificates say it (its profile's, else the account's).
  const account = (await getAccountProfile(tx, input.accountId)).displayName;
  const proven = person.address_proven_at !== null;
  await queueLinkMail(tx, person, {
    kind: 'invitation',
    to: invitation.email,
    accountId: input.accountId,
    service: mail.service,
    dedupeKey: `invitation:${invitation.id}`,
    draw: () => {
      const words = mailText.invitation;
      return {
        subject: words.subject(account),
        heading: words.heading(account),
        paragraphs: [words.body(account, mail.service, invitation.role)],
        action: { label: words.action, url: input.url },
        after: [
          `${words.expires(formatDateTime(invitation.expires_at))} ${
            proven ? words.useSignIn(mail.service) : `${words.chooseSignIn} ${words.proves}`
          }`,
          words.notYou(account),
        ],
      };
    },
  });
}

/**
 * Invites an address to the account with a role: an `invited` membership and a one-time link, mailed to the address
 * (and returned, to be shown once to an inviter who prefers to pass it on). The membership is of the person who
 * proved the address, else of a new person of this account alone. A member already active or disabled is refused;
 * an earlier pending link of the same membership stops working. Past the sending limits, 429 before anything is
 * written.
 */
export async function inviteMember(
  db: Database,
  input: {
    accountId: string;
    email: string;
    role: string;
    displayName?: string;
    actor: MemberActor;
    baseUrl: string;
    /** The service's name and the sending limits (mailSettings(config)); the defaults otherwise. */
    service?: string;
    limits?: MailSettings['limits'];
  },
): Promise<{ invitation: Invitation; url: string }> {
  const email = typedEmailAddress(input.email);
  const { role } = input;
  if (!isMemberRole(role)) throw new AppError('validation_failed', 'not_a_role', { role });
  const displayName = (input.displayName ?? '').trim();
  if (displayName.length > 200)
    throw new AppError('validation_failed', 'too_long', { field: 'display_name', max: 200 });
  if (!isStorableText(displayName))
    throw new AppError('validation_failed', 'unstorable', { field: 'display_name' });

  return db.transaction(async (tx) => {
    await requireOwner(tx, input.accountId, input.actor);
    await lockAccountForMembers(tx, input.accountId);
    let member = await findMemberOfAccountByEmail(tx, input.accountId, email);
    if (member && member.status !== 'invited') throw new AppError('member_exists');
    const mail = {
      service: input.service ?? DEFAULT_MAIL_SETTINGS.service,
      limits: input.limits ?? DEFAULT_MAIL_SETTINGS.limits,
    };
    // Counted under the account's lock, so an account's invitations are counted one after the other.
    await checkSendingLimits(tx, { recipient: email, accountId: input.accountId, limits: mail.limits });
    if (member) {
      await updateMember(tx, member.id, { role, displayName: displayName || undefined });
      await revokePendingInvitationsOfMember(tx, member.id);
    } else {
      // The link proves only that someone holds it: it reaches the person who proved the address, or a new
      // person of this account alone, never a person another account's link made (docs/members.md).
      let personId = (await findProvenPersonByEmail(tx, email))?.id;
      if (!personId) {
        personId = randomUUID();
        await insertPerson(tx, { id: personId, email });
      }
      await insertMember(tx, {
        id: randomUUID(),
        accountId: input.accountId,
        personId,
        displayName,
        role,
        status: 'invited',
      });
      member = (await findMemberOfPerson(tx, input.accountId, personId))!;
    }
    const token = newSecretToken();
    const mailToken = newSecretToken();
    const row = await insertInvitation(tx, {
      id: randomUUID(),
      accountId: input.accountId,
      memberId: member.id,
      tokenHash: tokenHash(token),
      mailTokenHash: tokenHash(mailToken),
      role,
      invitedByMemberId: 'memberId' in input.actor ? input.actor.memberId : null,
      invitedByAdmin: 'admin' in input.actor,
      expiresInMs: INVITATION_TTL_MS,
    });
    await recordAudit(tx, {
      accountId: input.accountId,
      actor: input.actor,
      action: 'member.invited',
      target: { member_id: member.id, invitation_id: row.id, role },
    });
    await queueInvitationMail(tx, {
      accountId: input.accountId,
      invitation: row,
      person: (await findPersonById(tx, member.person_id))!,
      url: invitationUrl(input.baseUrl, mailToken),
      mail,
    });
    return { invitation: toInvitation(row), url: invitationUrl(input.baseUrl, token) };
  });
}

export async function listInvitations(
  db: Queryable,
  accountId: string,
  actor: MemberActor,
): Promise<Invitation[]> {
  await requireOwner(db, accountId, actor);
  return (await listInvitationsOfAccount(db, accountId)).map(toInvitation);
}

function refuseUnlessPending(row: InvitationRow): void {
  const state = invitationState(row);
  if (state !== 'pending') throw new AppError('invitation_closed', state);
}

export async function revokeInvitation(
  db: Database,
  input: { accountId: string; invitationId: string; actor: MemberActor },
): Promise<Invitation> {
  return db.transaction(async (tx) => {
    await requireOwner(tx, input.accountId, input.actor);
    const row = isUuid(input.invitationId)
      ? await findInvitationForUpdate(tx, input.accountId, input.invitationId)
      : undefined;
    if (!row) throw new AppError('invitation_not_found');
    refuseUnlessPending(row);
    await markInvitationRevoked(tx, row.id);
    await recordAudit(tx, {
      accountId: input.accountId,
      actor: input.actor,
      action: 'invitation.revoked',
      target: { invitation_id: row.id, member_id: row.member_id },
    });
    return toInvitation((await findInvitation(tx, input.accountId, row.id))!);
  });
}

/**
 * How the invitee proves who they are: `new` (no way to sign in yet: choose a password or register a passkey),
 * `password` (the person who proved the address, a member elsewhere: enter it), `passkey` (that person, with
 * passkeys only: use one). A person made by another account's link is never the invitee (inviteMember).
 */
export type InviteeSignIn = 'new' | 'password' | 'passkey';

/** What the invitation page shows: the account, the role, and how the invitee accepts. */
export interface OpenInvitation {
  /** The invited person (never shown): a browser signed in as someone else is told before accepting. */
  personId: string;
  email: string;
  accountName: string;
  role: MemberRole;
  signIn: InviteeSignIn;
  /** The link is the one mailed to the address: accepting it proves the address (unless another person did). */
  byMail: boolean;
}

async function pendingInvitation(
  db: Queryable,
  token: string,
  forUpdate = false,
): Promise<InvitationByTokenRow> {
  const row = isSecretTokenShape(token)
    ? await (forUpdate ? findInvitationByTokenHashForUpdate : findInvitationByTokenHash)(db, tokenHash(token))
    : undefined;
  if (!row) throw new AppError('invitation_not_found');
  refuseUnlessPending(row);
  return row;
}

/** The invitation of a link, while it can be accepted (else 404 `invitation_not_found` or 410 `invitation_closed`). */
export async function openInvitation(db: Queryable, token: string): Promise<OpenInvitation> {
  const row = await pendingInvitation(db, token);
  const [account, invitee] = await Promise.all([getAccount(db, row.account_id), findInvitee(db, row)]);
  return {
    personId: invitee.person.id,
    email: row.email,
    accountName: account?.name ?? '',
    role: row.role,
    signIn: invitee.signIn,
    byMail: row.by_mail,
  };
}

/** The invited person, their membership's display name and how they can sign in today. */
async function findInvitee(db: Queryable, row: InvitationRow) {
  const member = await findMember(db, row.account_id, row.member_id);
  const person = member && (await findPersonById(db, member.person_id));
  if (!member || !person) throw new AppError('invitation_not_found');
  const signIn: InviteeSignIn = person.password_hash
    ? 'password'
    : (await listPasskeys(db, person.id)).length > 0
      ? 'passkey'
      : 'new';
  return { person, displayName: member.display_name, signIn };
}

export type AcceptResult =
  | { outcome: 'accepted'; personId: string; token: string; expiresAt: Date }
  | { outcome: 'refused' }
  | { outcome: 'throttled'; retryAfterSeconds: number };

/**
 * Accepts an invitation: a person without a password chooses one (twice); a person who has one (a member
 * elsewhere) proves it, throttled like a sign-in. The membership becomes active, the link used, and the person
 * is signed in to the account.
 */
export async function acceptInvitation(
  db: Database,
  throttle: LoginThrottle,
  input: { token: string; password: string; again?: string; address: string },
): Promise<AcceptResult> {
  const opened = await pendingInvitation(db, input.token);
  const retryAfterSeconds = throttle.retryAfterSeconds(input.address, opened.email);
  if (retryAfterSeconds > 0) return { outcome: 'throttled', retryAfterSeconds };
  const { person, signIn } = await findInvitee(db, opened);
  let newHash: string | undefined;
  if (signIn === 'password') {
    if (!(await checkPersonPassword(person.password_hash, input.password))) {
      throttle.recordFailure(input.address, opened.email);
      return { outcome: 'refused' };
    }
    throttle.recordSuccess(input.address, opened.email);
  } else if (signIn === 'passkey') {
    // The link alone must not give a passkey-only person a password: whoever holds it is not yet proven to be them.
    throw new AppError('validation_failed', 'use_your_passkey');
  } else {
    await checkNewPassword(input.password, input.again ?? '');
    newHash = await hashPassword(input.password);
  }
  return joinByInvitation(db, input.token, newHash);
}

/**
 * The membership becomes active, the link used, and a session starts in the account: one transaction. Accepted from
 * the mailed link, the invited person has proven the address (set unless another person of it proved it first).
 */
async function joinByInvitation(db: Database, token: string, newHash?: string): Promise<AcceptResult> {
  return db.transaction(async (tx) => {
    // Locked and read again: of two accepts of one link, the second finds it used.
    const row = await pendingInvitation(tx, token, true);
    const member = (await findMemberForUpdate(tx, row.account_id, row.member_id))!;
    if (member.status !== 'invited') throw new AppError('invitation_closed', 'revoked');
    if (newHash) await updatePersonPassword(tx, member.person_id, newHash);
    if (row.by_mail) await markAddressProven(tx, { id: member.person_id, email: row.email });
    await updateMember(tx, member.id, { status: 'active', role: row.role });
    await markInvitationUsed(tx, row.id);
    await recordAudit(tx, {
      accountId: row.account_id,
      actor: { memberId: member.id },
      action: 'member.joined',
      target: { member_id: member.id, invitation_id: row.id, role: row.role },
    });
    return {
      outcome: 'accepted' as const,
      personId: member.person_id,
      ...(await startMemberSession(tx, member.person_id, row.account_id)),
    };
  });
}

/** A passkey ceremony for an invitation: `register` a first passkey, or `authenticate` with one the person has. */
export type InvitationPasskeyCeremony =
  | ({ mode: 'register' } & PasskeyCeremony<PublicKeyCredentialCreationOptionsJSON>)
  | ({ mode: 'authenticate' } & PasskeyCeremony<PublicKeyCredentialRequestOptionsJSON>);

/**
 * Starts accepting an invitation with a passkey. The link authorises registering a first passkey for the
 * invited person only while they have no way to sign in; a person with passkeys uses one, with a password enters it.
 */
export async function startInvitationPasskey(
  db: Queryable,
  token: string,
  rp: RelyingParty,
): Promise<InvitationPasskeyCeremony> {
  const row = await pendingInvitation(db, token);
  const { person, displayName, signIn } = await findInvitee(db, row);
  switch (signIn) {
    case 'password':
      throw new AppError('validation_failed', 'use_your_password');
    case 'passkey':
      return { mode: 'authenticate', ...(await startPasskeySignIn(db, rp)) };
    case 'new':
      return {
        mode: 'register',
        ...(await startPasskeyRegistration(db, {
          person: { id: person.id, email: row.email, displayName },
          rp,
        })),
      };
  }
}

/**
 * Accepts an invitation with the browser's answer to startInvitationPasskey: the passkey is registered (or the
 * person's own verified), then the membership is active, the link used and a session started. A refused
 * answer counts as a failed attempt of the invitee's e-mail from this address, like a wrong password.
 */
export async function acceptInvitationWithPasskey(
  db: Database,
  throttle: LoginThrottle,
  input: PasskeyAnswer<RegistrationResponseJSON | AuthenticationResponseJSON> & {
    token: string;
    name?: string;
  },
): Promise<AcceptResult> {
  const opened = await pendingInvitation(db, input.token);
  const retryAfterSeconds = throttle.retryAfterSeconds(input.address, opened.email);
  if (retryAfterSeconds > 0) return { outcome: 'throttled', retryAfterSeconds };
  const { person, signIn } = await findInvitee(db, opened);
  if (signIn === 'password') throw new AppError('validation_failed', 'use_your_password');
  try {
    if (signIn === 'new') {
      await finishPasskeyRegistration(db, {
        challengeToken: input.challengeToken,
        personId: person.id,
        response: input.response as RegistrationResponseJSON,
        name: input.name,
        rp: input.rp,
        audit: { accountId: opened.account_id, actor: { memberId: opened.member_id } },
      });
    } else {
      const verified = await finishPasskeySignIn(db, {
        challengeToken: input.challengeToken,
        response: input.response as AuthenticationResponseJSON,
        rp: input.rp,
      });
      if (verified.personId !== person.id) throw new AppError('passkey_invalid');
    }
  } catch (error) {
    if (error instanceof AppError && error.code === 'passkey_invalid') {
      throttle.recordFailure(input.address, opened.email);
    }
    throw error;
  }
  throttle.recordSuccess(input.address, opened.email);
  return joinByInvitation(db, input.token);
}
