import { firstRowQuery, type Queryable } from '../../../db/database.js';
import type { Language } from '../../../i18n/locales.js';

export interface CollectorSessionRow {
  id: string;
  collector_id: string;
  person_id: string;
  email: string;
  /** The person's own language (shared with the console when they are also a member); null: the browser's. */
  language: Language | null;
  public_name: string | null;
  csrf_token: string;
  expires_at: Date;
  stale: boolean;
  flash: { kind: 'notice' | 'error'; message: string } | null;
}

export async function insertCollectorSession(
  db: Queryable,
  session: { id: string; collectorId: string; csrfToken: string; absoluteMs: number },
): Promise<Date> {
  const { rows } = await db.query<{ expires_at: Date }>(
    `INSERT INTO collector_sessions (id, collector_id, csrf_token, expires_at)
     VALUES ($1, $2, $3, now() + $4 * interval '1 millisecond') RETURNING expires_at`,
    [session.id, session.collectorId, session.csrfToken, session.absoluteMs],
  );
  return rows[0]!.expires_at;
}

/** The session while it is live and its collector still has a proven person (leaving ends every session). */
export const findLiveCollectorSession = firstRowQuery<CollectorSessionRow, [id: string, idleMs: number]>(
  `SELECT s.id, s.collector_id, p.id AS person_id, p.email, p.language, c.public_name, s.csrf_token,
       s.expires_at, s.flash, s.last_seen_at < now() - interval '1 minute' AS stale
     FROM collector_sessions s
     JOIN collectors c ON c.id = s.collector_id AND c.erased_at IS NULL
     JOIN people p ON p.id = c.person_id AND p.address_proven_at IS NOT NULL
     WHERE s.id = $1 AND s.expires_at > now() AND s.last_seen_at > now() - $2 * interval '1 millisecond'`,
);

export async function touchCollectorSession(db: Queryable, id: string): Promise<void> {
  await db.query(
    `UPDATE collector_sessions SET last_seen_at = now() WHERE id = $1 AND last_seen_at < now() - interval '1 minute'`,
    [id],
  );
}

export async function deleteCollectorSession(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM collector_sessions WHERE id = $1', [id]);
}

export async function deleteSessionsOfCollector(db: Queryable, collectorId: string): Promise<void> {
  await db.query('DELETE FROM collector_sessions WHERE collector_id = $1', [collectorId]);
}

export async function deleteExpiredCollectorSessions(db: Queryable, idleMs: number): Promise<void> {
  await db.query(
    `DELETE FROM collector_sessions
     WHERE expires_at <= now() OR last_seen_at <= now() - $1 * interval '1 millisecond'`,
    [idleMs],
  );
}
