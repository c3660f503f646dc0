import { firstRowQuery, type Queryable, queryAll, queryFirst } from '../../db/database.js';

export interface PasskeyRow {
  id: string;
  person_id: string;
  credential_id: string;
  public_key: Uint8Array;
  sign_count: string | number;
  transports: string[];
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

export interface ChallengeRow {
  purpose: 'registration' | 'authentication';
  challenge: string;
  person_id: string | null;
  live: boolean;
}

const PASSKEY_COLUMNS =
  'id, person_id, credential_id, public_key, sign_count, transports, name, created_at, last_used_at';

export async function insertChallenge(
  db: Queryable,
  challenge: {
    id: string;
    purpose: ChallengeRow['purpose'];
    challenge: string;
    personId: string | null;
    clientBucket: string | null;
    expiresAt: Date;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO webauthn_challenges (id, purpose, challenge, person_id, client_bucket, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      challenge.id,
      challenge.purpose,
      challenge.challenge,
      challenge.personId,
      challenge.clientBucket,
      challenge.expiresAt,
    ],
  );
}

/** Deletes a client bucket's challenges beyond its newest `keep`. */
export async function deleteChallengesBeyond(
  db: Queryable,
  clientBucket: string,
  keep: number,
): Promise<void> {
  await db.query(
    `DELETE FROM webauthn_challenges WHERE id IN (
       SELECT id FROM webauthn_challenges WHERE client_bucket = $1 ORDER BY expires_at DESC, id OFFSET $2)`,
    [clientBucket, keep],
  );
}

/** Deletes the challenge and returns it, expired or not: whoever asks first uses it up. */
export async function takeChallenge(db: Queryable, id: string): Promise<ChallengeRow | undefined> {
  return queryFirst<ChallengeRow>(
    db,
    `DELETE FROM webauthn_challenges WHERE id = $1
     RETURNING purpose, challenge, person_id, expires_at > now() AS live`,
    [id],
  );
}

export async function deleteExpiredChallenges(db: Queryable): Promise<void> {
  await db.query('DELETE FROM webauthn_challenges WHERE expires_at <= now()');
}

/** The row, or nothing when that credential id is already registered (to anyone). */
export async function insertPasskey(
  db: Queryable,
  passkey: {
    id: string;
    personId: string;
    credentialId: string;
    publicKey: Uint8Array;
    signCount: number;
    transports: string[];
    name: string;
  },
): Promise<PasskeyRow | undefined> {
  return queryFirst<PasskeyRow>(
    db,
    `INSERT INTO member_passkeys (id, person_id, credential_id, public_key, sign_count, transports, name)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (credential_id) DO NOTHING
     RETURNING ${PASSKEY_COLUMNS}`,
    [
      passkey.id,
      passkey.personId,
      passkey.credentialId,
      passkey.publicKey,
      passkey.signCount,
      passkey.transports,
      passkey.name,
    ],
  );
}

export async function listPasskeysOfPerson(db: Queryable, personId: string): Promise<PasskeyRow[]> {
  return queryAll<PasskeyRow>(
    db,
    `SELECT ${PASSKEY_COLUMNS} FROM member_passkeys WHERE person_id = $1 ORDER BY created_at, id`,
    [personId],
  );
}

export async function findPasskeyByCredentialId(
  db: Queryable,
  credentialId: string,
): Promise<PasskeyRow | undefined> {
  return queryFirst<PasskeyRow>(
    db,
    `SELECT ${PASSKEY_COLUMNS} FROM member_passkeys WHERE credential_id = $1`,
    [credentialId],
  );
}

/**
 * Records a use. The count moves only forward from the one that was verified (zero: an authenticator that
 * keeps no count), so of two sign-ins racing with one answer, one fails.
 */
export async function recordPasskeyUse(
  db: Queryable,
  use: { id: string; verifiedCount: number; newCount: number },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE member_passkeys SET sign_count = $3, last_used_at = now()
     WHERE id = $1 AND (sign_count = $2 OR $3 = 0)`,
    [use.id, use.verifiedCount, use.newCount],
  );
  return rowCount === 1;
}

/** Locks the person's row for the rest of the transaction; nothing when there is no such person. */
export async function lockPersonSignInMethods(
  db: Queryable,
  personId: string,
): Promise<{ hasPassword: boolean; passkeys: number; inAccount: boolean } | undefined> {
  const { rows } = await db.query<{ has_password: boolean; passkeys: number; in_account: boolean }>(
    `SELECT password_hash IS NOT NULL AS has_password,
            (SELECT count(*)::int FROM member_passkeys WHERE person_id = people.id) AS passkeys,
            EXISTS (SELECT 1 FROM account_members m WHERE m.person_id = people.id) AS in_account
     FROM people WHERE id = $1 FOR UPDATE`,
    [personId],
  );
  const row = rows[0];
  return row && { hasPassword: row.has_password, passkeys: row.passkeys, inAccount: row.in_account };
}

export const deletePasskey = firstRowQuery<PasskeyRow, [personId: string, passkeyId: string]>(
  `DELETE FROM member_passkeys WHERE id = $2 AND person_id = $1 RETURNING ${PASSKEY_COLUMNS}`,
);
