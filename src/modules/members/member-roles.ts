import type { MemberRole } from './members.repository.js';

export type { MemberRole, MemberStatus } from './members.repository.js';

/** The roles, least first: each can do what the ones before it can (docs/members.md). */
const memberRoles: readonly MemberRole[] = ['viewer', 'editor', 'owner'];

export function isMemberRole(value: unknown): value is MemberRole {
  return typeof value === 'string' && (memberRoles as readonly string[]).includes(value);
}

/** Whether a member of this role may do what the needed role may. */
export function roleReaches(role: MemberRole, needed: MemberRole): boolean {
  return memberRoles.indexOf(role) >= memberRoles.indexOf(needed);
}
