import { allRowsQuery, firstRowQuery, type Queryable, queryFirst, queryOne } from '../../db/database.js';

export type StatusPurpose = 'revocation' | 'suspension' | 'refresh';

export interface CredentialAssetRow {
  id: string;
  planet: string;
  title: string;
  certificate_number: string;
  certificate_status: string;
  attributes: Record<string, unknown>;
  issued_at: Date | null;
  credential: string | null;
}

const CREDENTIAL_ASSET_SQL = `SELECT a.id, a.planet, a.title, a.certificate_number, a.certificate_status, a.attributes,
         a.issued_at, c.credential
  FROM assets a
  LEFT JOIN certificate_credentials c ON c.planet = a.planet AND c.asset_id = a.id`;

/** The asset behind a certificate number, or an id, with its stored credential (if any). */
export async function findCredentialAsset(
  db: Queryable,
  planet: string,
  key: { certificateNumber: string } | { assetId: string },
): Promise<CredentialAssetRow | undefined> {
  return queryFirst<CredentialAssetRow>(
    db,
    'assetId' in key
      ? `${CREDENTIAL_ASSET_SQL} WHERE a.planet = $1 AND a.id = $2`
      : `${CREDENTIAL_ASSET_SQL} WHERE a.planet = $1 AND a.certificate_number = $2`,
    [planet, 'assetId' in key ? key.assetId : key.certificateNumber],
  );
}

/**
 * The history head a credential signs: the asset's last CERTIFICATE_AMENDED event (a corrected version), else
 * the head the issue recorded, its first CERTIFICATE_ISSUED event.
 */
export async function findIssueEvent(
  db: Queryable,
  assetId: string,
): Promise<{ sequence: number; hash: string } | undefined> {
  return queryFirst<{ sequence: number; hash: string }>(
    db,
    `SELECT sequence, hash FROM asset_events
     WHERE asset_id = $1 AND event_type IN ('CERTIFICATE_ISSUED', 'CERTIFICATE_AMENDED')
     ORDER BY event_type = 'CERTIFICATE_AMENDED' DESC,
              CASE WHEN event_type = 'CERTIFICATE_AMENDED' THEN -sequence ELSE sequence END
     LIMIT 1`,
    [assetId],
  );
}

export async function ensureCredentialRow(
  db: Queryable,
  row: { planet: string; assetId: string; certificateNumber: string },
): Promise<void> {
  await db.query(
    `INSERT INTO certificate_credentials (planet, asset_id, certificate_number) VALUES ($1, $2, $3)
     ON CONFLICT (planet, asset_id) DO NOTHING`,
    [row.planet, row.assetId, row.certificateNumber],
  );
}

/** Stores a signed credential unless another signer got there first; returns the stored one. */
export async function storeCredential(
  db: Queryable,
  row: { planet: string; assetId: string; credential: string; signingKeyId: string },
): Promise<string> {
  const { rows } = await db.query<{ credential: string }>(
    `UPDATE certificate_credentials SET credential = $3, signing_key_id = $4, signed_at = now()
     WHERE planet = $1 AND asset_id = $2 AND credential IS NULL RETURNING credential`,
    [row.planet, row.assetId, row.credential, row.signingKeyId],
  );
  if (rows[0]) return rows[0].credential;
  const stored = await db.query<{ credential: string }>(
    'SELECT credential FROM certificate_credentials WHERE planet = $1 AND asset_id = $2',
    [row.planet, row.assetId],
  );
  return stored.rows[0]!.credential;
}

export interface StatusEntryRow {
  purpose: StatusPurpose;
  list_number: number;
  status_index: number;
}

/**
 * The credential version an entry of this purpose belongs to: a refresh entry to the certificate's current
 * credential version (a correction signs a new one), every other entry to all versions (kept as 1).
 */
const ENTRY_VERSION_SQL = (purpose: string, planet: string, assetId: string) =>
  `CASE WHEN ${purpose} = 'refresh' THEN COALESCE((SELECT c.version FROM certificate_credentials c
     WHERE c.planet = ${planet} AND c.asset_id = ${assetId}), 1) ELSE 1 END`;

/** The entries the certificate's current credential carries: refresh last, as it was added last. */
export const findStatusEntries = allRowsQuery<StatusEntryRow, [planet: string, assetId: string]>(
  `SELECT e.purpose, e.list_number, e.status_index FROM status_list_entries e
     WHERE e.planet = $1 AND e.asset_id = $2
       AND e.credential_version = ${ENTRY_VERSION_SQL('e.purpose', '$1', '$2')}
     ORDER BY e.purpose = 'refresh', e.purpose`,
);

export interface StatusListRow {
  purpose: StatusPurpose;
  list_number: number;
  size: number;
  taken: number;
}

