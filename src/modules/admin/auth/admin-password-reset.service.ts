import type { Database, Queryable } from '../../../db/database.js';
import {
  findResetLink,
  requestResetLink,
  type NewPasswordByLink,
  type ResetRequest,
  setPasswordByLink,
} from '../../password-resets/password-resets.service.js';
import { deleteAdminSessionsOfUser } from './admin-sessions.repository.js';
import { findAdminUserForUpdate, updateAdminUserPassword } from './admin-users.repository.js';
import { findAdminUserByEmail } from './admin-users.service.js';

/**
 * "Forgot your password?" at /admin: the console's way back in for the operator's administrators (docs/admin.md),
 * the same answer whatever the address; the link (one hour, once) is queued to an administrator's address in the
 * request's language (administrators choose none of their own).
 */
export async function requestAdminPasswordReset(db: Database, input: ResetRequest): Promise<void> {
  await requestResetLink(db, {
    ...input,
    realm: 'admin',
    findRecipient: async (tx, email) => {
      const user = await findAdminUserByEmail(tx, email);
      if (!user) return undefined;
      return { adminUserId: user.id, to: user.email, language: input.language, passkeyOnly: false };
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
export async function resetAdminPassword(db: Database, input: NewPasswordByLink): Promise<AdminResetResult> {
  const opened = await openAdminPasswordReset(db, input.token);
  if (opened.state !== 'open') return { outcome: 'closed', state: opened.state };
  return setPasswordByLink<Extract<AdminResetResult, { outcome: 'closed' }>>(db, {
    realm: 'admin',
    ...input,
    change: async (tx, link, passwordHash) => {
      const user = link.admin_user_id ? await findAdminUserForUpdate(tx, link.admin_user_id) : undefined;
      if (!user) return { outcome: 'closed', state: 'unknown' } as const;
      await updateAdminUserPassword(tx, user.id, passwordHash);
      await deleteAdminSessionsOfUser(tx, user.id);
      return { outcome: 'changed', email: user.email, language: input.language } as const;
    },
  });
}
