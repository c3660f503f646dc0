import type { Queryable } from '../../../db/database.js';
import { normaliseEmail } from '../../../lib/email.js';
import { findAdminUserByEmail } from './admin-users.service.js';
import { startAdminSession, type AdminSession } from './admin-sessions.service.js';
import { hashPassword, verifyPassword } from '../../web-pages/passwords.js';
import type { LoginThrottle } from '../../web-pages/login-throttle.js';

export type LoginResult =
  | { outcome: 'signed_in'; token: string; session: AdminSession }
  | { outcome: 'refused' }
  | { outcome: 'throttled'; retryAfterSeconds: number };

// An unknown email is checked against this hash so that it costs as long as a wrong password.
let dummyHash: Promise<string> | undefined;

/** Checks the credentials (same answer and cost for an unknown email and a wrong password). */
export async function logIn(
  db: Queryable,
  throttle: LoginThrottle,
  input: { email: string; password: string; address: string },
): Promise<LoginResult> {
  // One form of the email for the throttle and the look-up: a variant cannot buy another round of guesses.
  const email = normaliseEmail(input.email);
  const retryAfterSeconds = throttle.retryAfterSeconds(input.address, email);
  if (retryAfterSeconds > 0) return { outcome: 'throttled', retryAfterSeconds };

  const user = email.length > 0 && email.length <= 320 ? await findAdminUserByEmail(db, email) : undefined;
  dummyHash ??= hashPassword('not the password of anyone');
  const passwordOk = await verifyPassword(input.password, user?.password_hash ?? (await dummyHash));
  if (!user || !passwordOk) {
    throttle.recordFailure(input.address, email);
    return { outcome: 'refused' };
  }
  throttle.recordSuccess(input.address, email);
  return { outcome: 'signed_in', ...(await startAdminSession(db, user.id, user.email)) };
}
