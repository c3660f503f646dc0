import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import { insertAuditEntry } from './audit.repository.js';

/** Who acted on an account's members, invitations or keys: exactly one of these (docs/members.md). */
export type AuditActor = { memberId: string } | { apiKeyId: string } | { admin: true };

/** What the audit log records; `target` names what was acted on (ids, never secrets). */
export type AuditAction =
  | 'member.invited'
  | 'member.joined'
  | 'member.role_changed'
  | 'member.disabled'
  | 'member.enabled'
  | 'invitation.revoked'
  | 'api_key.created'
  | 'api_key.revoked'
  | 'password.changed'
  | 'passkey.added'
  | 'passkey.removed';

/** Records one entry in the caller's transaction: the change and its audit entry commit together. */
export async function recordAudit(
  tx: Queryable,
  entry: { accountId: string; actor: AuditActor; action: AuditAction; target: Record<string, unknown> },
): Promise<void> {
  await insertAuditEntry(tx, {
    id: randomUUID(),
    accountId: entry.accountId,
    memberId: 'memberId' in entry.actor ? entry.actor.memberId : null,
    apiKeyId: 'apiKeyId' in entry.actor ? entry.actor.apiKeyId : null,
    admin: 'admin' in entry.actor,
    action: entry.action,
    target: entry.target,
  });
}
