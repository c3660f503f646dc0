import { firstRowQuery, queryFirst, type Queryable } from '../../db/database.js';

/** An account with its public profile (migration 390): every profile column null when the owner never saved one. */
export interface AccountProfileRow {
  account_id: string;
  account_name: string;
  display_name: string | null;
  city: string | null;
  country: string | null;
  website: string | null;
  contact_email: string | null;
  logo_sha256: string | null;
  logo_content_type: string | null;
  logo_width: number | null;
  logo_height: number | null;
  show_inventory_number: boolean | null;
  findable_by_photo: boolean | null;
}

export const findAccountProfile = firstRowQuery<AccountProfileRow, [accountId: string]>(
  `SELECT a.id AS account_id, a.name AS account_name, p.display_name, p.city, p.country, p.website,
          p.contact_email, p.logo_sha256, b.content_type AS logo_content_type, b.width AS logo_width,
          b.height AS logo_height, p.show_inventory_number, p.findable_by_photo
     FROM accounts a
     LEFT JOIN account_profiles p ON p.account_id = a.id
     LEFT JOIN media_blobs b ON b.sha256 = p.logo_sha256
    WHERE a.id = $1`,
);

/** The logo the account's profile names now, its row locked until the caller's transaction ends. */
export async function lockProfileLogo(tx: Queryable, accountId: string): Promise<string | null> {
  const row = await queryFirst<{ logo_sha256: string | null }>(
    tx,
    'SELECT logo_sha256 FROM account_profiles WHERE account_id = $1 FOR UPDATE',
    [accountId],
  );
  return row?.logo_sha256 ?? null;
}

export async function upsertAccountProfile(
  tx: Queryable,
  profile: {
    accountId: string;
    displayName: string | null;
    city: string;
    country: string;
    website: string;
    contactEmail: string;
    logoSha256: string | null;
    showInventoryNumber: boolean;
    findableByPhoto: boolean;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO account_profiles (account_id, display_name, city, country, website, contact_email, logo_sha256,
                                   show_inventory_number, findable_by_photo)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (account_id) DO UPDATE SET
       display_name = EXCLUDED.display_name, city = EXCLUDED.city, country = EXCLUDED.country,
       website = EXCLUDED.website, contact_email = EXCLUDED.contact_email, logo_sha256 = EXCLUDED.logo_sha256,
       show_inventory_number = EXCLUDED.show_inventory_number, findable_by_photo = EXCLUDED.findable_by_photo,
       updated_at = now()`,
    [
      profile.accountId,
      profile.displayName,
      profile.city,
      profile.country,
      profile.website,
      profile.contactEmail,
      profile.logoSha256,
      profile.showInventoryNumber,
      profile.findableByPhoto,
    ],
  );
}

/** Whether some account shows this blob as its logo (only those are served without a key). */
export async function isProfileLogo(db: Queryable, sha256: string): Promise<boolean> {
  const row = await queryFirst<{ found: boolean }>(
    db,
    'SELECT true AS found FROM account_profiles WHERE logo_sha256 = $1 LIMIT 1',
    [sha256],
  );
  return row !== undefined;
}

/** A partner as a search by its public name finds it: the name certificates show, its city and country. */
export interface PublicAccountMatch {
  account_id: string;
  display_name: string;
  city: string | null;
  country: string | null;
}

// An account's public name: the profile's chosen name, else the account's own.
const PUBLIC_NAME = "coalesce(nullif(p.display_name, ''), a.name)";

/**
 * The accounts whose public name is `name` (case and surrounding spaces aside), or contains `words`
 * (case-insensitive), the shortest names first: a few, to name an account or to choose one to consign to.
 */
export async function searchAccountsByPublicName(
  db: Queryable,
  match: { name: string } | { words: string },
  limit: number,
): Promise<PublicAccountMatch[]> {
  const [condition, value] =
    'name' in match
      ? [`lower(btrim(${PUBLIC_NAME})) = lower(btrim($1))`, match.name]
      : [`${PUBLIC_NAME} ILIKE $1`, `%${match.words.replace(/[\\%_]/g, (character) => `\\${character}`)}%`];
  const { rows } = await db.query<PublicAccountMatch>(
    `SELECT a.id AS account_id, ${PUBLIC_NAME} AS display_name, p.city, p.country
       FROM accounts a
       LEFT JOIN account_profiles p ON p.account_id = a.id
      WHERE ${condition}
      ORDER BY length(${PUBLIC_NAME}), a.id
      LIMIT $2`,
    [value, limit],
  );
  return rows;
}
