import type { Queryable } from '../../db/database.js';
import { updateSessionFlash, type SessionTable } from './session-flash.repository.js';
import type { SessionFlash } from './web-sessions.js';

/** A session as read, with the notice it held then. */
interface FlashHolder {
  id: string;
  flash?: SessionFlash;
}

/**
 * The notices of one app's sessions. They live in the session, never in a URL: a link cannot make a page say
 * that something happened ("?revoked=…"), and a notice is shown once.
 */
export function sessionFlashes(table: SessionTable) {
  return {
    /** Leaves a notice for the next page the session's person sees. */
    leave: async (db: Queryable, session: FlashHolder, flash: SessionFlash): Promise<void> => {
      await updateSessionFlash(db, table, session.id, flash);
    },
    /** The session's notice, cleared so that it shows once. */
    take: async (db: Queryable, session: FlashHolder): Promise<SessionFlash | undefined> => {
      if (!session.flash) return undefined;
      await updateSessionFlash(db, table, session.id, null);
      const { flash } = session;
      session.flash = undefined;
      return flash;
    },
  };
}
