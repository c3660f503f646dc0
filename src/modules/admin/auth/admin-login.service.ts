import type { Queryable } from '../../../db/database.js';
import { findAdminUserByEmail } from './admin-users.service.js';
import { startAdminSession, type AdminSession } from './admin-sessions.service.js';
import type { LoginThrottle } from '../../web-pages/login-throttle.js';
import { throttledPasswordSignIn, type PasswordSignInResult } from '../../web-pages/password-sign-in.js';

export type LoginResult = PasswordSignInResult<{ token: string; session: AdminSession }>;

/** Checks the credentials (same answer and cost for an unknown email and a wrong password). */
export async function logIn(
  db: Queryable,
  throttle: LoginThrottle,
  input: { email: string; password: string; address: string },
): Promise<LoginResult> {
  return throttledPasswordSignIn(throttle, input, {
    findByEmail: async (email) => {
      const user = await findAdminUserByEmail(db, email);
      return user ? [user] : [];
    },
    admit: async ([user]) => user,
    open: (user) => startAdminSession(db, user.id, user.email),
  });
}
