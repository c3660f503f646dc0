import type { Queryable } from '../../db/database.js';
import type { SessionFlash } from './web-sessions.js';

/** The session table of each session-authenticated app (/admin, /console, /collection). */
export type SessionTable = 'admin_sessions' | 'member_sessions' | 'collector_sessions';

/** Leaves a notice in the session, or clears it (null). */
export async function updateSessionFlash(
  db: Queryable,
  table: SessionTable,
  id: string,
  flash: SessionFlash | null,
): Promise<void> {
  await db.query(`UPDATE ${table} SET flash = $2 WHERE id = $1`, [id, flash && JSON.stringify(flash)]);
}
