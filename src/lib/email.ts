import { AppError } from '../errors/error-catalogue.js';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The one form of an email for look-up, uniqueness and log-in throttling: compatibility forms folded
 * (NFKC: a full-width "ａ" is "a") and JavaScript's lower case. SQL's lower() is not used: it folds
 * "İ" to "i" where JavaScript gives "i̇", so the two would disagree on which person an email names.
 */
export function normaliseEmail(email: string): string {
  return email.trim().normalize('NFKC').toLowerCase();
}

/** Whether a normalised email looks like an address and fits the column (3 to 320 characters). */
export function isEmailAddress(email: string): boolean {
  return EMAIL_PATTERN.test(email) && email.length <= 320;
}

/** The normalised form of an address a person typed; 400 not_an_email when it is no address. */
export function typedEmailAddress(typed: string): string {
  const email = normaliseEmail(typed);
  if (!isEmailAddress(email)) throw new AppError('validation_failed', 'not_an_email', { email });
  return email;
}
