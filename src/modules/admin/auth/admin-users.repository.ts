import { type Queryable, queryAll, queryCount, queryFirst, queryOne } from '../../../db/database.js';

export interface AdminUserRow {
  id: string;
  email: string;
  password_hash: string;
  created_at: Date;
}

export async function insertAdminUser(
  db: Queryable,
  user: { id: string; email: string; passwordHash: string },
): Promise<AdminUserRow> {
  return queryOne<AdminUserRow>(
    db,
    `INSERT INTO admin_users (id, email, password_hash) VALUES ($1, $2, $3)
     RETURNING id, email, password_hash, created_at`,
    [user.id, user.email, user.passwordHash],
  );
}

/** Every admin user (a handful): the service matches emails in its one normalised form. */
export async function listAdminUsers(db: Queryable): Promise<AdminUserRow[]> {
  return queryAll<AdminUserRow>(
    db,
    'SELECT id, email, password_hash, created_at FROM admin_users ORDER BY created_at, id',
  );
}

export async function countAdminUsers(db: Queryable): Promise<number> {
  return queryCount(db, 'SELECT count(*)::int AS count FROM admin_users');
}

/** The admin user, its row locked until the transaction ends (its password is about to change). */
export async function findAdminUserForUpdate(db: Queryable, id: string): Promise<AdminUserRow | undefined> {
  return queryFirst<AdminUserRow>(
    db,
    'SELECT id, email, password_hash, created_at FROM admin_users WHERE id = $1 FOR UPDATE',
    [id],
  );
}

export async function updateAdminUserPassword(
  db: Queryable,
  id: string,
  passwordHash: string,
): Promise<void> {
  await db.query('UPDATE admin_users SET password_hash = $2 WHERE id = $1', [id, passwordHash]);
}
