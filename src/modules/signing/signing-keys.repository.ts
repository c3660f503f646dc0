import { firstRowQuery, type Queryable, queryAll, queryFirst } from '../../db/database.js';
import type { PrivateKeyEncryption } from './key-encryption.js';

export type SigningKeyPurpose = 'credentials' | 'log';
type SigningKeyStatus = 'active' | 'published' | 'retired';

export interface SigningKeyRow {
  id: string;
  purpose: SigningKeyPurpose;
  algorithm: string;
  public_key: Buffer;
  status: SigningKeyStatus;
  created_at: Date;
  superseded_at: Date | null;
  retired_at: Date | null;
}

export interface SigningKeyPrivateRow {
  id: string;
  private_key: Buffer;
  private_key_encryption: PrivateKeyEncryption;
}

const PUBLIC_COLUMNS = 'id, purpose, algorithm, public_key, status, created_at, superseded_at, retired_at';

export interface NewSigningKey {
  id: string;
  purpose: SigningKeyPurpose;
  publicKey: Buffer;
  privateKey: Buffer;
  encryption: PrivateKeyEncryption;
}

/** Inserts an active key unless the purpose has one already (instances racing at first start meet here). */
export async function insertActiveKeyIfMissing(tx: Queryable, key: NewSigningKey): Promise<boolean> {
  const { rowCount } = await tx.query(
    `INSERT INTO signing_keys (id, purpose, public_key, private_key, private_key_encryption, status)
     VALUES ($1, $2, $3, $4, $5, 'active')
     ON CONFLICT (purpose) WHERE status = 'active' DO NOTHING`,
    [key.id, key.purpose, key.publicKey, key.privateKey, key.encryption],
  );
  return rowCount > 0;
}

export async function findActiveKeyId(
  db: Queryable,
  purpose: SigningKeyPurpose,
): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM signing_keys WHERE purpose = $1 AND status = 'active'`,
    [purpose],
  );
  return rows[0]?.id;
}

export async function findPrivateKey(db: Queryable, id: string): Promise<SigningKeyPrivateRow | undefined> {
  return queryFirst<SigningKeyPrivateRow>(
    db,
    'SELECT id, private_key, private_key_encryption FROM signing_keys WHERE id = $1',
    [id],
  );
}

/** Keys whose signatures still verify: the active one and those rotated out but not retired. */
export async function listPublishedKeys(db: Queryable, purpose: SigningKeyPurpose): Promise<SigningKeyRow[]> {
  return queryAll<SigningKeyRow>(
    db,
    `SELECT ${PUBLIC_COLUMNS} FROM signing_keys
     WHERE purpose = $1 AND status IN ('active', 'published') ORDER BY created_at, id`,
    [purpose],
  );
}

export async function listKeys(db: Queryable): Promise<SigningKeyRow[]> {
  return queryAll<SigningKeyRow>(
    db,
    `SELECT ${PUBLIC_COLUMNS} FROM signing_keys ORDER BY purpose, created_at, id`,
  );
}

export async function findKey(db: Queryable, id: string): Promise<SigningKeyRow | undefined> {
  return queryFirst<SigningKeyRow>(db, `SELECT ${PUBLIC_COLUMNS} FROM signing_keys WHERE id = $1`, [id]);
}

/** Serialises rotations and retirements of one purpose across instances until the transaction ends. */
export async function lockPurpose(tx: Queryable, purpose: SigningKeyPurpose): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(4242120, hashtext($1))`, [purpose]);
}

export async function supersedeActiveKey(tx: Queryable, purpose: SigningKeyPurpose): Promise<void> {
  await tx.query(
    `UPDATE signing_keys SET status = 'published', superseded_at = now()
     WHERE purpose = $1 AND status = 'active'`,
    [purpose],
  );
}

export const markRetired = firstRowQuery<SigningKeyRow, [id: string]>(
  `UPDATE signing_keys SET status = 'retired', retired_at = coalesce(retired_at, now())
     WHERE id = $1 RETURNING ${PUBLIC_COLUMNS}`,
);
