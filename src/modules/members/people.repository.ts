import { type Queryable, queryFirst } from '../../db/database.js';

export interface PersonRow {
  id: string;
  email: string;
  password_hash: string | null;
  password_changed_at: Date | null;
  created_at: Date;
}

const PERSON_COLUMNS = 'id, email, password_hash, password_changed_at, created_at';

export async function findPersonByEmail(db: Queryable, email: string): Promise<PersonRow | undefined> {
  return queryFirst<PersonRow>(db, `SELECT ${PERSON_COLUMNS} FROM people WHERE email = $1`, [email]);
}

export async function findPersonById(db: Queryable, id: string): Promise<PersonRow | undefined> {
  return queryFirst<PersonRow>(db, `SELECT ${PERSON_COLUMNS} FROM people WHERE id = $1`, [id]);
}

/** The person of this e-mail, made if there is none yet (a concurrent invitation of the same e-mail wins the race). */
export async function upsertPerson(db: Queryable, person: { id: string; email: string }): Promise<PersonRow> {
  const { rows } = await db.query<PersonRow>(
    `INSERT INTO people (id, email) VALUES ($1, $2)
     ON CONFLICT (email) DO UPDATE SET email = EXCLUDED.email
     RETURNING ${PERSON_COLUMNS}`,
    [person.id, person.email],
  );
  return rows[0]!;
}

export async function updatePersonPassword(db: Queryable, id: string, passwordHash: string): Promise<void> {
  await db.query('UPDATE people SET password_hash = $2, password_changed_at = now() WHERE id = $1', [
    id,
    passwordHash,
  ]);
}
