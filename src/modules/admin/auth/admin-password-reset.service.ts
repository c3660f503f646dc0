import type { Database, Queryable } from '../../../db/database.js';
import { AppError } from '../../../errors/error-catalogue.js';
import type { Language } from '../../../i18n/locales.js';
import { isEmailAddress, normaliseEmail } from '../../../lib/email.js';
import type { MailSettings } from '../../mail/mail-settings.js';
import { queueMail } from '../../mail/mail.service.js';
import { passwordChangedMail, passwordResetMail } from '../../mail/password-mails.js';
import { sendingRefusal } from '../../mail/sending-limits.js';
import {
  findResetLink,
  finishResetLink,
  lockResetLink,
  requestResetLink,
} from '../../password-resets/password-resets.service.js';
import { checkNewPassword, hashPassword } from '../../web-pages/passwords.js';
import { deleteAdminSessionsOfUser } from './admin-sessions.repository.js';
import { findAdminUserForUpdate, updateAdminUserPassword } from './admin-users.repository.js';
import { findAdminUserByEmail } from './admin-users.service.js';

/**
 * "Forgot your password?" at /admin: the console's way back in for the operator's administrators (docs/admin.md),
 * the same answer whatever the address; the link (one hour, once) is queued to an administrator's address in the
 * request's language (administrators choose none of their own).
 */
export async function requestAdminPasswordReset(
  db: Database,
  input: { email: string; clientBucket: string; language: Language; mail: MailSettings },
): Promise<void> {
  const email = normaliseEmail(input.email).slice(0, 320);
  if (!isEmailAddress(email)) throw new AppError('validation_failed', 'not_an_email', { email });
  await requestResetLink(db, {
    realm: 'admin',
    email,
    clientBucket: input.clientBucket,
    findRecipient: async (tx) => {
      const user = await findAdminUserByEmail(tx, email);
      if (!user) return undefined;
      // Past the service's sending limits to this address (docs/mail.md), nothing is sent either.
      if (await sendingRefusal(tx, { recipient: user.email, limits: input.mail.limits })) return undefined;
      return { adminUserId: user.id, email: user.email };
    },
    send: async (tx, user, link) => {
      await queueMail(tx, {
        kind: 'password_reset',
        to: user.email,
        language: input.language,
        service: input.mail.service,
        carriesSecretLink: true,
        draw: passwordResetMail({
          service: input.mail.service,
          email: user.email,
          url: `${input.mail.baseUrl}/admin/reset-password/${link.token}`,
          passkeyOnly: false,
        }),
      });
    },
  });
}

export type AdminResetPage = { state: 'open'; email: string } | { state: 'used' | 'expired' | 'unknown' };

export async function openAdminPasswordReset(db: Queryable, token: string): Promise<AdminResetPage> {
  const found = await findResetLink(db, 'admin', token);
  return found.state === 'open' ? { state: 'open', email: found.link.email } : found;
}

export type AdminResetResult =
  { outcome: 'changed'; email: string } | { outcome: 'closed'; state: 'used' | 'expired' | 'unknown' };

/**
 * A new password from a link, in one transaction: the administrator's password, the link used (and their other
 * open links), every session of theirs ended, and the notice "your password was changed" queued. They log in again.
 */
export async function resetAdminPassword(
  db: Database,
  input: { token: string; password: string; again: string; language: Language; mail: MailSettings },
): Promise<AdminResetResult> {
  const opened = await openAdminPasswordReset(db, input.token);
  if (opened.state !== 'open') return { outcome: 'closed', state: opened.state };
  checkNewPassword(input.password, input.again);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx): Promise<AdminResetResult> => {
    const found = await lockResetLink(tx, 'admin', input.token);
    if (found.state !== 'open') return { outcome: 'closed', state: found.state };
    const { link } = found;
    const user = link.admin_user_id ? await findAdminUserForUpdate(tx, link.admin_user_id) : undefined;
    if (!user) return { outcome: 'closed', state: 'unknown' };
    await updateAdminUserPassword(tx, user.id, passwordHash);
    await deleteAdminSessionsOfUser(tx, user.id);
    await finishResetLink(tx, link);
    await queueMail(tx, {
      kind: 'password_changed',
      to: user.email,
      language: input.language,
      service: input.mail.service,
      draw: passwordChangedMail({
        service: input.mail.service,
        email: user.email,
        at: link.now,
        url: `${input.mail.baseUrl}/admin/forgot-password`,
      }),
    });
    return { outcome: 'changed', email: user.email };
  });
}
