import { queryFirst, type Queryable } from '../../../db/database.js';

export interface AdminSessionRow {
  id: string;
  admin_user_id: string;
  email: string;
  csrf_token: string;
  expires_at: Date;
  flash: { kind: 'notice' | 'error'; message: string } | null;
}

export async function insertAdminSession(
  db: Queryable,
  session: { id: string; adminUserId: string; csrfToken: string; expiresAt: Date },
): Promise<void> {
  await db.query(
    'INSERT INTO admin_sessions (id, admin_user_id, csrf_token, expires_at) VALUES ($1, $2, $3, $4)',
    [session.id, session.adminUserId, session.csrfToken, session.expiresAt],
  );
}

/** The session with its user's email, only while it has not expired. */
export async function findLiveAdminSession(db: Queryable, id: string): Promise<AdminSessionRow | undefined> {
  return queryFirst<AdminSessionRow>(
    db,
    `SELECT s.id, s.admin_user_id, u.email, s.csrf_token, s.expires_at, s.flash
     FROM admin_sessions s JOIN admin_users u ON u.id = s.admin_user_id
     WHERE s.id = $1 AND s.expires_at > now()`,
    [id],
  );
}

export async function deleteAdminSession(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM admin_sessions WHERE id = $1', [id]);
}

export async function deleteExpiredAdminSessions(db: Queryable): Promise<void> {
  await db.query('DELETE FROM admin_sessions WHERE expires_at <= now()');
}

/** Every session of the administrator (after a new password from a link). */
export async function deleteAdminSessionsOfUser(db: Queryable, adminUserId: string): Promise<void> {
  await db.query('DELETE FROM admin_sessions WHERE admin_user_id = $1', [adminUserId]);
}
