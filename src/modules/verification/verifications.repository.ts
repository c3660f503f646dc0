import { prepared, type Queryable } from '../../db/database.js';

export interface NewVerification {
  id: string;
  planet: string;
  assetId: string;
  certificateNumber: string;
  verified: boolean;
  result: Record<string, unknown>;
  accountId: string;
  apiKeyId: string;
  createdAt: string;
  /** The verification.completed outbox row, addressed to the asset's owner. */
  outbox: { id: string; accountId: string; payload: Record<string, unknown> };
}

export interface VerificationRow {
  id: string;
  asset_id: string;
  result: Record<string, unknown>;
  account_id: string;
  account_name: string | null;
  /** The asset's owner now (ownership can move after the verification). */
  owner_account_id: string;
  created_at: Date;
  [column: string]: unknown;
}

const insertVerificationStatement = prepared(
  'insert_verification',
  `WITH recorded AS (
     INSERT INTO verifications (id, planet, asset_id, certificate_number, verified, result, account_id,
                                api_key_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9)
   )
   INSERT INTO webhook_outbox (id, account_id, event_type, payload, created_at)
   VALUES ($10, $11, 'verification.completed', $12::jsonb, $9)`,
);

/** One statement: the verification record and its outbox row commit together, in one round trip. */
export async function insertVerification(db: Queryable, verification: NewVerification): Promise<void> {
  await db.query(insertVerificationStatement, [
    verification.id,
    verification.planet,
    verification.assetId,
    verification.certificateNumber,
    verification.verified,
    JSON.stringify(verification.result),
    verification.accountId,
    verification.apiKeyId,
    verification.createdAt,
    verification.outbox.id,
    verification.outbox.accountId,
    JSON.stringify(verification.outbox.payload),
  ]);
}

const VERIFICATION_COLUMNS = `v.id, v.asset_id, v.result, v.account_id, a.name AS account_name,
  s.account_id AS owner_account_id, v.created_at`;
const VERIFICATION_FROM = `verifications v
  JOIN assets s ON s.planet = v.planet AND s.id = v.asset_id
  LEFT JOIN accounts a ON a.id = v.account_id`;

const findVerificationStatement = prepared(
  'find_verification',
  `SELECT ${VERIFICATION_COLUMNS} FROM ${VERIFICATION_FROM}
   WHERE v.id = $1`,
);

export async function findVerification(db: Queryable, id: string): Promise<VerificationRow | undefined> {
  const { rows } = await db.query<VerificationRow>(findVerificationStatement, [id]);
  return rows[0];
}

const listVerificationsStatement = prepared(
  'list_verifications',
  `SELECT ${VERIFICATION_COLUMNS} FROM ${VERIFICATION_FROM}
   WHERE v.asset_id = $1 AND ($2::timestamptz IS NULL OR (v.created_at, v.id) < ($2::timestamptz, $3::uuid))
   ORDER BY v.created_at DESC, v.id DESC LIMIT $4`,
);

/** Newest first; `before` is the (created_at, id) of the last row of the previous page. */
export async function listVerifications(
  db: Queryable,
  assetId: string,
  page: { before?: { createdAt: Date; id: string }; limit: number },
): Promise<VerificationRow[]> {
  const { rows } = await db.query<VerificationRow>(listVerificationsStatement, [
    assetId,
    page.before?.createdAt ?? null,
    page.before?.id ?? null,
    page.limit,
  ]);
  return rows;
}
