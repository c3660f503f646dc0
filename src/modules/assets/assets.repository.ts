import {
  CHANGE_TOPICS,
  prepared,
  queryAll,
  queryFirst,
  queryOne,
  type Queryable,
} from '../../db/database.js';
import type { ChainedEvent } from '../chain/history-chain.js';
import { initialAssetStatus, initialCertificateStatus } from './asset-states.js';

/** The one row type of the assets table: every query of an asset returns these columns. */
export interface AssetRow {
  id: string;
  planet: string;
  title: string;
  account_id: string;
  certificate_number: string;
  certificate_status: string;
  status: string;
  attributes: Record<string, unknown>;
  created_by: string;
  updated_by: string;
  created_at: Date;
  updated_at: Date;
  issued_at: Date | null;
  revoked_at: Date | null;
  status_reason: string | null;
  /** The last history event's sequence and hash, kept by the database (migration 081). */
  head_sequence: number | null;
  head_hash: string | null;
  /** The open alert's kind and since-when (docs/alerts.md, migration 180); null when none is open. */
  alert_kind: string | null;
  alert_since: Date | null;
  /** The holding account's own stock number (migration 440): not the object's, so in no history or credential. */
  inventory_number: string | null;
}

/** The one column list of AssetRow. */
export const ASSET_COLUMNS = `id, planet, title, account_id, certificate_number, certificate_status, status, attributes,
  created_by, updated_by, created_at, updated_at, issued_at, revoked_at, status_reason, head_sequence, head_hash,
  alert_kind, alert_since, inventory_number`;

export interface NewAsset {
  id: string;
  planet: string;
  title: string;
  accountId: string;
  inventoryNumber: string | null;
  attributes: Record<string, unknown>;
  /** The CREATED event, hashed in JS; its id, asset id and created_at are the asset's. */
  event: ChainedEvent;
  outboxId: string;
}

/**
 * $1 id, $2 planet, $3 title, $4 account, $5 attributes, $6 created_at, $7–$10 the event, $11–$12 the outbox row,
 * $13 the inventory number.
 */
export const INSERT_ASSET_WITH_CREATED_EVENT_SQL = `WITH inserted AS (
    INSERT INTO assets (id, planet, title, account_id, certificate_number, attributes,
                        created_by, updated_by, created_at, updated_at, head_sequence, head_hash, inventory_number)
    VALUES ($1, $2, $3, $4, generate_certificate_number($2), $5::jsonb, $4, $4, $6, $6, 1, $10, $13)
    RETURNING ${ASSET_COLUMNS}
  ), created_event AS (
    INSERT INTO asset_events (id, asset_id, planet, sequence, event_type, payload, actor_account_id,
                              created_at, prev_hash, hash)
    SELECT $7, id, planet, 1, $8, $9::jsonb, account_id, created_at, NULL, $10 FROM inserted
  ), outbox AS (
    INSERT INTO webhook_outbox (id, account_id, event_type, payload, created_at)
    SELECT $11, account_id, 'asset.created',
           jsonb_build_object('asset', $12::jsonb || jsonb_build_object('certificate_number', certificate_number)),
           created_at
    FROM inserted
  )
  SELECT ${ASSET_COLUMNS} FROM inserted`;

const insertAssetWithCreatedEventStatement = prepared(
  'insert_asset_with_created_event',
  INSERT_ASSET_WITH_CREATED_EVENT_SQL,
);

/**
 * One statement: the asset (numbered by generate_certificate_number), its CREATED event and its
 * asset.created outbox row. The foreign key of the event is checked at the end of the statement,
 * when the asset row exists.
 */
async function insertAssetWithCreatedEvent(db: Queryable, asset: NewAsset): Promise<AssetRow> {
  const row = await queryOne<AssetRow>(db, insertAssetWithCreatedEventStatement, [
    asset.id,
    asset.planet,
    asset.title,
    asset.accountId,
    JSON.stringify(asset.attributes),
    asset.event.created_at,
    asset.event.id,
    asset.event.event_type,
    JSON.stringify(asset.event.payload),
    asset.event.hash,
    asset.outboxId,
    JSON.stringify(outboxRecordWithoutNumber(asset)),
    asset.inventoryNumber,
  ]);
  announceCreated(db);
  return row;
}

/** A create wrote an outbox row and a history event (queued for the log by its trigger). */
function announceCreated(db: Queryable): void {
  db.announce(CHANGE_TOPICS.webhooks);
  db.announce(CHANGE_TOPICS.history);
}

