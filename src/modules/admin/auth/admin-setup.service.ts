import { createHash, randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../../../db/database.js';
import { AppError } from '../../../errors/error-catalogue.js';
import {
  findOpenSetupLink,
  findUsableSetupLink,
  findUsableSetupLinkForUpdate,
  insertSetupLink,
  lockSetupLinks,
  markSetupLinkUsed,
} from './admin-setup.repository.js';
import { countAdminUsers } from './admin-users.repository.js';
import { createAdminUser, type AdminUser } from './admin-users.service.js';

export const SETUP_LINK_TTL_MS = 24 * 60 * 60 * 1000;
export const SETUP_PATH = '/admin/setup/';

// Only the hash is stored: a leaked table does not let anyone become the first administrator.
function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type SetupLinkOutcome =
  /** A new link: its token exists only here, to be printed once. */
  | { state: 'minted'; token: string; expiresAt: Date }
  /** A link printed at an earlier start is still valid: no new one, and the old one is not shown again. */
  | { state: 'pending'; expiresAt: Date }
  /** An administrator exists (or AVS_ADMIN_EMAIL made one): no link. */
  | { state: 'not-needed' };

/**
 * At start, with no admin user: the one-time set-up link. A link still valid is never re-minted (so a restart
 * does not silently print a new one and invalidate nothing); after it expires unused, the next start mints a
 * fresh one and prints that once.
 */
export async function ensureSetupLink(db: Database, now = new Date()): Promise<SetupLinkOutcome> {
  return db.transaction(async (tx) => {
    await lockSetupLinks(tx);
    if ((await countAdminUsers(tx)) > 0) return { state: 'not-needed' };
    const open = await findOpenSetupLink(tx, now);
    if (open) return { state: 'pending', expiresAt: open.expires_at };
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + SETUP_LINK_TTL_MS);
    await insertSetupLink(tx, { tokenHash: tokenHash(token), createdAt: now, expiresAt });
    return { state: 'minted', token, expiresAt };
  });
}

function linkGone(): AppError {
  // The same 404 as any unknown page: a used, expired or made-up link reveals nothing.
  return new AppError('route_not_found', 'no_route', { method: 'GET', path: `${SETUP_PATH}…` });
}

/** Whether the set-up page may be shown: the link is unused, unexpired, and no administrator exists yet. */
export async function checkSetupLink(db: Queryable, token: string, now = new Date()): Promise<void> {
  if (!TOKEN_PATTERN.test(token)) throw linkGone();
  if (!(await findUsableSetupLink(db, tokenHash(token), now))) throw linkGone();
  if ((await countAdminUsers(db)) > 0) throw linkGone();
}

/** Creates the first administrator and spends the link, in one transaction (a second use finds it spent). */
export async function completeSetup(
  db: Database,
  token: string,
  input: { email: string; password: string },
  now = new Date(),
): Promise<AdminUser> {
  if (!TOKEN_PATTERN.test(token)) throw linkGone();
  return db.transaction(async (tx) => {
    await lockSetupLinks(tx);
    const link = await findUsableSetupLinkForUpdate(tx, tokenHash(token), now);
    if (!link || (await countAdminUsers(tx)) > 0) throw linkGone();
    const admin = await createAdminUser(tx, input);
    await markSetupLinkUsed(tx, link.token_hash, now);
    return admin;
  });
}
