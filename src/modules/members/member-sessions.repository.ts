import { firstRowQuery, prepared, type Queryable } from '../../db/database.js';
import type { Language } from '../../i18n/locales.js';
import type { MemberRole } from './members.repository.js';

export interface MemberSessionRow {
  id: string;
  person_id: string;
  account_id: string;
  account_name: string;
  member_id: string;
  email: string;
  display_name: string;
  language: Language | null;
  role: MemberRole;
  csrf_token: string;
  expires_at: Date;
  last_seen_at: Date;
  /** Whether last_seen_at is over a minute old (the database's clock decides). */
  stale: boolean;
  flash: { kind: 'notice' | 'error'; message: string } | null;
}

export async function insertMemberSession(
  db: Queryable,
  session: { id: string; personId: string; accountId: string; csrfToken: string; absoluteMs: number },
): Promise<Date> {
  const { rows } = await db.query<{ expires_at: Date }>(
    `INSERT INTO member_sessions (id, person_id, account_id, csrf_token, expires_at)
     VALUES ($1, $2, $3, $4, now() + $5 * interval '1 millisecond') RETURNING expires_at`,
    [session.id, session.personId, session.accountId, session.csrfToken, session.absoluteMs],
  );
  return rows[0]!.expires_at;
}

/**
 * The session while it is live (before its absolute expiry, seen within the idle time) and its person is an
 * active member of its account: a disabled membership ends its sessions there and then. Prepared: every console
 * request reads it, and its join of four tables cost PGlite ten times its execution to plan.
 */
export const findLiveMemberSession = firstRowQuery<MemberSessionRow, [id: string, idleMs: number]>(
  prepared(
    'find_live_member_session',
    `SELECT s.id, s.person_id, s.account_id, a.name AS account_name, m.id AS member_id, p.email,
       m.display_name, p.language, m.role, s.csrf_token, s.expires_at, s.last_seen_at, s.flash,
       s.last_seen_at < now() - interval '1 minute' AS stale
     FROM member_sessions s
     JOIN people p ON p.id = s.person_id
     JOIN account_members m ON m.account_id = s.account_id AND m.person_id = s.person_id AND m.status = 'active'
     JOIN accounts a ON a.id = s.account_id
     WHERE s.id = $1 AND s.expires_at > now() AND s.last_seen_at > now() - $2 * interval '1 millisecond'`,
  ),
);

/**
 * Only a session still stale is written: of the requests that all found it stale at once (a page's parallel
 * fetches, or a burst), the first writes and the rest, re-reading the row it committed, write nothing.
 */
export async function touchMemberSession(db: Queryable, id: string): Promise<void> {
  await db.query(
    `UPDATE member_sessions SET last_seen_at = now() WHERE id = $1 AND last_seen_at < now() - interval '1 minute'`,
    [id],
  );
}

export async function updateMemberSessionAccount(
  db: Queryable,
  id: string,
  accountId: string,
): Promise<void> {
  await db.query('UPDATE member_sessions SET account_id = $2, flash = NULL WHERE id = $1', [id, accountId]);
}

export async function deleteMemberSession(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM member_sessions WHERE id = $1', [id]);
}

/** Every session of the person but the one kept (none kept: sign out everywhere). */
export async function deleteSessionsOfPerson(
  db: Queryable,
  personId: string,
  keepId?: string,
): Promise<void> {
  await db.query("DELETE FROM member_sessions WHERE person_id = $1 AND id <> coalesce($2, '')", [
    personId,
    keepId ?? null,
  ]);
}

export async function deleteExpiredMemberSessions(db: Queryable, idleMs: number): Promise<void> {
  await db.query(
    `DELETE FROM member_sessions
     WHERE expires_at <= now() OR last_seen_at <= now() - $1 * interval '1 millisecond'`,
    [idleMs],
  );
}
