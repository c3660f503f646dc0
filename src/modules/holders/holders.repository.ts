import { queryAll, queryFirst, queryOne, type Queryable } from '../../db/database.js';

/** One holding of an object (migration 460): the current one has `until` null. */
export interface HoldingRow {
  id: string;
  asset_id: string;
  planet: string;
  holder_kind: 'account' | 'collector';
  holder_account_id: string | null;
  collector_id: string | null;
  salt: Buffer | Uint8Array | null;
  commitment: string;
  since: Date;
  until: Date | null;
  handover_id: string | null;
}

const HOLDING_COLUMNS =
  'id, asset_id, planet, holder_kind, holder_account_id, collector_id, salt, commitment, since, until, handover_id';

/** An offer to hand an object on (migration 460). */
export interface HandoverRow {
  id: string;
  asset_id: string;
  planet: string;
  kind: 'claim' | 'consignment';
  from_holding_id: string;
  to_account_id: string | null;
  code_hash: string | null;
  email: string | null;
  language: string | null;
  created_by: Record<string, unknown>;
  created_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
  accepted_holding_id: string | null;
  cancelled_at: Date | null;
}

const HANDOVER_COLUMNS = `id, asset_id, planet, kind, from_holding_id, to_account_id, code_hash, email, language,
  created_by, created_at, expires_at, accepted_at, accepted_holding_id, cancelled_at`;

// An offer nobody has taken or withdrawn (its time may still have passed: the caller checks expires_at).
const OPEN = 'accepted_at IS NULL AND cancelled_at IS NULL';

export async function findCurrentHolding(db: Queryable, assetId: string): Promise<HoldingRow | undefined> {
  return queryFirst<HoldingRow>(
    db,
    `SELECT ${HOLDING_COLUMNS} FROM asset_holdings WHERE asset_id = $1 AND until IS NULL`,
    [assetId],
  );
}

export interface NewHolding {
  id: string;
  assetId: string;
  planet: string;
  holder: { kind: 'account'; accountId: string } | { kind: 'collector'; collectorId: string };
  salt: Buffer;
  commitment: string;
  since: Date;
  handoverId: string | null;
}

export async function insertHolding(db: Queryable, holding: NewHolding): Promise<HoldingRow> {
  const { holder } = holding;
  return queryOne<HoldingRow>(
    db,
    `INSERT INTO asset_holdings (id, asset_id, planet, holder_kind, holder_account_id, collector_id, salt, commitment,
       since, handover_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${HOLDING_COLUMNS}`,
    [
      holding.id,
      holding.assetId,
      holding.planet,
      holder.kind,
      holder.kind === 'account' ? holder.accountId : null,
      holder.kind === 'collector' ? holder.collectorId : null,
      holding.salt,
      holding.commitment,
      holding.since.toISOString(),
      holding.handoverId,
    ],
  );
}

export async function closeHolding(
  db: Queryable,
  holdingId: string,
  assetId: string,
  until: Date,
): Promise<void> {
  await db.query(`UPDATE asset_holdings SET until = $3 WHERE id = $1 AND asset_id = $2 AND until IS NULL`, [
    holdingId,
    assetId,
    until.toISOString(),
  ]);
}

export interface NewHandover {
  id: string;
  assetId: string;
  planet: string;
  kind: 'claim' | 'consignment';
  fromHoldingId: string;
  toAccountId: string | null;
  codeHash: string | null;
  email: string | null;
  language: string | null;
  createdBy: Record<string, unknown>;
  expiresAt: Date;
}

/** Withdraws the asset's open offer, if any: a new offer replaces it (one open offer per asset). */
export async function cancelOpenHandoversOfAsset(db: Queryable, assetId: string): Promise<void> {
  await db.query(`UPDATE handovers SET cancelled_at = now(), email = NULL WHERE asset_id = $1 AND ${OPEN}`, [
    assetId,
  ]);
}

export async function insertHandover(db: Queryable, handover: NewHandover): Promise<HandoverRow> {
  return queryOne<HandoverRow>(
    db,
    `INSERT INTO handovers (id, asset_id, planet, kind, from_holding_id, to_account_id, code_hash, email, language,
       created_by, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING ${HANDOVER_COLUMNS}`,
    [
      handover.id,
      handover.assetId,
      handover.planet,
      handover.kind,
      handover.fromHoldingId,
      handover.toAccountId,
      handover.codeHash,
      handover.email,
      handover.language,
      JSON.stringify(handover.createdBy),
      handover.expiresAt.toISOString(),
    ],
  );
}

