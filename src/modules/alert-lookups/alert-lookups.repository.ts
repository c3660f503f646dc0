import { prepared, type Queryable, queryAll } from '../../db/database.js';

export type LookupKind = 'get' | 'certificate' | 'credential' | 'verify' | 'public_page' | 'tap' | 'photo';

export interface LookupRow {
  id: string;
  alert_id: string;
  lookup: LookupKind;
  account_id: string | null;
  account_name: string | null;
  api_key_id: string | null;
  client_address: string | null;
  created_at: Date;
}

// One statement: the row is written only while the asset's alert is open (a resolve in between writes none).
const insertLookupStatement = prepared(
  'insert_alert_lookup',
  `INSERT INTO alert_lookups (id, alert_id, asset_id, lookup, account_id, api_key_id, client_address)
   SELECT gen_random_uuid(), a.id, a.asset_id, $2, $3, $4, $5
   FROM asset_alerts a WHERE a.asset_id = $1 AND a.resolved_at IS NULL`,
);

export async function insertLookup(
  db: Queryable,
  lookup: {
    assetId: string;
    kind: LookupKind;
    accountId: string | null;
    apiKeyId: string | null;
    clientAddress: string | null;
  },
): Promise<void> {
  await db.query(insertLookupStatement, [
    lookup.assetId,
    lookup.kind,
    lookup.accountId,
    lookup.apiKeyId,
    lookup.clientAddress,
  ]);
}

/** One look-up of several assets (a photo search's matches): a row for each whose alert is still open. */
export async function insertLookups(
  db: Queryable,
  lookup: {
    assetIds: readonly string[];
    kind: LookupKind;
    accountId: string | null;
    apiKeyId: string | null;
    clientAddress: string | null;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO alert_lookups (id, alert_id, asset_id, lookup, account_id, api_key_id, client_address)
     SELECT gen_random_uuid(), a.id, a.asset_id, $2, $3, $4, $5
     FROM asset_alerts a WHERE a.asset_id = ANY ($1::uuid[]) AND a.resolved_at IS NULL`,
    [lookup.assetIds, lookup.kind, lookup.accountId, lookup.apiKeyId, lookup.clientAddress],
  );
}

// The same, for a certificate number: one write, so the check and the record happen on the primary together.
const insertLookupByNumberStatement = prepared(
  'insert_alert_lookup_by_number',
  `INSERT INTO alert_lookups (id, alert_id, asset_id, lookup, account_id, api_key_id, client_address)
   SELECT gen_random_uuid(), a.id, a.asset_id, $3, $4, $5, $6
   FROM asset_alerts a WHERE a.planet = $1 AND a.certificate_number = $2 AND a.resolved_at IS NULL
   RETURNING asset_id`,
);

/** True when the certificate's asset has an open alert (and the look-up is now recorded). */
export async function insertLookupByNumber(
  db: Queryable,
  lookup: {
    planet: string;
    certificateNumber: string;
    kind: LookupKind;
    accountId: string | null;
    apiKeyId: string | null;
    clientAddress: string | null;
  },
): Promise<boolean> {
  const { rows } = await db.query(insertLookupByNumberStatement, [
    lookup.planet,
    lookup.certificateNumber,
    lookup.kind,
    lookup.accountId,
    lookup.apiKeyId,
    lookup.clientAddress,
  ]);
  return rows.length > 0;
}

export async function listLookups(db: Queryable, assetId: string, limit: number): Promise<LookupRow[]> {
  return queryAll<LookupRow>(
    db,
    `SELECT l.id, l.alert_id, l.lookup, l.account_id, c.name AS account_name, l.api_key_id, l.client_address,
            l.created_at
     FROM alert_lookups l LEFT JOIN accounts c ON c.id = l.account_id
     WHERE l.asset_id = $1 ORDER BY l.created_at DESC, l.id LIMIT $2`,
    [assetId, limit],
  );
}
