import type { Queryable } from '../../../db/database.js';
import type { Language } from '../../../i18n/locales.js';
import { sessionFlashes } from '../../web-pages/session-flash.service.js';
import {
  isSecretTokenShape,
  newSecretToken,
  tokenHash,
  type SessionFlash,
} from '../../web-pages/web-sessions.js';
import {
  deleteCollectorSession,
  deleteExpiredCollectorSessions,
  findLiveCollectorSession,
  insertCollectorSession,
  touchCollectorSession,
} from './collector-sessions.repository.js';

/** Idle and absolute expiry, as the console's sessions (docs/members.md). */
const IDLE_MS = 30 * 60 * 1000;
const ABSOLUTE_MS = 12 * 60 * 60 * 1000;

/** A signed-in collector on /collection: never a member's or an operator's session. */
export interface CollectorSession {
  id: string;
  collectorId: string;
  personId: string;
  email: string;
  publicName: string | null;
  language: Language | null;
  csrfToken: string;
  flash?: SessionFlash;
}

export async function startCollectorSession(
  db: Queryable,
  collectorId: string,
): Promise<{ token: string; expiresAt: Date }> {
  await deleteExpiredCollectorSessions(db, IDLE_MS);
  const token = newSecretToken();
  const expiresAt = await insertCollectorSession(db, {
    id: tokenHash(token),
    collectorId,
    csrfToken: newSecretToken(),
    absoluteMs: ABSOLUTE_MS,
  });
  return { token, expiresAt };
}

export async function findCollectorSession(
  db: Queryable,
  token: string,
): Promise<CollectorSession | undefined> {
  if (!isSecretTokenShape(token)) return undefined;
  const row = await findLiveCollectorSession(db, tokenHash(token), IDLE_MS);
  if (!row) return undefined;
  if (row.stale) await touchCollectorSession(db, row.id);
  return {
    id: row.id,
    collectorId: row.collector_id,
    personId: row.person_id,
    email: row.email,
    publicName: row.public_name,
    language: row.language,
    csrfToken: row.csrf_token,
    flash: row.flash ?? undefined,
  };
}

export async function endCollectorSession(db: Queryable, session: CollectorSession): Promise<void> {
  await deleteCollectorSession(db, session.id);
}

const collectorFlashes = sessionFlashes('collector_sessions');
export const leaveCollectorFlash = collectorFlashes.leave;
export const takeCollectorFlash = collectorFlashes.take;
