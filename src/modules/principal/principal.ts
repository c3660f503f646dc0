/** A member's role in an account (docs/members.md). */
export type MemberRole = 'owner' | 'editor' | 'viewer';

interface AccountActor {
  accountId: string;
  /** Planets the principal may act on; empty means every planet (a member's is always empty). */
  planetScope: readonly string[];
}

/** The bearer of an API key (`/api/v1`). */
export interface KeyPrincipal extends AccountActor {
  apiKeyId: string;
}

/** A signed-in member of the account (the console), acting through the same services as a key. */
export interface MemberPrincipal extends AccountActor {
  memberId: string;
  role: MemberRole;
}

/** Who acts for an account: exactly one of a key or a member, told apart with `'apiKeyId' in principal`. */
export type Principal = KeyPrincipal | MemberPrincipal;

/** The actor part of a history event's payload (SPEC.md section 6 for keys; docs/members.md for members). */
export type HistoryActor = { source: 'api'; api_key_id: string } | { source: 'console'; member_id: string };

/** The one rule of who a history event names: every service that writes an event by a principal asks it. */
export function historyActor(principal: Principal): HistoryActor {
  return 'apiKeyId' in principal
    ? { source: 'api', api_key_id: principal.apiKeyId }
    : { source: 'console', member_id: principal.memberId };
}

/** Who changes an asset as its owner: the owning account (by key or member), or an administrator (session or token). */
export type OwnerOrAdmin = { principal: Principal } | { adminUserId: string | null };

/** The actor part of a history event's payload for an owner's or an administrator's change. */
export function ownerOrAdminSource(actor: OwnerOrAdmin): Record<string, unknown> {
  return 'principal' in actor
    ? historyActor(actor.principal)
    : { source: 'admin', admin_user_id: actor.adminUserId ?? 'token' };
}

/** The event's `actor_account_id`: the owner's account, or the administrator's id (null for the token). */
export function ownerOrAdminActorId(actor: OwnerOrAdmin): string | null {
  return 'principal' in actor ? actor.principal.accountId : actor.adminUserId;
}

/** The key a principal acted with, for the columns that record it (verifications, look-ups); null for a member. */
export function apiKeyIdOf(principal: Principal): string | null {
  return 'apiKeyId' in principal ? principal.apiKeyId : null;
}
