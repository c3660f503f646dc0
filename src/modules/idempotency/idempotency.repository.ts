import { firstRowQuery, type Queryable } from '../../db/database.js';

export type IdempotencyRecordRow = {
  fingerprint: string;
  state: 'in_progress' | 'completed';
  response_status: number | null;
  response_body: string | null;
};

/**
 * Takes the transaction-scoped advisory lock of one account's key without waiting: false means
 * another transaction (on any instance) is running a request with this key right now.
 */
export async function tryLockIdempotencyKey(tx: Queryable, accountId: string, key: string): Promise<boolean> {
  const { rows } = await tx.query<{ locked: boolean }>(
    'SELECT pg_try_advisory_xact_lock(hashtextextended($1, 0)) AS locked',
    [`idempotency:${accountId}:${key}`],
  );
  return rows[0]?.locked === true;
}

/** The live (unexpired) record of an account's key, if any. */
export const findIdempotencyRecord = firstRowQuery<IdempotencyRecordRow, [accountId: string, key: string]>(
  `SELECT fingerprint, state, response_status, response_body FROM idempotency_keys
     WHERE account_id = $1 AND idempotency_key = $2 AND expires_at > now()`,
);

/** Inserts the in-progress record, taking over an expired one; false when a live record exists. */
export async function insertIdempotencyRecord(
  tx: Queryable,
  record: { accountId: string; key: string; fingerprint: string; ttlMs: number },
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `INSERT INTO idempotency_keys (account_id, idempotency_key, fingerprint, expires_at)
     VALUES ($1, $2, $3, now() + $4 * interval '1 millisecond')
     ON CONFLICT (account_id, idempotency_key) DO UPDATE
       SET fingerprint = EXCLUDED.fingerprint, state = 'in_progress', response_status = NULL,
           response_body = NULL, created_at = now(), expires_at = EXCLUDED.expires_at
       WHERE idempotency_keys.expires_at <= now()`,
    [record.accountId, record.key, record.fingerprint, record.ttlMs],
  );
  return rowCount === 1;
}

export async function completeIdempotencyRecord(
  tx: Queryable,
  record: { accountId: string; key: string; status: number; body: string },
): Promise<void> {
  await tx.query(
    `UPDATE idempotency_keys SET state = 'completed', response_status = $3, response_body = $4
     WHERE account_id = $1 AND idempotency_key = $2`,
    [record.accountId, record.key, record.status, record.body],
  );
}

/** Deletes up to `limit` expired records; returns how many. */
export async function deleteExpiredIdempotencyRecords(db: Queryable, limit: number): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM idempotency_keys WHERE (account_id, idempotency_key) IN (
       SELECT account_id, idempotency_key FROM idempotency_keys WHERE expires_at <= now() LIMIT $1)`,
    [limit],
  );
  return rowCount;
}