/** The newest list of a purpose and how many of its indexes are taken. */
export async function findNewestStatusList(db: Queryable, purpose: StatusPurpose): Promise<StatusListRow> {
  return queryOne<StatusListRow>(
    db,
    `SELECT l.purpose, l.list_number, l.size,
            (SELECT count(*)::int FROM status_list_entries e
             WHERE e.purpose = l.purpose AND e.list_number = l.list_number) AS taken
     FROM status_lists l WHERE l.purpose = $1 ORDER BY l.list_number DESC LIMIT 1`,
    [purpose],
  );
}

export async function createStatusList(
  db: Queryable,
  purpose: StatusPurpose,
  listNumber: number,
): Promise<void> {
  await db.query(`INSERT INTO status_lists (purpose, list_number) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
    purpose,
    listNumber,
  ]);
}

/** Takes an index if it is free; false when it is taken (or the certificate already holds one). */
export async function takeStatusIndex(
  db: Queryable,
  entry: { purpose: StatusPurpose; listNumber: number; index: number; planet: string; assetId: string },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO status_list_entries (purpose, list_number, status_index, planet, asset_id, credential_version)
     VALUES ($1, $2, $3, $4, $5, ${ENTRY_VERSION_SQL('$1::text', '$4', '$5')}) ON CONFLICT DO NOTHING`,
    [entry.purpose, entry.listNumber, entry.index, entry.planet, entry.assetId],
  );
  return rowCount > 0;
}

/** A free index drawn at random by the database (when random draws keep hitting taken ones). */
export async function findRandomFreeIndex(
  db: Queryable,
  purpose: StatusPurpose,
  listNumber: number,
  size: number,
): Promise<number | undefined> {
  const { rows } = await db.query<{ slot: number }>(
    `SELECT slot FROM generate_series(0, $3::int - 1) AS slot
     WHERE NOT EXISTS (SELECT 1 FROM status_list_entries e
                       WHERE e.purpose = $1 AND e.list_number = $2 AND e.status_index = slot)
     ORDER BY random() LIMIT 1`,
    [purpose, listNumber, size],
  );
  return rows[0]?.slot;
}

export async function setStatusBit(
  db: Queryable,
  entry: { purpose: StatusPurpose; planet: string; assetId: string; isSet: boolean },
): Promise<void> {
  await db.query(
    `UPDATE status_list_entries SET is_set = $4 WHERE purpose = $1 AND planet = $2 AND asset_id = $3`,
    [entry.purpose, entry.planet, entry.assetId, entry.isSet],
  );
}

/**
 * A correction's credential side: the current version's refresh bit set (a newer version exists), then the
 * version moved on and its credential cleared, to be signed anew. Returns the new version.
 */
export async function supersedeCredential(db: Queryable, planet: string, assetId: string): Promise<number> {
  await db.query(
    `UPDATE status_list_entries e SET is_set = true FROM certificate_credentials c
     WHERE e.purpose = 'refresh' AND e.planet = $1 AND e.asset_id = $2
       AND c.planet = e.planet AND c.asset_id = e.asset_id AND e.credential_version = c.version`,
    [planet, assetId],
  );
  const row = await queryOne<{ version: number }>(
    db,
    `UPDATE certificate_credentials SET version = version + 1, credential = NULL, signing_key_id = NULL,
       signed_at = NULL WHERE planet = $1 AND asset_id = $2 RETURNING version`,
    [planet, assetId],
  );
  return row.version;
}

export interface StoredStatusList {
  purpose: StatusPurpose;
  list_number: number;
  size: number;
  signed_credential: string | null;
  signed_bits_digest: string | null;
}

export const findStatusList = firstRowQuery<StoredStatusList, [purpose: string, listNumber: number]>(
  `SELECT purpose, list_number, size, signed_credential, signed_bits_digest FROM status_lists
     WHERE purpose = $1 AND list_number = $2`,
);

/** The indexes whose bit is set, in one list. */
export async function listSetIndexes(db: Queryable, purpose: string, listNumber: number): Promise<number[]> {
  const { rows } = await db.query<{ status_index: number }>(
    `SELECT status_index FROM status_list_entries WHERE purpose = $1 AND list_number = $2 AND is_set
     ORDER BY status_index`,
    [purpose, listNumber],
  );
  return rows.map((row) => row.status_index);
}

export async function storeSignedStatusList(
  db: Queryable,
  list: { purpose: string; listNumber: number; credential: string; bitsDigest: string },
): Promise<void> {
  await db.query(
    `UPDATE status_lists SET signed_credential = $3, signed_bits_digest = $4
     WHERE purpose = $1 AND list_number = $2`,
    [list.purpose, list.listNumber, list.credential, list.bitsDigest],
  );
}
