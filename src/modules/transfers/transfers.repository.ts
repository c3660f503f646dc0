import { queryAll, queryCount, queryFirst, queryOne, type Queryable } from '../../db/database.js';
import { newestFirstPageSql, pageValues, type Position } from '../../lib/page-cursor.js';
import type { TransferStatus } from './transfers.schemas.js';

export type TransferRow = {
  id: string;
  planet: string;
  asset_id: string;
  from_account_id: string;
  to_account_id: string;
  status: TransferStatus;
  created_at: Date;
  expires_at: Date;
  decided_at: Date | null;
};

const COLUMNS =
  'id, planet, asset_id, from_account_id, to_account_id, status, created_at, expires_at, decided_at';

// The pending offers of the asset ($1 planet, $2 asset id): the one live offer, and any whose time has passed.
const PENDING_OF_ASSET = `planet = $1 AND asset_id = $2 AND status = 'pending'`;

/** Pending offers of the asset whose time has passed become `expired`, freeing the asset for a new offer. */
export async function expireStaleOffers(db: Queryable, planet: string, assetId: string): Promise<void> {
  await db.query(
    `UPDATE transfers SET status = 'expired'
     WHERE ${PENDING_OF_ASSET} AND expires_at <= now()`,
    [planet, assetId],
  );
}

export async function findPendingOffer(
  db: Queryable,
  planet: string,
  assetId: string,
): Promise<TransferRow | undefined> {
  return queryFirst<TransferRow>(db, `SELECT ${COLUMNS} FROM transfers WHERE ${PENDING_OF_ASSET}`, [
    planet,
    assetId,
  ]);
}

export async function insertTransfer(
  db: Queryable,
  offer: {
    id: string;
    planet: string;
    assetId: string;
    fromAccountId: string;
    toAccountId: string;
    validForMs: number;
  },
): Promise<TransferRow> {
  return queryOne<TransferRow>(
    db,
    `INSERT INTO transfers (id, planet, asset_id, from_account_id, to_account_id, status, expires_at)
     VALUES ($1, $2, $3, $4, $5, 'pending', now() + $6 * interval '1 millisecond')
     RETURNING ${COLUMNS}`,
    [offer.id, offer.planet, offer.assetId, offer.fromAccountId, offer.toAccountId, offer.validForMs],
  );
}

/** A transfer the account is a party to: as receiver, as sender, or either. */
export async function findTransferOfParty(
  db: Queryable,
  id: string,
  accountId: string,
  role: 'incoming' | 'outgoing',
): Promise<TransferRow | undefined> {
  const column = role === 'incoming' ? 'to_account_id' : 'from_account_id';
  return queryFirst<TransferRow>(db, `SELECT ${COLUMNS} FROM transfers WHERE id = $1 AND ${column} = $2`, [
    id,
    accountId,
  ]);
}

/** Locks the offer; taken after the asset's row lock wherever both are held, so two moves never deadlock. */
export async function lockTransfer(db: Queryable, id: string): Promise<TransferRow | undefined> {
  return queryFirst<TransferRow>(db, `SELECT ${COLUMNS} FROM transfers WHERE id = $1 FOR UPDATE`, [id]);
}

export async function setTransferStatus(
  db: Queryable,
  id: string,
  status: Exclude<TransferStatus, 'pending' | 'expired'>,
): Promise<TransferRow> {
  return queryOne<TransferRow>(
    db,
    `UPDATE transfers SET status = $2, decided_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, status],
  );
}

/** What a page shows of an offer beside the record: the asset's title and number, and both accounts' names. */
export type DescribedTransferRow = TransferRow & {
  asset_title: string | null;
  certificate_number: string | null;
  from_account_name: string | null;
  to_account_name: string | null;
};

const T_COLUMNS = COLUMNS.split(', ')
  .map((column) => `t.${column}`)
  .join(', ');
const DESCRIBED_COLUMNS = `${T_COLUMNS}, s.title AS asset_title, s.certificate_number,
  fa.name AS from_account_name, ta.name AS to_account_name`;
const DESCRIBED_FROM = `transfers t
  LEFT JOIN assets s ON s.planet = t.planet AND s.id = t.asset_id
  LEFT JOIN accounts fa ON fa.id = t.from_account_id
  LEFT JOIN accounts ta ON ta.id = t.to_account_id`;

export interface OpenTransferFilter {
  accountId: string;
  role?: 'incoming' | 'outgoing';
  planets: readonly string[];
  after?: Position;
  limit: number;
}

/** Open offers (pending, not yet expired), newest first, in the planets: the transfers_incoming/outgoing index. */
async function selectOpenTransfers<T extends TransferRow>(
  db: Queryable,
  filter: OpenTransferFilter,
  select: { columns: string; from: string },
): Promise<T[]> {
  const party =
    filter.role === 'incoming'
      ? 't.to_account_id = $1'
      : filter.role === 'outgoing'
        ? 't.from_account_id = $1'
        : '(t.to_account_id = $1 OR t.from_account_id = $1)';
  return queryAll<T>(
    db,
    `SELECT ${select.columns} FROM ${select.from}
     WHERE ${party} AND t.status = 'pending' AND t.expires_at > now()
       AND (cardinality($2::text[]) = 0 OR t.planet = ANY($2::text[]))
       AND ${newestFirstPageSql(3, 't')}`,
    [filter.accountId, filter.planets, ...pageValues(filter.after, filter.limit + 1)],
  );
}

/** Open offers the account makes or receives (`role` narrows to one side), one page and one row more. */
export async function listOpenTransfers(db: Queryable, filter: OpenTransferFilter): Promise<TransferRow[]> {
  return selectOpenTransfers(db, filter, { columns: T_COLUMNS, from: 'transfers t' });
}

/** As listOpenTransfers, with the asset's title and number and both accounts' names (the console's lists). */
export async function listOpenTransfersDescribed(
  db: Queryable,
  filter: OpenTransferFilter,
): Promise<DescribedTransferRow[]> {
  return selectOpenTransfers<DescribedTransferRow>(db, filter, {
    columns: DESCRIBED_COLUMNS,
    from: DESCRIBED_FROM,
  });
}

/** The asset's pending offer with the receiving account's name (an asset's page says whom it is offered to). */
export async function findPendingOfferNamed(
  db: Queryable,
  planet: string,
  assetId: string,
): Promise<(TransferRow & { to_account_name: string | null }) | undefined> {
  return queryFirst(
    db,
    `SELECT ${T_COLUMNS}, ta.name AS to_account_name
     FROM transfers t LEFT JOIN accounts ta ON ta.id = t.to_account_id
     WHERE t.planet = $1 AND t.asset_id = $2 AND t.status = 'pending'`,
    [planet, assetId],
  );
}

/** Offers the account receives that wait for its answer (pending, not yet expired): the transfers_incoming index. */
export async function countWaitingOffers(db: Queryable, accountId: string): Promise<number> {
  return queryCount(
    db,
    `SELECT count(*)::int AS count FROM transfers
     WHERE to_account_id = $1 AND status = 'pending' AND expires_at > now()`,
    [accountId],
  );
}
