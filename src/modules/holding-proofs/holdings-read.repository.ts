import { queryAll, queryFirst, type Queryable } from '../../db/database.js';

/** One holding of an object as the public may learn of it: who by kind, never the collector's id or commitment. */
export interface ProvenanceEntry {
  holder: 'registrant' | 'account' | 'collector' | 'former_collector';
  accountId?: string;
  /** A collector's name, only when they chose to be named (collectors.show_name). */
  publicName?: string | null;
  since: string;
}

/** The current holding of an object: its row, or none while the object was never handed over (held by account_id). */
export interface CurrentHolding {
  holdingId: string;
  holderKind: 'account' | 'collector';
  accountId: string | null;
  collectorId: string | null;
  commitment: string;
}

/** An object's holdings oldest first (docs/collectors.md): empty while it was never handed over. */
export async function readProvenance(
  db: Queryable,
  planet: string,
  assetId: string,
): Promise<ProvenanceEntry[]> {
  const rows = await queryAll<{
    holder_kind: 'account' | 'collector';
    holder_account_id: string | null;
    public_name: string | null;
    show_name: boolean | null;
    erased_at: Date | null;
    since: Date;
    is_first: boolean;
  }>(
    db,
    `SELECT h.holder_kind, h.holder_account_id, c.public_name, c.show_name, c.erased_at, h.since,
            row_number() OVER (ORDER BY h.since, h.id) = 1 AS is_first
     FROM asset_holdings h LEFT JOIN collectors c ON c.id = h.collector_id
     WHERE h.planet = $1 AND h.asset_id = $2
     ORDER BY h.since, h.id`,
    [planet, assetId],
  );
  return rows.map((row) => {
    const since = new Date(row.since).toISOString();
    if (row.holder_kind === 'account')
      return { holder: row.is_first ? 'registrant' : 'account', accountId: row.holder_account_id!, since };
    if (row.erased_at) return { holder: 'former_collector', since };
    return { holder: 'collector', publicName: row.show_name ? row.public_name : null, since };
  });
}

/** The object's current holding row, if it was ever handed over. */
export async function readCurrentHolding(
  db: Queryable,
  planet: string,
  assetId: string,
): Promise<CurrentHolding | undefined> {
  return queryFirst<CurrentHolding>(
    db,
    `SELECT id AS "holdingId", holder_kind AS "holderKind", holder_account_id AS "accountId",
            collector_id AS "collectorId", commitment
     FROM asset_holdings WHERE planet = $1 AND asset_id = $2 AND until IS NULL`,
    [planet, assetId],
  );
}
