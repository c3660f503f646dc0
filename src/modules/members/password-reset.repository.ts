import { allRowsQuery, firstRowQuery } from '../../db/database.js';
import type { Language } from '../../i18n/locales.js';

/** A sign-in a password reset serves: a person of the address who is an active member somewhere. */
export interface ResetTargetRow {
  id: string;
  email: string;
  has_password: boolean;
  language: Language | null;
}

const TARGET_SQL = `SELECT p.id, p.email, p.password_hash IS NOT NULL AS has_password, p.language
  FROM people p
  WHERE p.email = $1
    AND EXISTS (SELECT 1 FROM account_members m WHERE m.person_id = p.id AND m.status = 'active')
  ORDER BY p.address_proven_at NULLS LAST, p.id`;

/** Every person of the address with an active membership (one per account that invited it, until it is proven). */
export const listResetTargets = allRowsQuery<ResetTargetRow, [email: string]>(TARGET_SQL);

/** The same, their rows locked until the transaction ends (the password is about to change). */
export const listResetTargetsForUpdate = allRowsQuery<ResetTargetRow, [email: string]>(
  `${TARGET_SQL} FOR UPDATE OF p`,
);

/** One person as a reset target, whatever their memberships (the operator's recovery names its person). */
export const findResetTarget = firstRowQuery<ResetTargetRow, [personId: string]>(
  `SELECT id, email, password_hash IS NOT NULL AS has_password, language FROM people WHERE id = $1`,
);

/** The same, its row locked until the transaction ends. */
export const findResetTargetForUpdate = firstRowQuery<ResetTargetRow, [personId: string]>(
  `SELECT id, email, password_hash IS NOT NULL AS has_password, language FROM people WHERE id = $1 FOR UPDATE`,
);
