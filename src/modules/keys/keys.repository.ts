import { prepared, type Queryable, queryAll, queryFirst, queryOne } from '../../db/database.js';

export interface ApiKeyRow {
  id: string;
  account_id: string;
  name: string | null;
  display_prefix: string;
  planet_scope: string[];
  created_at: Date;
  expires_at: Date | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
  created_by_member_id: string | null;
}

const KEY_COLUMNS =
  'id, account_id, name, display_prefix, planet_scope, created_at, expires_at, revoked_at, last_used_at, created_by_member_id';

export async function insertApiKey(
  db: Queryable,
  key: {
    id: string;
    accountId: string;
    name: string | null;
    keyHash: Buffer;
    displayPrefix: string;
    planetScope: string[];
    expiresAt: Date | null;
    createdByMemberId: string | null;
  },
): Promise<ApiKeyRow> {
  return queryOne<ApiKeyRow>(
    db,
    `INSERT INTO api_keys (id, account_id, name, key_hash, display_prefix, planet_scope, expires_at, created_by_member_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${KEY_COLUMNS}`,
    [
      key.id,
      key.accountId,
      key.name,
      key.keyHash,
      key.displayPrefix,
      key.planetScope,
      key.expiresAt,
      key.createdByMemberId,
    ],
  );
}

const findApiKeyByHashStatement = prepared(
  'find_api_key_by_hash',
  `SELECT ${KEY_COLUMNS} FROM api_keys WHERE key_hash = $1`,
);

export async function findApiKeyByHash(db: Queryable, keyHash: Buffer): Promise<ApiKeyRow | undefined> {
  return queryFirst<ApiKeyRow>(db, findApiKeyByHashStatement, [keyHash]);
}

export async function findApiKeyById(db: Queryable, id: string): Promise<ApiKeyRow | undefined> {
  return queryFirst<ApiKeyRow>(db, `SELECT ${KEY_COLUMNS} FROM api_keys WHERE id = $1`, [id]);
}

export async function listApiKeys(
  db: Queryable,
  filter: { accountId?: string; createdByMemberId?: string } = {},
): Promise<ApiKeyRow[]> {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (filter.accountId) {
    params.push(filter.accountId);
    conditions.push(`account_id = $${params.length}`);
  }
  if (filter.createdByMemberId) {
    params.push(filter.createdByMemberId);
    conditions.push(`created_by_member_id = $${params.length}`);
  }
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  return queryAll<ApiKeyRow>(
    db,
    `SELECT ${KEY_COLUMNS} FROM api_keys ${where} ORDER BY created_at DESC, id`,
    params,
  );
}

/** The name of each key of these ids (null: made without one); of one account only when `accountId` is given. */
export async function listApiKeyNames(
  db: Queryable,
  ids: string[],
  accountId: string | null,
): Promise<{ id: string; name: string | null }[]> {
  return queryAll<{ id: string; name: string | null }>(
    db,
    'SELECT id, name FROM api_keys WHERE id = ANY($1::uuid[]) AND ($2::uuid IS NULL OR account_id = $2)',
    [ids, accountId],
  );
}

/** Marks a key revoked; returns the row, or undefined when no such key exists or it was revoked already. */
export async function revokeApiKey(db: Queryable, id: string): Promise<ApiKeyRow | undefined> {
  return queryFirst<ApiKeyRow>(
    db,
    `UPDATE api_keys SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING ${KEY_COLUMNS}`,
    [id],
  );
}

export async function touchApiKeysLastUsed(db: Queryable, usage: { id: string; at: Date }[]): Promise<void> {
  if (usage.length === 0) return;
  await db.query(
    `UPDATE api_keys k SET last_used_at = u.at
     FROM unnest($1::uuid[], $2::timestamptz[]) AS u(id, at)
     WHERE k.id = u.id AND (k.last_used_at IS NULL OR k.last_used_at < u.at)`,
    [usage.map((entry) => entry.id), usage.map((entry) => entry.at)],
  );
}
