import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/db/database.js';

/** A collector as sign-in makes one (another room): a person with a proven address and a collectors row. */
export async function insertCollector(
  db: Database,
  options: { email?: string; publicName?: string; showName?: boolean } = {},
): Promise<{ collectorId: string; personId: string; email: string; publicName: string }> {
  const personId = randomUUID();
  const collectorId = randomUUID();
  const email = options.email ?? `collector-${collectorId.slice(0, 8)}@example.org`;
  const publicName = options.publicName ?? `Rosa Vogel ${collectorId.slice(0, 4)}`;
  await db.query(`INSERT INTO people (id, email, address_proven_at) VALUES ($1, $2, now())`, [
    personId,
    email,
  ]);
  await db.query(`INSERT INTO collectors (id, person_id, public_name, show_name) VALUES ($1, $2, $3, $4)`, [
    collectorId,
    personId,
    publicName,
    options.showName ?? false,
  ]);
  return { collectorId, personId, email, publicName };
}
