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
