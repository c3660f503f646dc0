import { firstRowQuery, queryOne, type Queryable } from '../../db/database.js';

/** Whose sign-ins a link serves: the console's people or the operator's administrators. */
export type ResetRealm = 'console' | 'admin';
/** `reset`: asked for on a sign-in page and mailed; `recovery`: made by the operator for one person. */
export type ResetPurpose = 'reset' | 'recovery';

export interface PasswordResetRow {
  id: string;
  realm: ResetRealm;
  purpose: ResetPurpose;
  email: string;
  person_id: string | null;
  admin_user_id: string | null;
  mailed: boolean;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  /** The database's clock at the read, so that "expired" is decided by one clock. */
  now: Date;
}

export async function insertPasswordReset(
  db: Queryable,
  reset: {
    id: string;
    realm: ResetRealm;
    purpose: ResetPurpose;
    email: string;
    personId: string | null;
    adminUserId: string | null;
    clientBucket: string | null;
    mailed: boolean;
    ttlMs: number;
  },
): Promise<Date> {
  const { expires_at } = await queryOne<{ expires_at: Date }>(
    db,
    `INSERT INTO password_resets
       (id, realm, purpose, email, person_id, admin_user_id, client_bucket, mailed, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() + $9 * interval '1 millisecond') RETURNING expires_at`,
    [
      reset.id,
      reset.realm,
      reset.purpose,
      reset.email,
      reset.personId,
      reset.adminUserId,
      reset.clientBucket,
      reset.mailed,
      reset.ttlMs,
    ],
  );
  return expires_at;
}

/** How many links this client bucket and this address asked for in the realm within the window. */
export async function countRecentResetRequests(
  db: Queryable,
  input: { realm: ResetRealm; clientBucket: string; email: string; windowMs: number },
): Promise<{ byClient: number; byEmail: number }> {
  const row = await queryOne<{ by_client: number; by_email: number }>(
    db,
    `SELECT count(*) FILTER (WHERE client_bucket = $2)::int AS by_client,
            count(*) FILTER (WHERE email = $3)::int AS by_email
     FROM password_resets
     WHERE realm = $1 AND purpose = 'reset' AND (client_bucket = $2 OR email = $3)
       AND created_at > now() - $4 * interval '1 millisecond'`,
    [input.realm, input.clientBucket, input.email, input.windowMs],
  );
  return { byClient: row.by_client, byEmail: row.by_email };
}

const RESET_SQL = `SELECT id, realm, purpose, email, person_id, admin_user_id, mailed, created_at, expires_at, used_at,
    now() AS now
  FROM password_resets WHERE id = $1`;

export const findPasswordReset = firstRowQuery<PasswordResetRow, [id: string]>(RESET_SQL);

/** The link, its row locked until the transaction ends: of two uses, the second finds it used. */
export const findPasswordResetForUpdate = firstRowQuery<PasswordResetRow, [id: string]>(
  `${RESET_SQL} FOR UPDATE`,
);

/** The link used, and with it every other open link to the same address in the realm: one new password ends them all. */
export async function markPasswordResetsUsed(
  db: Queryable,
  used: { id: string; realm: ResetRealm; email: string },
): Promise<void> {
  await db.query(
    `UPDATE password_resets SET used_at = now()
     WHERE (id = $1 OR (realm = $2 AND email = $3)) AND used_at IS NULL`,
    [used.id, used.realm, used.email],
  );
}

/** Rows a day past their expiry: nothing needs them, neither the throttle nor a page saying "expired". */
export async function deleteStalePasswordResets(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM password_resets WHERE expires_at < now() - interval '1 day'`);
}
