import { queryAll, type Queryable } from '../../db/database.js';

/** An object an account holds though another account registered it (consigned to it), as its console lists it. */
export interface ConsignedHoldingRow {
  planet: string;
  asset_id: string;
  since: Date;
  registrant_account_id: string;
  title: string;
  certificate_number: string;
}

/** The account's current holdings of objects it did not register, newest first (at most `limit`). */
export async function listConsignedHoldingsOfAccount(
  db: Queryable,
  accountId: string,
  limit: number,
): Promise<ConsignedHoldingRow[]> {
  return queryAll<ConsignedHoldingRow>(
    db,
    `SELECT h.planet, h.asset_id, h.since, a.account_id AS registrant_account_id, a.title, a.certificate_number
       FROM asset_holdings h
       JOIN assets a ON a.planet = h.planet AND a.id = h.asset_id
      WHERE h.holder_account_id = $1 AND h.until IS NULL AND a.account_id <> $1
      ORDER BY h.since DESC, h.asset_id DESC
      LIMIT $2`,
    [accountId, limit],
  );
}
