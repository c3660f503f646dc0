import { allRowsQuery, firstRowQuery, type Queryable, queryFirst, queryOne } from '../../db/database.js';

export type StatusPurpose = 'revocation' | 'suspension';

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

/** The history head the issue recorded: the asset's first CERTIFICATE_ISSUED event. */
export async function findIssueEvent(
  db: Queryable,
  assetId: string,
): Promise<{ sequence: number; hash: string } | undefined> {
  return queryFirst<{ sequence: number; hash: string }>(
    db,
    `SELECT sequence, hash FROM asset_events
     WHERE asset_id = $1 AND event_type = 'CERTIFICATE_ISSUED' ORDER BY sequence LIMIT 1`,
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

export const findStatusEntries = allRowsQuery<StatusEntryRow, [planet: string, assetId: string]>(
  `SELECT purpose, list_number, status_index FROM status_list_entries
     WHERE planet = $1 AND asset_id = $2 ORDER BY purpose`,
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
    `INSERT INTO status_list_entries (purpose, list_number, status_index, planet, asset_id)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
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