// A batch of creates travels as one JSON array (one parameter): the same three rows per asset as the single
// statement above, for any number of assets, in one statement and so one transaction. Row triggers (the chain
// head, the log queue) fire per event row as they do for one.
const insertAssetsSql = (answer: string) => `WITH batch AS (
    SELECT * FROM jsonb_to_recordset($1::jsonb) AS b(
      ord integer, id uuid, planet text, title text, account_id uuid, attributes jsonb, created_at timestamptz,
      event_id uuid, event_type text, payload jsonb, hash text, outbox_id uuid, outbox_asset jsonb,
      inventory_number text)
  ), inserted AS (
    INSERT INTO assets (id, planet, title, account_id, certificate_number, attributes,
                        created_by, updated_by, created_at, updated_at, head_sequence, head_hash, inventory_number)
    SELECT id, planet, title, account_id, generate_certificate_number(planet), attributes,
           account_id, account_id, created_at, created_at, 1, hash, inventory_number
    FROM batch ORDER BY ord
    RETURNING ${ASSET_COLUMNS}
  ), created_event AS (
    INSERT INTO asset_events (id, asset_id, planet, sequence, event_type, payload, actor_account_id,
                              created_at, prev_hash, hash)
    SELECT b.event_id, i.id, i.planet, 1, b.event_type, b.payload, i.account_id, i.created_at, NULL, b.hash
    FROM inserted i JOIN batch b ON b.id = i.id
  ), outbox AS (
    INSERT INTO webhook_outbox (id, account_id, event_type, payload, created_at)
    SELECT b.outbox_id, i.account_id, 'asset.created',
           jsonb_build_object('asset', b.outbox_asset || jsonb_build_object('certificate_number', i.certificate_number)),
           i.created_at
    FROM inserted i JOIN batch b ON b.id = i.id
  )
  SELECT ${answer} FROM inserted`;

const insertAssetsWithCreatedEventsStatement = prepared(
  'insert_assets_with_created_events',
  insertAssetsSql(ASSET_COLUMNS),
);
// An import's batch needs only to know its rows went in: their ids, not 500 whole rows to parse and drop.
const insertAssetsAnsweringIdsStatement = prepared('insert_assets_answering_ids', insertAssetsSql('id'));

/** A batch of new assets as the batch statements' one JSON parameter, each with its order. */
function batchParameter(assets: readonly NewAsset[]): string {
  return JSON.stringify(
    assets.map((asset, ord) => ({
      ord,
      id: asset.id,
      planet: asset.planet,
      title: asset.title,
      account_id: asset.accountId,
      attributes: asset.attributes,
      created_at: asset.event.created_at,
      event_id: asset.event.id,
      event_type: asset.event.event_type,
      payload: asset.event.payload,
      hash: asset.event.hash,
      outbox_id: asset.outboxId,
      outbox_asset: outboxRecordWithoutNumber(asset),
      inventory_number: asset.inventoryNumber,
    })),
  );
}

/**
 * Many creates in one statement (group commit): each asset with its own number, CREATED event and outbox
 * row, all committed together or not at all. The rows come back in the order of `assets`.
 */
export async function insertAssetsWithCreatedEvents(
  db: Queryable,
  assets: readonly NewAsset[],
): Promise<AssetRow[]> {
  if (assets.length === 1) return [await insertAssetWithCreatedEvent(db, assets[0]!)];
  const { rows } = await db.query<AssetRow>(insertAssetsWithCreatedEventsStatement, [batchParameter(assets)]);
  announceCreated(db);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return assets.map((asset) => {
    const row = byId.get(asset.id);
    if (!row) throw new Error(`the batch insert returned no row for asset ${asset.id}`);
    return row;
  });
}

/** As insertAssetsWithCreatedEvents, without reading the rows back: the assets' ids are theirs before the statement. */
export async function insertAssetsWithoutRows(db: Queryable, assets: readonly NewAsset[]): Promise<void> {
  if (assets.length === 1) {
    await insertAssetWithCreatedEvent(db, assets[0]!);
    return;
  }
  const { rows } = await db.query<{ id: string }>(insertAssetsAnsweringIdsStatement, [
    batchParameter(assets),
  ]);
  announceCreated(db);
  if (rows.length !== assets.length)
    throw new Error(`the batch insert wrote ${rows.length} of ${assets.length} assets`);
}

/** The record as create returns it, less the number the database assigns inside the statement. */
function outboxRecordWithoutNumber(asset: NewAsset): Record<string, unknown> {
  return {
    id: asset.id,
    planet: asset.planet,
    title: asset.title,
    account_id: asset.accountId,
    certificate_status: initialCertificateStatus,
    status: initialAssetStatus,
    created_by: asset.accountId,
    updated_by: asset.accountId,
    created_at: asset.event.created_at,
    updated_at: asset.event.created_at,
    alert: null,
    inventory_number: asset.inventoryNumber,
    ...asset.attributes,
  };
}

