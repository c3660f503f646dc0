import { firstRowQuery, type Queryable } from '../../../db/database.js';
import type { Language } from '../../../i18n/locales.js';

/** A collector (migration 460): a person with a proven address who holds objects. */
export interface CollectorRow {
  id: string;
  person_id: string | null;
  public_name: string | null;
  show_name: boolean;
  language: Language | null;
  created_at: Date;
  erased_at: Date | null;
}

const COLLECTOR_COLUMNS = 'id, person_id, public_name, show_name, language, created_at, erased_at';

export const findCollectorOfPerson = firstRowQuery<CollectorRow, [personId: string]>(
  `SELECT ${COLLECTOR_COLUMNS} FROM collectors WHERE person_id = $1`,
);

export const findCollectorById = firstRowQuery<CollectorRow, [id: string]>(
  `SELECT ${COLLECTOR_COLUMNS} FROM collectors WHERE id = $1`,
);

/** The person's collector row, made now if there is none (two sign-ins at once make one: person_id is unique). */
export async function ensureCollectorOfPerson(
  db: Queryable,
  collector: { id: string; personId: string },
): Promise<CollectorRow> {
  await db.query(
    'INSERT INTO collectors (id, person_id) VALUES ($1, $2) ON CONFLICT (person_id) DO NOTHING',
    [collector.id, collector.personId],
  );
  return (await findCollectorOfPerson(db, collector.personId))!;
}

export async function updateCollectorName(
  db: Queryable,
  id: string,
  name: { publicName: string | null; showName: boolean },
): Promise<void> {
  await db.query('UPDATE collectors SET public_name = $2, show_name = $3 WHERE id = $1', [
    id,
    name.publicName,
    name.showName,
  ]);
}

/** Leaving: the row stays (what they still hold reads "a former collector"), nothing in it names anyone. */
export async function eraseCollectorRow(db: Queryable, id: string): Promise<void> {
  await db.query(
    `UPDATE collectors SET person_id = NULL, public_name = NULL, show_name = false, language = NULL, erased_at = now()
     WHERE id = $1`,
    [id],
  );
  // Without its salt a commitment names nobody: the chain keeps verifying, as it holds only the hashes.
  await db.query('UPDATE asset_holdings SET salt = NULL WHERE collector_id = $1', [id]);
  // An open offer's buyer address is personal data of someone else, and nobody may now accept in their name.
  await db.query(
    `UPDATE handovers SET cancelled_at = now(), email = NULL
     WHERE accepted_at IS NULL AND cancelled_at IS NULL
       AND from_holding_id IN (SELECT id FROM asset_holdings WHERE collector_id = $1 AND until IS NULL)`,
    [id],
  );
}
