import { queryAll, type Queryable } from '../../db/database.js';

/**
 * The people of one address, locked until the transaction ends: a join and a proof of the same address wait for
 * each other, and each sees what the other did.
 */
export async function lockPeopleOfEmail(
  db: Queryable,
  email: string,
): Promise<{ id: string; proven: boolean }[]> {
  return queryAll(
    db,
    'SELECT id, address_proven_at IS NOT NULL AS proven FROM people WHERE email = $1 ORDER BY id FOR UPDATE',
    [email],
  );
}

/**
 * Moves the memberships of one person to another, in every account where the other has none (an account has one
 * member per address, so there is no other case but a race). Answers the memberships moved, and how many stayed.
 */
export async function moveMemberships(
  db: Queryable,
  from: string,
  into: string,
): Promise<{ moved: { id: string; account_id: string; account_name: string }[]; left: number }> {
  const moved = await queryAll<{ id: string; account_id: string; account_name: string }>(
    db,
    `UPDATE account_members m SET person_id = $2
     FROM accounts a
     WHERE m.person_id = $1 AND a.id = m.account_id
       AND NOT EXISTS (SELECT 1 FROM account_members mine WHERE mine.person_id = $2 AND mine.account_id = m.account_id)
     RETURNING m.id, m.account_id, a.name AS account_name`,
    [from, into],
  );
  const left = await queryAll<{ id: string }>(db, 'SELECT id FROM account_members WHERE person_id = $1', [
    from,
  ]);
  return { moved, left: left.length };
}

/** A person with no membership left: gone, with their password, passkeys, sessions and links. */
export async function deletePersonWithoutMemberships(db: Queryable, id: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `DELETE FROM people p WHERE p.id = $1 AND NOT EXISTS (SELECT 1 FROM account_members m WHERE m.person_id = p.id)`,
    [id],
  );
  return (rowCount ?? 0) > 0;
}
