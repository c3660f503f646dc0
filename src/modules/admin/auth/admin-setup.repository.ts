import { firstRowQuery, type Queryable } from '../../../db/database.js';

export interface SetupLinkRow {
  token_hash: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

export async function insertSetupLink(
  db: Queryable,
  link: { tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.query('INSERT INTO admin_setup_links (token_hash, created_at, expires_at) VALUES ($1, $2, $3)', [
    link.tokenHash,
    link.createdAt,
    link.expiresAt,
  ]);
}

/** The unused link valid at `now` (at most one exists: the service mints only when none does). */
export const findOpenSetupLink = firstRowQuery<SetupLinkRow, [now: Date]>(
  `SELECT token_hash, created_at, expires_at, used_at FROM admin_setup_links
     WHERE used_at IS NULL AND expires_at > $1 ORDER BY created_at DESC LIMIT 1`,
);

const FIND_USABLE_SETUP_LINK_SQL = `SELECT token_hash, created_at, expires_at, used_at FROM admin_setup_links
     WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2`;

/** The link with this hash if unused and valid at `now`. */
export const findUsableSetupLink = firstRowQuery<SetupLinkRow, [tokenHash: string, now: Date]>(
  FIND_USABLE_SETUP_LINK_SQL,
);

/** As findUsableSetupLink, the link locked until the transaction ends (so it is used once). */
export const findUsableSetupLinkForUpdate = firstRowQuery<SetupLinkRow, [tokenHash: string, now: Date]>(
  `${FIND_USABLE_SETUP_LINK_SQL} FOR UPDATE`,
);

export async function markSetupLinkUsed(db: Queryable, tokenHash: string, now: Date): Promise<void> {
  await db.query('UPDATE admin_setup_links SET used_at = $2 WHERE token_hash = $1', [tokenHash, now]);
}

/** Serialises concurrent starts (several instances on one PostgreSQL) so only one mints a link. */
export async function lockSetupLinks(db: Queryable): Promise<void> {
  await db.query("SELECT pg_advisory_xact_lock(hashtext('avs_admin_setup_links'))");
}
