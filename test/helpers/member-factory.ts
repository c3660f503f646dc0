import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/db/database.js';

/** An active member of the account (a person and a membership), inserted as the members' service would. */
export async function insertMember(db: Database, accountId: string, role = 'owner'): Promise<string> {
  const personId = randomUUID();
  const memberId = randomUUID();
  await db.query('INSERT INTO people (id, email) VALUES ($1, $2)', [personId, `${personId}@example.org`]);
  await db.query(
    `INSERT INTO account_members (id, account_id, person_id, role, status) VALUES ($1, $2, $3, $4, 'active')`,
    [memberId, accountId, personId, role],
  );
  return memberId;
}