export async function findHandover(db: Queryable, id: string): Promise<HandoverRow | undefined> {
  return queryFirst<HandoverRow>(db, `SELECT ${HANDOVER_COLUMNS} FROM handovers WHERE id = $1`, [id]);
}

export async function findHandoverByCodeHash(
  db: Queryable,
  codeHash: string,
): Promise<HandoverRow | undefined> {
  return queryFirst<HandoverRow>(db, `SELECT ${HANDOVER_COLUMNS} FROM handovers WHERE code_hash = $1`, [
    codeHash,
  ]);
}

/**
 * Takes an open offer: only one caller's update finds it still open, so of two acceptances at once exactly one
 * wins (the other reads undefined). The buyer's address is erased as the offer ends.
 */
export async function markHandoverAccepted(
  db: Queryable,
  id: string,
  holdingId: string,
  at: Date,
): Promise<HandoverRow | undefined> {
  return queryFirst<HandoverRow>(
    db,
    `UPDATE handovers SET accepted_at = $3, accepted_holding_id = $2, email = NULL
     WHERE id = $1 AND ${OPEN} AND expires_at > $3 RETURNING ${HANDOVER_COLUMNS}`,
    [id, holdingId, at.toISOString()],
  );
}

export async function markHandoverCancelled(db: Queryable, id: string): Promise<HandoverRow | undefined> {
  return queryFirst<HandoverRow>(
    db,
    `UPDATE handovers SET cancelled_at = now(), email = NULL WHERE id = $1 AND ${OPEN} RETURNING ${HANDOVER_COLUMNS}`,
    [id],
  );
}

/** The open consignments offered to an account, newest first (expired ones too: the caller marks them). */
export async function listOpenHandoversToAccount(db: Queryable, accountId: string): Promise<HandoverRow[]> {
  return queryAll<HandoverRow>(
    db,
    `SELECT ${HANDOVER_COLUMNS} FROM handovers
     WHERE to_account_id = $1 AND ${OPEN} AND expires_at > now() ORDER BY created_at DESC, id DESC`,
    [accountId],
  );
}

/** The asset's open offer, if its time has not passed. */
export async function findOpenHandoverOfAsset(
  db: Queryable,
  assetId: string,
): Promise<HandoverRow | undefined> {
  return queryFirst<HandoverRow>(
    db,
    `SELECT ${HANDOVER_COLUMNS} FROM handovers WHERE asset_id = $1 AND ${OPEN} AND expires_at > now()`,
    [assetId],
  );
}

/** Which of these assets have an open offer whose time has not passed (the collector's list marks them), in one statement. */
export async function listAssetsWithOpenHandover(
  db: Queryable,
  assetIds: readonly string[],
): Promise<Set<string>> {
  if (assetIds.length === 0) return new Set();
  const rows = await queryAll<{ asset_id: string }>(
    db,
    `SELECT DISTINCT asset_id FROM handovers
     WHERE asset_id = ANY($1::uuid[]) AND ${OPEN} AND expires_at > now()`,
    [assetIds],
  );
  return new Set(rows.map((row) => row.asset_id));
}

export interface CollectorRow {
  id: string;
  person_id: string | null;
  public_name: string | null;
  show_name: boolean;
  language: string | null;
  created_at: Date;
  erased_at: Date | null;
}

export async function findCollector(db: Queryable, id: string): Promise<CollectorRow | undefined> {
  return queryFirst<CollectorRow>(
    db,
    `SELECT id, person_id, public_name, show_name, language, created_at, erased_at FROM collectors WHERE id = $1`,
    [id],
  );
}

/** A collector's current holdings, newest first: the asset and since when. */
/** The collector's current holding of one asset, if they hold it now (their work's page). */
export async function findCurrentHoldingOfCollector(
  db: Queryable,
  collectorId: string,
  planet: string,
  assetId: string,
): Promise<HoldingRow | undefined> {
  return queryFirst<HoldingRow>(
    db,
    `SELECT ${HOLDING_COLUMNS} FROM asset_holdings
     WHERE collector_id = $1 AND planet = $2 AND asset_id = $3 AND until IS NULL`,
    [collectorId, planet, assetId],
  );
}

export async function listCurrentHoldingsOfCollector(
  db: Queryable,
  collectorId: string,
): Promise<HoldingRow[]> {
  return queryAll<HoldingRow>(
    db,
    `SELECT ${HOLDING_COLUMNS} FROM asset_holdings WHERE collector_id = $1 AND until IS NULL
     ORDER BY since DESC, id DESC`,
    [collectorId],
  );
}
