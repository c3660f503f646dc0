import { type Queryable, queryAll, queryFirst } from '../../db/database.js';
import type { Language } from '../../i18n/locales.js';

export interface PersonRow {
  id: string;
  email: string;
  password_hash: string | null;
  password_changed_at: Date | null;
  /** When the person proved by mail that the address is theirs; null: made by an invitation link alone. */
  address_proven_at: Date | null;
  /** The person's own language (migration 370); null: their browser's. */
  language: Language | null;
  created_at: Date;
}

const PERSON_COLUMNS =
  'id, email, password_hash, password_changed_at, address_proven_at, language, created_at';

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

/**
 * The person proves the address (a link mailed to it came back): set unless another person of the address proved it
 * first (at most one proven person per address). The people of the address are locked first, so two proofs of one
 * address wait for each other and the second finds the first. Answers whether this person is now the proven one.
 */
export async function markAddressProven(
  db: Queryable,
  person: { id: string; email: string },
): Promise<boolean> {
  const people = await queryAll<{ id: string; proven: boolean }>(
    db,
    'SELECT id, address_proven_at IS NOT NULL AS proven FROM people WHERE email = $1 ORDER BY id FOR UPDATE',
    [person.email],
  );
  const proven = people.find((row) => row.proven);
  if (proven) return proven.id === person.id;
  await db.query('UPDATE people SET address_proven_at = now() WHERE id = $1 AND email = $2', [
    person.id,
    person.email,
  ]);
  return people.some((row) => row.id === person.id);
}

/** The other people of a proven person's address: each made by an invitation link before the proof. */
export async function findUnprovenPeopleByEmail(db: Queryable, email: string): Promise<PersonRow[]> {
  return queryAll<PersonRow>(
    db,
    `SELECT ${PERSON_COLUMNS} FROM people WHERE email = $1 AND address_proven_at IS NULL ORDER BY id`,
    [email],
  );
}

/** The unproven person of an address in no account (kept by a collection sign-in until the address is proven). */
export async function findLoosePersonOfEmail(db: Queryable, email: string): Promise<PersonRow | undefined> {
  return queryFirst<PersonRow>(
    db,
    `SELECT ${PERSON_COLUMNS} FROM people p
     WHERE p.email = $1 AND p.address_proven_at IS NULL
       AND NOT EXISTS (SELECT 1 FROM account_members m WHERE m.person_id = p.id)
     ORDER BY p.created_at, p.id LIMIT 1`,
    [email],
  );
}
