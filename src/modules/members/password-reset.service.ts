import type { Database, Queryable } from '../../db/database.js';
import { AppError } from '../../errors/error-catalogue.js';
import type { Language } from '../../i18n/locales.js';
import { typedEmailAddress } from '../../lib/email.js';
import { isUuid } from '../../lib/uuid.js';
import { getAccount } from '../accounts/accounts.service.js';
import { recordAudit } from '../audit/audit.service.js';
import type { MailSettings } from '../mail/mail-settings.js';
import { queueMail } from '../mail/mail.service.js';
import { accountRecoveryMail } from '../mail/password-mails.js';
import {
  createRecoveryLink,
  findResetLink,
  requestResetLink,
  type NewPasswordByLink,
  type ResetRequest,
  resetLinkUrl,
  setPasswordByLink,
  type PasswordResetRow,
} from '../password-resets/password-resets.service.js';
import { checkNewPassword, hashPassword } from '../web-pages/passwords.js';
import { deleteSessionsOfPerson } from './member-sessions.repository.js';
import type { MemberSession } from './member-sessions.service.js';
import { findMemberOfAccountByEmail, listActiveMembershipsOfPerson } from './members.repository.js';
import {
  findResetTarget,
  findResetTargetForUpdate,
  listResetTargets,
  listResetTargetsForUpdate,
  type ResetTargetRow,
} from './password-reset.repository.js';
import { updatePersonPassword } from './people.repository.js';

/** The recipient's own language (people.language) if one of the address's people chose one, else the request's. */
function languageOf(targets: readonly ResetTargetRow[], fallback: Language): Language {
  return targets.find((target) => target.language)?.language ?? fallback;
}

/**
 * "Forgot your password?" at /console: one answer whatever the address (docs/members.md, "A way back in"). When a
 * person of the address is an active member somewhere, the link (one hour, once) is queued to it in the same
 * transaction, in that person's language or else the request's (`language`). An address that is not one is refused
 * (400, said on the page): that tells nothing about who signs in here.
 */
export async function requestPasswordReset(db: Database, input: ResetRequest): Promise<void> {
  await requestResetLink(db, {
    ...input,
    realm: 'console',
    findRecipient: async (tx, email) => {
      const targets = await listResetTargets(tx, email);
      if (targets.length === 0) return undefined;
      return {
        adminUserId: null,
        to: email,
        personId: targets[0]!.id,
        language: languageOf(targets, input.language),
        passkeyOnly: targets.every((target) => !target.has_password),
      };
    },
  });
}

/**
 * Whose password a link sets. A mailed link serves every sign-in of its address that has a password (whoever reads
 * the address's mail is who every invitation to it was meant for); one who signs in with passkeys only is left as
 * they are, since the link alone never replaces a passkey. The operator's recovery link names one person, passkeys
 * or not.
 */
async function targetsOf(
  db: Queryable,
  link: PasswordResetRow,
  forUpdate: boolean,
): Promise<ResetTargetRow[]> {
  if (link.purpose === 'recovery') {
    const person = await (forUpdate ? findResetTargetForUpdate : findResetTarget)(db, link.person_id!);
    return person ? [person] : [];
  }
  return (await (forUpdate ? listResetTargetsForUpdate : listResetTargets)(db, link.email)).filter(
    (target) => target.has_password,
  );
}

/** A link's page: the form for a new password, the passkey-only answer, or why the link does not work. */
export type PasswordResetPage =
  | { state: 'open'; email: string }
  | { state: 'passkey_only'; email: string }
  | { state: 'used' | 'expired' | 'unknown' };

async function pageOf(db: Queryable, link: PasswordResetRow, forUpdate: boolean) {
  const targets = await targetsOf(db, link, forUpdate);
  if (targets.length > 0) return { state: 'open' as const, email: link.email, targets };
  // Still an active member, with passkeys only: sign in with one, then add a password.
  if ((await listResetTargets(db, link.email)).length > 0)
    return { state: 'passkey_only' as const, email: link.email };
  // Nobody of the address is an active member any more (disabled since, or the person gone).
  return { state: 'unknown' as const };
}

export async function openPasswordReset(db: Queryable, token: string): Promise<PasswordResetPage> {
  const found = await findResetLink(db, 'console', token);
  if (found.state !== 'open') return found;
  const page = await pageOf(db, found.link, false);
  return page.state === 'open' ? { state: 'open', email: page.email } : page;
}

export type PasswordResetResult =
  | { outcome: 'changed'; email: string }
  | { outcome: 'passkey_only'; email: string }
  | { outcome: 'closed'; state: 'used' | 'expired' | 'unknown' };

/**
 * A new password from a link (typed twice, checkNewPassword's rules), in one transaction: the password of each
 * person the link serves, the link used (and every other open link to the address), every session of those people
 * ended, `password.reset` in the audit log of each account they are active members of, and the notice "your password
 * was changed" queued (a security message: no List-Unsubscribe). Nobody is signed in: the person signs in with the
 * new password (docs/members.md).
 */
