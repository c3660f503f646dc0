import type { Database, Queryable } from '../../db/database.js';
import { AppError } from '../../errors/error-catalogue.js';
import { pick } from '../../lib/records.js';
import { isUuid } from '../../lib/uuid.js';
import { getAccount } from '../accounts/accounts.service.js';
import { recordAudit } from '../audit/audit.service.js';
import { revokePendingInvitationsOfMember } from './invitations.repository.js';
import { isMemberRole, type MemberRole, type MemberStatus } from './member-roles.js';
import {
  findMember,
  findMemberForUpdate,
  listActiveMembershipsOfPerson,
  listMemberNames,
  listMembersOfAccount,
  lockActiveOwners,
  updateMember,
  type MemberRow,
} from './members.repository.js';

/** Who changes an account's members: one of its owners, or the operator (admin pages, admin API, CLI). */
export type MemberActor = { memberId: string } | { admin: true };

export interface Member {
  id: string;
  account_id: string;
  email: string;
  display_name: string;
  role: MemberRole;
  status: MemberStatus;
  created_at: string;
  last_sign_in_at: string | null;
}

/** A person's active membership of an account, as the account switcher offers it. */
export interface Membership {
  member_id: string;
  account_id: string;
  account_name: string;
  role: MemberRole;
}

function toMember(row: MemberRow): Member {
  return {
    ...pick(row, 'id', 'account_id', 'email', 'display_name', 'role', 'status'),
    created_at: row.created_at.toISOString(),
    last_sign_in_at: row.last_sign_in_at?.toISOString() ?? null,
  };
}

/**
 * Members, invitations and keys are the owners' alone: a member actor must be an active owner of this account
 * (the operator may act on any account that exists).
 */
export async function requireOwner(db: Queryable, accountId: string, actor: MemberActor): Promise<void> {
  if (!isUuid(accountId))
    throw new AppError('account_not_found', 'no_account', { id: accountId.slice(0, 100) });
  if ('admin' in actor) {
    if (!(await getAccount(db, accountId)))
      throw new AppError('account_not_found', 'no_account', { id: accountId });
    return;
  }
  const member = await findMember(db, accountId, actor.memberId);
  if (!member || member.status !== 'active' || member.role !== 'owner') {
    throw new AppError('forbidden_role', 'needs', { role: 'owner' });
  }
}

export async function listMembers(db: Queryable, accountId: string, actor: MemberActor): Promise<Member[]> {
  await requireOwner(db, accountId, actor);
  return (await listMembersOfAccount(db, accountId)).map(toMember);
}

/**
 * How pages name the members of these ids: the display name, else the e-mail. Only of `accountId` when given, so an
 * account's pages never name another account's people.
 */
export async function memberNamesByIds(
  db: Queryable,
  ids: readonly string[],
  accountId: string | null,
): Promise<Map<string, string>> {
  const wanted = ids.filter(isUuid);
  if (wanted.length === 0) return new Map();
  const rows = await listMemberNames(db, wanted, accountId);
  return new Map(rows.map((row) => [row.id, row.display_name.trim() || row.email]));
}

export async function listMembershipsOfPerson(db: Queryable, personId: string): Promise<Membership[]> {
  return (await listActiveMembershipsOfPerson(db, personId)).map((row) => ({
    member_id: row.id,
    account_id: row.account_id,
    account_name: row.account_name,
    role: row.role,
  }));
}

async function lockMember(tx: Queryable, accountId: string, memberId: string): Promise<MemberRow> {
  const member = isUuid(memberId) ? await findMemberForUpdate(tx, accountId, memberId) : undefined;
  if (!member) throw new AppError('member_not_found');
  return member;
}

/** An active owner about to stop being one: refused when the account would be left without one. */
async function keepAnOwner(tx: Queryable, member: MemberRow): Promise<void> {
  if (member.role !== 'owner' || member.status !== 'active') return;
  const owners = await lockActiveOwners(tx, member.account_id);
  if (owners.filter((id) => id !== member.id).length === 0) throw new AppError('last_owner');
}

/** Which member an owner (or the operator) changes. */
interface MemberChange {
  accountId: string;
  memberId: string;
  actor: MemberActor;
}

/**
 * One change of a member, in one transaction: the actor must be an owner, and the member's row stays locked
 * until the change and its audit entry commit.
 */
async function changeMember(
  db: Database,
  input: MemberChange,
  change: (tx: Queryable, member: MemberRow) => Promise<Member>,
): Promise<Member> {
  return db.transaction(async (tx) => {
    await requireOwner(tx, input.accountId, input.actor);
    return change(tx, await lockMember(tx, input.accountId, input.memberId));
  });
}

async function auditMemberChange(
  tx: Queryable,
  input: MemberChange,
  action: 'member.role_changed' | 'member.disabled' | 'member.enabled',
  target: { member_id: string } & Record<string, unknown>,
): Promise<void> {
  await recordAudit(tx, { accountId: input.accountId, actor: input.actor, action, target });
}

export async function changeRole(db: Database, input: MemberChange & { role: string }): Promise<Member> {
  const { role } = input;
  if (!isMemberRole(role)) throw new AppError('validation_failed', 'not_a_role', { role });
  return changeMember(db, input, async (tx, member) => {
    if (member.role === role) return toMember(member);
    if (role !== 'owner') await keepAnOwner(tx, member);
    await updateMember(tx, member.id, { role });
    await auditMemberChange(tx, input, 'member.role_changed', {
      member_id: member.id,
      from: member.role,
      to: role,
    });
    return toMember({ ...member, role });
  });
}

/** A disabled member signs in to the account no more (its sessions there end); its keys stay as they are. */
export async function disableMember(db: Database, input: MemberChange): Promise<Member> {
  return changeMember(db, input, async (tx, member) => {
    if (member.status === 'disabled') return toMember(member);
    await keepAnOwner(tx, member);
    await updateMember(tx, member.id, { status: 'disabled' });
    await revokePendingInvitationsOfMember(tx, member.id);
    await auditMemberChange(tx, input, 'member.disabled', { member_id: member.id });
    return toMember({ ...member, status: 'disabled' });
  });
}

export async function enableMember(db: Database, input: MemberChange): Promise<Member> {
  return changeMember(db, input, async (tx, member) => {
    if (member.status !== 'disabled') return toMember(member);
    await updateMember(tx, member.id, { status: 'active' });
    await auditMemberChange(tx, input, 'member.enabled', { member_id: member.id });
    return toMember({ ...member, status: 'active' });
  });
}
