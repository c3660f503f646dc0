import { prepared, type Queryable } from '../../db/database.js';

/** What a public read is made from; a trigger bumps the topic's version when it changes (migration 190). */
export type PublicReadTopic =
  'certificates' | 'status_lists' | 'signing_keys' | 'tlog_checkpoint' | 'credentials';

const READ_VERSIONS_SQL = prepared(
  'public_read_versions',
  'SELECT topic, version::text AS version FROM public_read_versions',
);

/** Every topic's version, in one snapshot. */
export async function readPublicReadVersions(db: Queryable): Promise<Map<string, string>> {
  const { rows } = await db.query<{ topic: string; version: string }>(READ_VERSIONS_SQL);
  return new Map(rows.map((row) => [row.topic, row.version]));
}