export const FIND_ASSET_SQL = `SELECT ${ASSET_COLUMNS} FROM assets WHERE planet = $1 AND id = $2`;
export const FIND_ASSET_BY_NUMBER_SQL = `SELECT ${ASSET_COLUMNS} FROM assets WHERE planet = $1 AND certificate_number = $2`;

const findAssetStatement = prepared('find_asset', FIND_ASSET_SQL);
const lockAssetStatement = prepared('lock_asset', `${FIND_ASSET_SQL} FOR UPDATE`);

export async function findAsset(db: Queryable, planet: string, id: string): Promise<AssetRow | undefined> {
  return queryFirst<AssetRow>(db, findAssetStatement, [planet, id]);
}

const findAssetsStatement = prepared(
  'find_assets',
  `SELECT ${ASSET_COLUMNS} FROM assets WHERE planet = $1 AND id = ANY($2::uuid[])`,
);

/** Several assets of one planet in one statement (the gets that arrive together, AssetReads), by id; missing ids are left out. */
export async function findAssets(
  db: Queryable,
  planet: string,
  ids: readonly string[],
): Promise<Map<string, AssetRow>> {
  const rows = await queryAll<AssetRow>(db, findAssetsStatement, [planet, ids]);
  return new Map(rows.map((row) => [row.id, row]));
}

/** Locks the asset row until the transaction ends: appends to its history are serialised behind it. */
/** The account's assets of the planet that hold one of these inventory numbers (an import's look-up). */
export async function findAssetsByInventoryNumbers(
  db: Queryable,
  planet: string,
  accountId: string,
  inventoryNumbers: readonly string[],
): Promise<AssetRow[]> {
  const { rows } = await db.query<AssetRow>(
    `SELECT ${ASSET_COLUMNS} FROM assets
      WHERE planet = $1 AND account_id = $2 AND inventory_number = ANY($3::text[])`,
    [planet, accountId, inventoryNumbers],
  );
  return rows;
}

export async function lockAsset(db: Queryable, planet: string, id: string): Promise<AssetRow | undefined> {
  return queryFirst<AssetRow>(db, lockAssetStatement, [planet, id]);
}

export interface AssetChange {
  title?: string;
  attributes?: Record<string, unknown>;
  /** A string sets the number, null removes it; undefined leaves it. */
  inventoryNumber?: string | null;
  status?: string;
  accountId?: string;
  updatedBy: string;
  updatedAt: string;
}

export async function updateAssetRow(
  db: Queryable,
  planet: string,
  id: string,
  change: AssetChange,
): Promise<AssetRow> {
  return queryOne<AssetRow>(
    db,
    `UPDATE assets SET
       title = COALESCE($3, title),
       attributes = COALESCE($4::jsonb, attributes),
       status = COALESCE($5, status),
       account_id = COALESCE($6::uuid, account_id),
       updated_by = $7,
       updated_at = $8,
       inventory_number = CASE WHEN $9::boolean THEN $10 ELSE inventory_number END
     WHERE planet = $1 AND id = $2
     RETURNING ${ASSET_COLUMNS}`,
    [
      planet,
      id,
      change.title ?? null,
      change.attributes === undefined ? null : JSON.stringify(change.attributes),
      change.status ?? null,
      change.accountId ?? null,
      change.updatedBy,
      change.updatedAt,
      change.inventoryNumber !== undefined,
      change.inventoryNumber ?? null,
    ],
  );
}

/** Locks the asset holding this certificate until the transaction ends (events need the lock). */
export async function lockAssetByCertificateNumber(
  tx: Queryable,
  planet: string,
  certificateNumber: string,
): Promise<AssetRow | undefined> {
  return queryFirst<AssetRow>(tx, `${FIND_ASSET_BY_NUMBER_SQL} FOR UPDATE`, [planet, certificateNumber]);
}

export async function updateCertificateState(
  tx: Queryable,
  change: {
    planet: string;
    id: string;
    certificateStatus: string;
    status: string;
    reason: string | null;
    setIssuedAt: boolean;
    setRevokedAt: boolean;
  },
): Promise<AssetRow> {
  return queryOne<AssetRow>(
    tx,
    `UPDATE assets SET certificate_status = $3, status = $4, status_reason = $5, updated_at = now(),
       issued_at = CASE WHEN $6::boolean THEN now() ELSE issued_at END,
       revoked_at = CASE WHEN $7::boolean THEN now() ELSE revoked_at END
     WHERE planet = $1 AND id = $2
     RETURNING ${ASSET_COLUMNS}`,
    [
      change.planet,
      change.id,
      change.certificateStatus,
      change.status,
      change.reason,
      change.setIssuedAt,
      change.setRevokedAt,
    ],
  );
}
