import { timeOrderedId } from '../../lib/time-ordered-id.js';
import type { Queryable } from '../../db/database.js';
import { decodeBoundPosition, listDigest, toBoundPage } from '../../lib/page-cursor.js';
import type { AuditAction } from './audit-actions.js';
import { insertAuditEntry, listAuditEntries, type AuditRow } from './audit.repository.js';
import type { AuditEntryType, AuditListQueryType, AuditPageType } from './audit.schemas.js';

export type { AuditAction };

/** Who acted on an account's members, invitations or keys: exactly one of these (docs/members.md). */
export type AuditActor = { memberId: string } | { apiKeyId: string } | { admin: true };

/** Records one entry in the caller's transaction: the change and its audit entry commit together. */
export async function recordAudit(
  tx: Queryable,
  entry: { accountId: string; actor: AuditActor; action: AuditAction; target: Record<string, unknown> },
): Promise<void> {
  await insertAuditEntry(tx, {
    // Time-ordered: entries of one millisecond still list newest first (the page orders by created_at, id).
    id: timeOrderedId(),
    accountId: entry.accountId,
    memberId: 'memberId' in entry.actor ? entry.actor.memberId : null,
    apiKeyId: 'apiKeyId' in entry.actor ? entry.actor.apiKeyId : null,
    admin: 'admin' in entry.actor,
    action: entry.action,
    target: entry.target,
  });
}

function entryActor(row: AuditRow): AuditEntryType['actor'] {
  if (row.actor_member_id !== null) return { member_id: row.actor_member_id };
  if (row.actor_api_key_id !== null) return { api_key_id: row.actor_api_key_id };
  return { admin: true };
}

function toAuditEntry(row: AuditRow): AuditEntryType {
  return {
    id: row.id,
    at: row.created_at.toISOString(),
    actor: entryActor(row),
    action: row.action as AuditAction,
    target: row.target,
  };
}

/** The account's audit log, newest first, one keyset page; a cursor serves only the account it was made for. */
export async function listAudit(
  db: Queryable,
  accountId: string,
  query: AuditListQueryType,
): Promise<AuditPageType> {
  const digest = listDigest(['audit', accountId]);
  const limit = query.limit ?? 50;
  const after = decodeBoundPosition(query.cursor, digest);
  const rows = await listAuditEntries(db, accountId, { limit: limit + 1, after });
  return toBoundPage(rows, limit, digest, toAuditEntry);
}
