import type { Queryable } from '../../../db/database.js';
import {
  deleteAdminSession,
  deleteExpiredAdminSessions,
  findLiveAdminSession,
  insertAdminSession,
} from './admin-sessions.repository.js';
import { sessionFlashes } from '../../web-pages/session-flash.service.js';
import {
  isSecretTokenShape,
  newSecretToken,
  tokenHash,
  type SessionFlash,
} from '../../web-pages/web-sessions.js';

const SESSION_TTL_MS = 8 * 60 * 60 * 1000;

export interface AdminSession {
  id: string;
  adminUserId: string;
  email: string;
  csrfToken: string;
  expiresAt: Date;
  /** The notice left by the last form, when the session was read. */
  flash?: SessionFlash;
}

/** Starts a session; returns the cookie token (shown to the browser only) and the session. */
export async function startAdminSession(
  db: Queryable,
  adminUserId: string,
  email: string,
): Promise<{ token: string; session: AdminSession }> {
  await deleteExpiredAdminSessions(db);
  const token = newSecretToken();
  const session: AdminSession = {
    id: tokenHash(token),
    adminUserId,
    email,
    csrfToken: newSecretToken(),
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  };
  await insertAdminSession(db, session);
  return { token, session };
}

export async function findAdminSession(db: Queryable, token: string): Promise<AdminSession | undefined> {
  if (!isSecretTokenShape(token)) return undefined;
  const row = await findLiveAdminSession(db, tokenHash(token));
  return (
    row && {
      id: row.id,
      adminUserId: row.admin_user_id,
      email: row.email,
      csrfToken: row.csrf_token,
      expiresAt: row.expires_at,
      flash: row.flash ?? undefined,
    }
  );
}

const adminFlashes = sessionFlashes('admin_sessions');
export const leaveSessionFlash = adminFlashes.leave;
export const takeSessionFlash = adminFlashes.take;

export async function endAdminSession(db: Queryable, session: AdminSession): Promise<void> {
  await deleteAdminSession(db, session.id);
}