export async function resetPassword(db: Database, input: NewPasswordByLink): Promise<PasswordResetResult> {
  const opened = await openPasswordReset(db, input.token);
  if (opened.state === 'passkey_only') return { outcome: 'passkey_only', email: opened.email };
  if (opened.state !== 'open') return { outcome: 'closed', state: opened.state };
  return setPasswordByLink<Exclude<PasswordResetResult, { outcome: 'changed' }>>(db, {
    realm: 'console',
    ...input,
    change: async (tx, link, passwordHash) => {
      const page = await pageOf(tx, link, true);
      if (page.state !== 'open') {
        return page.state === 'passkey_only'
          ? ({ outcome: 'passkey_only', email: page.email } as const)
          : ({ outcome: 'closed', state: page.state } as const);
      }
      for (const person of page.targets) {
        await updatePersonPassword(tx, person.id, passwordHash);
        await deleteSessionsOfPerson(tx, person.id);
        for (const membership of await listActiveMembershipsOfPerson(tx, person.id)) {
          await recordAudit(tx, {
            accountId: membership.account_id,
            actor: { memberId: membership.id },
            action: 'password.reset',
            target: { member_id: membership.id },
          });
        }
      }
      return {
        outcome: 'changed',
        email: link.email,
        personId: page.targets[0]!.id,
        language: languageOf(page.targets, input.language),
      } as const;
    },
  });
}

/** A recovery link made by the operator, to pass on (`url`) or mailed (`mailed`). */
export interface RecoveryLink {
  url: string;
  email: string;
  memberId: string;
  expiresAt: Date;
  mailed: boolean;
}

/**
 * `avs members recover`: the operator's way back in for a member who lost every credential (docs/members.md). The
 * link (24 hours, once) lets the member of the account with this address choose a password, even one who signed in
 * with passkeys only; the operator checked who is asking by other means first. Recorded as `recovery_link.created`
 * by the operator in the account's audit log, in the transaction that makes the link; mailed to the address when
 * `mail` is set, else printed for the operator to pass on.
 */
export async function createMemberRecoveryLink(
  db: Database,
  input: { accountId: string; email: string; mail: MailSettings; send: boolean; language?: Language },
): Promise<RecoveryLink> {
  const account = isUuid(input.accountId) ? await getAccount(db, input.accountId) : undefined;
  if (!account) throw new AppError('account_not_found', 'no_account', { id: input.accountId.slice(0, 100) });
  const email = typedEmailAddress(input.email);
  return db.transaction(async (tx) => {
    const member = await findMemberOfAccountByEmail(tx, account.id, email);
    // An invited member has the invitation to accept; a disabled one is the owners' to enable first.
    if (!member || member.status !== 'active') throw new AppError('member_not_found');
    const link = await createRecoveryLink(tx, { email: member.email, personId: member.person_id });
    const url = resetLinkUrl(input.mail, 'console', link.token);
    await recordAudit(tx, {
      accountId: account.id,
      actor: { admin: true },
      action: 'recovery_link.created',
      target: { member_id: member.id },
    });
    if (input.send) {
      const person = await findResetTarget(tx, member.person_id);
      await queueMail(tx, {
        kind: 'account_recovery',
        to: member.email,
        personId: member.person_id,
        accountId: account.id,
        language: person?.language ?? input.language ?? 'en',
        service: input.mail.service,
        carriesSecretLink: true,
        draw: accountRecoveryMail({
          service: input.mail.service,
          email: member.email,
          account: account.name,
          url,
        }),
      });
    }
    return { url, email: member.email, memberId: member.id, expiresAt: link.expiresAt, mailed: input.send };
  });
}

/** Whether the person has a password (the account page offers to change it) or signs in with passkeys only (to add one). */
export async function personHasPassword(db: Queryable, personId: string): Promise<boolean> {
  return (await findResetTarget(db, personId))?.has_password ?? false;
}

/**
 * "Add a password" on the account page: a person who signs in with passkeys only, signed in with one, chooses a
 * password (twice). This, not a mailed link, is how a passkey-only person gets one. A person who has a password
 * changes it with the current one instead (409 `conflict`).
 */
export async function addPassword(
  db: Database,
  session: MemberSession,
  input: { password: string; again: string },
): Promise<void> {
  await checkNewPassword(input.password, input.again);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const person = await findResetTargetForUpdate(tx, session.personId);
    if (!person || person.has_password) throw new AppError('conflict');
    await updatePersonPassword(tx, session.personId, passwordHash);
    await recordAudit(tx, {
      accountId: session.accountId,
      actor: { memberId: session.memberId },
      action: 'password.changed',
      target: { member_id: session.memberId },
    });
  });
}
