import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../../db/database.js';
import { AppError } from '../../../errors/error-catalogue.js';
import { isEmailAddress, normaliseEmail } from '../../../lib/email.js';
import {
  countAdminUsers,
  insertAdminUser,
  listAdminUsers,
  type AdminUserRow,
} from './admin-users.repository.js';
import { hashPassword, MIN_PASSWORD_LENGTH } from '../../web-pages/passwords.js';

export interface AdminUser {
  id: string;
  email: string;
  created_at: string;
}

/** The admin user whose stored email normalises to the same form as this one. */
export async function findAdminUserByEmail(db: Queryable, email: string): Promise<AdminUserRow | undefined> {
  const wanted = normaliseEmail(email);
  return (await listAdminUsers(db)).find((user) => normaliseEmail(user.email) === wanted);
}

export async function createAdminUser(
  db: Queryable,
  input: { email: string; password: string },
): Promise<AdminUser> {
  const email = normaliseEmail(input.email);
  if (!isEmailAddress(email)) {
    throw new AppError('validation_failed', 'not_an_email', { email });
  }
  if (input.password.length < MIN_PASSWORD_LENGTH) {
    throw new AppError('validation_failed', 'password_too_short', { min: MIN_PASSWORD_LENGTH });
  }
  if (await findAdminUserByEmail(db, email)) {
    throw new AppError('conflict', 'admin_email_taken', { email });
  }
  const row = await insertAdminUser(db, {
    id: randomUUID(),
    email,
    passwordHash: await hashPassword(input.password),
  });
  return { id: row.id, email: row.email, created_at: row.created_at.toISOString() };
}

/** At the first start on an empty database, the admin named by AVS_ADMIN_EMAIL / AVS_ADMIN_PASSWORD. */
export async function ensureFirstAdmin(
  db: Queryable,
  email: string | undefined,
  password: string | undefined,
): Promise<AdminUser | undefined> {
  if (!email || !password) return undefined;
  if ((await countAdminUsers(db)) > 0) return undefined;
  return createAdminUser(db, { email, password });
}
