import { allRowsQuery, firstRowQuery, type Queryable } from '../../db/database.js';
import type { MemberRole } from './members.repository.js';

export interface InvitationRow {
  id: string;
  account_id: string;
  member_id: string;
  email: string;
  display_name: string;
  role: MemberRole;
  invited_by_member_id: string | null;
  invited_by_admin: boolean;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
  /** The database's clock at the read, so that "expired" is decided by one clock. */
  now: Date;
}

/** An invitation found by a link's token, and whether that link was the one mailed to the address. */
export type InvitationByTokenRow = InvitationRow & { by_mail: boolean };

const INVITATION_COLUMNS = `i.id, i.account_id, i.member_id, p.email, m.display_name, i.role,
  i.invited_by_member_id, i.invited_by_admin, i.created_at, i.expires_at, i.used_at, i.revoked_at, now() AS now`;
const INVITATION_FROM = `member_invitations i JOIN account_members m ON m.id = i.member_id
  JOIN people p ON p.id = m.person_id`;

export async function insertInvitation(
  db: Queryable,
  invitation: {
    id: string;
    accountId: string;
    memberId: string;
    tokenHash: string;
    /** The link mailed to the invited address: opening it proves the address (migration 420). */
    mailTokenHash: string;
    role: MemberRole;
    invitedByMemberId: string | null;
    invitedByAdmin: boolean;
    expiresInMs: number;
  },
): Promise<InvitationRow> {
  await db.query(
    `INSERT INTO member_invitations
       (id, account_id, member_id, token_hash, mail_token_hash, role, invited_by_member_id, invited_by_admin,
        expires_at)
     VALUES ($1, $2, $3, $4, $9, $5, $6, $7, now() + $8 * interval '1 millisecond')`,
    [
      invitation.id,
      invitation.accountId,
      invitation.memberId,
      invitation.tokenHash,
      invitation.role,
      invitation.invitedByMemberId,
      invitation.invitedByAdmin,
      invitation.expiresInMs,
      invitation.mailTokenHash,
    ],
  );
  return (await findInvitation(db, invitation.accountId, invitation.id))!;
}

const INVITATION_SQL = `SELECT ${INVITATION_COLUMNS} FROM ${INVITATION_FROM}`;
const FIND_INVITATION_SQL = `${INVITATION_SQL}
     WHERE i.account_id = $1 AND i.id = $2`;
// Either link of the invitation: the one shown to the inviter or the one mailed to the address.
const FIND_INVITATION_BY_TOKEN_HASH_SQL = `SELECT ${INVITATION_COLUMNS}, i.mail_token_hash IS NOT DISTINCT FROM $1 AS by_mail
     FROM ${INVITATION_FROM}
     WHERE i.token_hash = $1 OR i.mail_token_hash = $1`;

export const findInvitation = firstRowQuery<InvitationRow, [accountId: string, id: string]>(
  FIND_INVITATION_SQL,
);

/** The invitation, its row locked until the transaction ends. */
export const findInvitationForUpdate = firstRowQuery<InvitationRow, [accountId: string, id: string]>(
  `${FIND_INVITATION_SQL} FOR UPDATE OF i`,
);

export const findInvitationByTokenHash = firstRowQuery<InvitationByTokenRow, [tokenHash: string]>(
  FIND_INVITATION_BY_TOKEN_HASH_SQL,
);

/** The invitation and its membership, both rows locked until the transaction ends. */
export const findInvitationByTokenHashForUpdate = firstRowQuery<InvitationByTokenRow, [tokenHash: string]>(
  `${FIND_INVITATION_BY_TOKEN_HASH_SQL} FOR UPDATE OF i, m`,
);

export const listInvitationsOfAccount = allRowsQuery<InvitationRow, [accountId: string]>(
  `${INVITATION_SQL}
     WHERE i.account_id = $1 ORDER BY i.created_at DESC, i.id DESC`,
);

export async function markInvitationUsed(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE member_invitations SET used_at = now() WHERE id = $1', [id]);
}

export async function markInvitationRevoked(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE member_invitations SET revoked_at = now() WHERE id = $1', [id]);
}

/** Earlier links to the same membership stop working when a new one is made. */
export async function revokePendingInvitationsOfMember(db: Queryable, memberId: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE member_invitations SET revoked_at = now()
     WHERE member_id = $1 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > now()
     RETURNING id`,
    [memberId],
  );
  return rows.map((row) => row.id);
}
