import type { Queryable } from '../../../db/database.js';
import { findAdminUserByEmail } from './admin-users.service.js';
import { endAdminSession, startAdminSession, type AdminSession } from './admin-sessions.service.js';
import type { LoginThrottle } from '../../web-pages/login-throttle.js';
import {
  throttledPasswordSignIn,
  type PasswordCredentials,
  type PasswordSignInResult,
} from '../../web-pages/password-sign-in.js';

export type LoginResult =
  | PasswordSignInResult<{ token: string; session: AdminSession }>
  | { outcome: 'confirm_switch'; signedInAs: string };

/**
 * Checks the credentials (same answer and cost for an unknown email and a wrong password). A browser already
 * logged in (`replacing`) as another administrator is not switched silently: the answer is `confirm_switch` until
 * the person confirms (`switchConfirmed`); the replaced session then ends.
 */
export async function logIn(
  db: Queryable,
  throttle: LoginThrottle,
  input: PasswordCredentials & { replacing?: AdminSession; switchConfirmed?: boolean },
): Promise<LoginResult> {
  const { replacing } = input;
  const result = await throttledPasswordSignIn(throttle, input, {
    findByEmail: async (email) => {
      const user = await findAdminUserByEmail(db, email);
      return user ? [user] : [];
    },
    admit: async ([user]) => user,
    open: async (user): Promise<{ token: string; session: AdminSession } | { confirmSwitch: true }> => {
      if (replacing && replacing.adminUserId !== user.id && !input.switchConfirmed)
        return { confirmSwitch: true };
      if (replacing) await endAdminSession(db, replacing);
      return startAdminSession(db, user.id, user.email);
    },
  });
  if (result.outcome !== 'signed_in') return result;
  if ('confirmSwitch' in result) return { outcome: 'confirm_switch', signedInAs: replacing!.email };
  return { outcome: 'signed_in', token: result.token, session: result.session };
}
