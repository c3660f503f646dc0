import { newestFirstPageSql, pageValues, type Position } from '../../lib/page-cursor.js';
import { type Queryable, queryAll } from '../../db/database.js';

export interface AuditRow {
  id: string;
  account_id: string;
  created_at: Date;
  actor_member_id: string | null;
  actor_api_key_id: string | null;
  actor_admin: boolean;
  action: string;
  target: Record<string, unknown>;
}

const AUDIT_COLUMNS =
  'id, account_id, created_at, actor_member_id, actor_api_key_id, actor_admin, action, target';

export async function insertAuditEntry(
  tx: Queryable,
  entry: {
    id: string;
    accountId: string;
    memberId: string | null;
    apiKeyId: string | null;
    admin: boolean;
    action: string;
    target: Record<string, unknown>;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO account_audit_log (id, account_id, actor_member_id, actor_api_key_id, actor_admin, action, target)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      entry.id,
      entry.accountId,
      entry.memberId,
      entry.apiKeyId,
      entry.admin,
      entry.action,
      JSON.stringify(entry.target),
    ],
  );
}

/** The account's entries, newest first, one keyset page. */
export async function listAuditEntries(
  db: Queryable,
  accountId: string,
  options: { limit: number; after?: Position },
): Promise<AuditRow[]> {
  return queryAll<AuditRow>(
    db,
    `SELECT ${AUDIT_COLUMNS} FROM account_audit_log
     WHERE account_id = $1 AND ${newestFirstPageSql(2)}`,
    [accountId, ...pageValues(options.after, options.limit)],
  );
}
