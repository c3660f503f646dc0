/** What the audit log records (docs/members.md): one list for the writer's type and the API's schema. */
export const auditActions = [
  'member.invited',
  'member.joined',
  'member.role_changed',
  'member.disabled',
  'member.enabled',
  'invitation.revoked',
  'api_key.created',
  'api_key.revoked',
  'password.changed',
  'password.reset',
  'recovery_link.created',
  'passkey.added',
  'passkey.removed',
  'profile.updated',
  'import.uploaded',
  'import.media_uploaded',
  'import.started',
  'import.cancelled',
  // The operator moved an object's holding on proof (docs/collectors.md).
  'holder.moved_on_proof',
  'handover.created',
  'handover.cancelled',
  'consignment.accepted',
  'consignment.declined',
] as const;

export type AuditAction = (typeof auditActions)[number];
