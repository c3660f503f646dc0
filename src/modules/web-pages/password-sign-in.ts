import { normaliseEmail } from '../../lib/email.js';
import type { LoginThrottle } from './login-throttle.js';
import { hashPassword, verifyPassword } from './passwords.js';

// An unknown email is checked against this hash so that it costs as long as a wrong password.
let dummyHash: Promise<string> | undefined;

/** A password checked against a person's (or the dummy) hash: the same cost whether or not the person exists. */
export async function checkPersonPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  dummyHash ??= hashPassword('not the password of anyone');
  const ok = await verifyPassword(password, passwordHash ?? (await dummyHash));
  return ok && Boolean(passwordHash);
}

/** What a password sign-in form sends (/admin and /console), with the address the throttle counts against. */
export interface PasswordCredentials {
  email: string;
  password: string;
  address: string;
}

export type PasswordSignInResult<Opened extends object> =
  | ({ outcome: 'signed_in' } & Opened)
  | { outcome: 'refused' }
  | { outcome: 'throttled'; retryAfterSeconds: number };

/**
 * Password sign-in behind the log-in throttle (/admin and /console), with the same answer and cost for an unknown
 * email and a wrong password. `findByEmail` lists who the email names (the console: one person per account that
 * invited an unproven address); the password is checked against each of them at once. `admit` says whom a right
 * password lets in, given those it opens (undefined refuses them as a wrong password is); `open` starts their
 * session.
 */
export async function throttledPasswordSignIn<
  Person extends { password_hash: string | null },
  Admitted,
  Opened extends object,
>(
  throttle: LoginThrottle,
  input: PasswordCredentials,
  steps: {
    findByEmail: (email: string) => Promise<Person[]>;
    admit: (people: Person[]) => Promise<Admitted | undefined>;
    open: (admitted: Admitted) => Promise<Opened>;
  },
): Promise<PasswordSignInResult<Opened>> {
  // One form of the email for the throttle and the look-up: a variant cannot buy another round of guesses.
  const email = normaliseEmail(input.email);
  const retryAfterSeconds = throttle.retryAfterSeconds(input.address, email);
  if (retryAfterSeconds > 0) return { outcome: 'throttled', retryAfterSeconds };

  const people = email.length > 0 && email.length <= 320 ? await steps.findByEmail(email) : [];
  const withPassword = people.filter((person) => person.password_hash);
  // No one with a password still costs one check (of the dummy hash); several are checked side by side.
  const checked = await Promise.all(
    (withPassword.length > 0 ? withPassword : [undefined]).map((person) =>
      checkPersonPassword(person?.password_hash, input.password),
    ),
  );
  const opened = withPassword.filter((_, index) => checked[index]);
  const admitted = opened.length > 0 ? await steps.admit(opened) : undefined;
  if (admitted === undefined) {
    throttle.recordFailure(input.address, email);
    return { outcome: 'refused' };
  }
  throttle.recordSuccess(input.address, email);
  return { outcome: 'signed_in', ...(await steps.open(admitted)) };
}
