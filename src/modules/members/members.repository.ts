import { allRowsQuery, firstRowQuery, queryAll, type Queryable } from '../../db/database.js';

export type MemberRole = 'owner' | 'editor' | 'viewer';
export type MemberStatus = 'invited' | 'active' | 'disabled';

export interface MemberRow {
  id: string;
  account_id: string;
  person_id: string;
  email: string;
  display_name: string;
  role: MemberRole;
  status: MemberStatus;
  created_at: Date;
  last_sign_in_at: Date | null;
}

/** A person's membership with the account's name, as the switcher lists them. */
export interface MembershipRow extends MemberRow {
  account_name: string;
}

const MEMBER_COLUMNS = `m.id, m.account_id, m.person_id, p.email, m.display_name, m.role, m.status,
  m.created_at, m.last_sign_in_at`;

export async function insertMember(
  db: Queryable,
  member: {
    id: string;
    accountId: string;
    personId: string;
    displayName: string;
    role: MemberRole;
    status: MemberStatus;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO account_members (id, account_id, person_id, display_name, role, status)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [member.id, member.accountId, member.personId, member.displayName, member.role, member.status],
  );
}

const MEMBER_SQL = `SELECT ${MEMBER_COLUMNS} FROM account_members m JOIN people p ON p.id = m.person_id`;
const FIND_MEMBER_SQL = `${MEMBER_SQL}
     WHERE m.account_id = $1 AND m.id = $2`;

export const findMember = firstRowQuery<MemberRow, [accountId: string, memberId: string]>(FIND_MEMBER_SQL);

/** The member, its row locked until the transaction ends. */
export const findMemberForUpdate = firstRowQuery<MemberRow, [accountId: string, memberId: string]>(
  `${FIND_MEMBER_SQL} FOR UPDATE OF m`,
);

export const findMemberOfPerson = firstRowQuery<MemberRow, [accountId: string, personId: string]>(
  `${MEMBER_SQL}
     WHERE m.account_id = $1 AND m.person_id = $2`,
);

/** The account's membership of a person of this e-mail (an account invites an address once). */
export const findMemberOfAccountByEmail = firstRowQuery<MemberRow, [accountId: string, email: string]>(
  `${MEMBER_SQL}
     WHERE m.account_id = $1 AND p.email = $2 ORDER BY p.address_proven_at NULLS LAST, m.id LIMIT 1`,
);

/** Invitations of one account wait for each other: two of one address make one person, not two. */
export async function lockAccountForMembers(db: Queryable, accountId: string): Promise<void> {
  await db.query('SELECT 1 FROM accounts WHERE id = $1 FOR NO KEY UPDATE', [accountId]);
}

export const listMembersOfAccount = allRowsQuery<MemberRow, [accountId: string]>(
  `${MEMBER_SQL}
     WHERE m.account_id = $1 ORDER BY m.created_at, m.id`,
);

/** The name and address of each member of these ids; of one account only when `accountId` is given. */
export const listMemberNames = allRowsQuery<
  { id: string; display_name: string; email: string },
  [ids: string[], accountId: string | null]
>(
  `SELECT m.id, m.display_name, p.email FROM account_members m JOIN people p ON p.id = m.person_id
     WHERE m.id = ANY($1::uuid[]) AND ($2::uuid IS NULL OR m.account_id = $2)`,
);

/** The person's active memberships, the most recently used first. */
export async function listActiveMembershipsOfPerson(
  db: Queryable,
  personId: string,
): Promise<MembershipRow[]> {
  return queryAll<MembershipRow>(
    db,
    `SELECT ${MEMBER_COLUMNS}, a.name AS account_name
     FROM account_members m JOIN people p ON p.id = m.person_id JOIN accounts a ON a.id = m.account_id
     WHERE m.person_id = $1 AND m.status = 'active'
     ORDER BY m.last_sign_in_at DESC NULLS LAST, a.name, m.id`,
    [personId],
  );
}

/**
 * The account's active owners, locked: two changes that would each leave one owner wait for each other, and
 * the second sees the first's result.
 */
export async function lockActiveOwners(db: Queryable, accountId: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM account_members WHERE account_id = $1 AND role = 'owner' AND status = 'active'
     ORDER BY id FOR UPDATE`,
    [accountId],
  );
  return rows.map((row) => row.id);
}

export async function updateMember(
  db: Queryable,
  memberId: string,
  change: { role?: MemberRole; status?: MemberStatus; displayName?: string },
): Promise<void> {
  await db.query(
    `UPDATE account_members SET role = coalesce($2, role), status = coalesce($3, status),
       display_name = coalesce($4, display_name)
     WHERE id = $1`,
    [memberId, change.role ?? null, change.status ?? null, change.displayName ?? null],
  );
}

export async function recordMemberSignIn(db: Queryable, memberId: string): Promise<void> {
  await db.query('UPDATE account_members SET last_sign_in_at = now() WHERE id = $1', [memberId]);
}
