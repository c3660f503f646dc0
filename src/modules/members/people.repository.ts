import { type Queryable, queryAll, queryFirst } from '../../db/database.js';
import type { Language } from '../../i18n/locales.js';

export interface PersonRow {
  id: string;
  email: string;
  password_hash: string | null;
  password_changed_at: Date | null;
  /** When the person proved by mail that the address is theirs; null: made by an invitation link alone. */
  address_proven_at: Date | null;
  created_at: Date;
}

const PERSON_COLUMNS = 'id, email, password_hash, password_changed_at, address_proven_at, created_at';

/** Every person of this e-mail: one per account that invited it, until the address is proven (docs/members.md). */
export async function findPeopleByEmail(db: Queryable, email: string): Promise<PersonRow[]> {
  return queryAll<PersonRow>(db, `SELECT ${PERSON_COLUMNS} FROM people WHERE email = $1 ORDER BY id`, [
    email,
  ]);
}

/** The one person who proved this address is theirs, if any. */
export async function findProvenPersonByEmail(db: Queryable, email: string): Promise<PersonRow | undefined> {
  return queryFirst<PersonRow>(
    db,
    `SELECT ${PERSON_COLUMNS} FROM people WHERE email = $1 AND address_proven_at IS NOT NULL`,
    [email],
  );
}

export async function findPersonById(db: Queryable, id: string): Promise<PersonRow | undefined> {
  return queryFirst<PersonRow>(db, `SELECT ${PERSON_COLUMNS} FROM people WHERE id = $1`, [id]);
}

/** A new person of this e-mail, its address not proven, with no way to sign in yet. */
export async function insertPerson(db: Queryable, person: { id: string; email: string }): Promise<void> {
  await db.query('INSERT INTO people (id, email) VALUES ($1, $2)', [person.id, person.email]);
}

export async function updatePersonPassword(db: Queryable, id: string, passwordHash: string): Promise<void> {
  await db.query('UPDATE people SET password_hash = $2, password_changed_at = now() WHERE id = $1', [
    id,
    passwordHash,
  ]);
}

/** The person's own language (null: their browser's). */
export async function updatePersonLanguage(
  db: Queryable,
  id: string,
  language: Language | null,
): Promise<void> {
  await db.query('UPDATE people SET language = $2 WHERE id = $1', [id, language]);
}
