import type { Database, Queryable } from '../../db/database.js';
import { DatabaseUnavailableError, isUniqueViolation } from '../../db/database.js';
import { ReadsTogether } from '../../db/reads-together.js';
import { GroupCommit } from '../../lib/group-commit.js';
import { AppError } from '../../errors/error-catalogue.js';
import { isUuid } from '../../lib/uuid.js';
import type { PlanetId } from '../../planets/planets.js';
import { answerLookup, type LookupAnswer } from '../alert-lookups/alert-lookups.service.js';
import { appendEvent, buildEvent } from '../chain/history-events.service.js';
import {
  historyActor,
  ownerOrAdminActorId,
  ownerOrAdminSource,
  type OwnerOrAdmin,
  type Principal,
} from '../principal/principal.js';
import { recordWebhookEvent } from '../webhooks/outbox.service.js';
import {
  assertAssetStatusMove,
  assertCanChangeMedia,
  assertCanTransfer,
  assertCanUpdate,
  assertCertificateMove,
  assertNotArchived,
  assetStatusAfterCertificateMove,
  type CertificateMove,
  type MediaMove,
} from './asset-states.js';
import { assertPassThroughLimit, parseAssetBody, type AssetInput } from './asset-input.js';
import { toAssetRecord, withoutInventoryNumber } from './asset-record.js';
import {
  findAsset,
  findAssets,
  findAssetsByInventoryNumbers,
  insertAssetsWithoutRows,
  insertAssetsWithCreatedEvents,
  lockAsset,
  lockAssetByCertificateNumber,
  updateAssetRow,
  updateCertificateState,
  type AssetRow,
  type NewAsset,
} from './assets.repository.js';
import type { AssetRecordType } from './assets.schemas.js';
import { timeOrderedId } from '../../lib/time-ordered-id.js';

// The one row type: the rooms that change an asset inside their own transaction (alerts, certificate moves) hold it.
export type { AssetRow };

function notFound(): AppError {
  return new AppError('asset_not_found');
}

/** A create body's checks beyond its planet's schema: the limits of docs/errors.md and the pass-through count. */
export function checkCreateInput(planet: PlanetId, body: unknown): AssetInput {
  const input = parseAssetBody(body, 'create');
  assertPassThroughLimit(planet, input.attributes);
  return input;
}

/**
 * Everything a create checks and computes before it reaches the database: the body, the pass-through
 * limit, the ids and the hashed CREATED event. A bad request fails here, alone, before any batching.
 */
function prepareCreate(principal: Principal, planet: PlanetId, body: unknown): NewAsset {
  const input = checkCreateInput(planet, body);
  const id = timeOrderedId();
  const event = buildEvent(
    {
      assetId: id,
      planet,
      eventType: 'CREATED',
      payload: historyActor(principal),
      actorAccountId: principal.accountId,
    },
    null,
  );
  return {
    id,
    planet,
    title: input.title!,
    accountId: principal.accountId,
    inventoryNumber: input.inventoryNumber ?? null,
    attributes: input.attributes,
    event,
    outboxId: timeOrderedId(),
  };
}

/**
 * The unique index of migration 440, one asset per inventory number in an account's planet, as a statement meets it:
 * on the planet's partition, whose index PostgreSQL named after the partition (assets_artworks_…_inventory_number_idx).
 */
const INVENTORY_NUMBER_INDEX = /^assets_.*inventory_number_(idx|key)$/;

/** A write that met another asset's inventory number: 409, else the error as it was. */
function inventoryNumberTaken(error: unknown): unknown {
  return isUniqueViolation(error, INVENTORY_NUMBER_INDEX) ? new AppError('inventory_number_taken') : error;
}

/** docs/errors.md: a failed insert is a 500 with its own code; the cause is logged, never shown. */
function createFailed(error: unknown): unknown {
  if (error instanceof DatabaseUnavailableError) return error;
  if (isUniqueViolation(error, INVENTORY_NUMBER_INDEX)) return inventoryNumberTaken(error);
  return Object.assign(new AppError('asset_create_failed'), { cause: error });
}

/** Creates the asset, its CREATED event and its asset.created outbox row in one statement. */
export async function createAsset(
  db: Queryable,
  principal: Principal,
  planet: PlanetId,
  body: unknown,
): Promise<AssetRecordType> {
  const asset = prepareCreate(principal, planet, body);
  try {
    const [row] = await insertAssetsWithCreatedEvents(db, [asset]);
    return toAssetRecord(row!);
  } catch (error) {
    throw createFailed(error);
  }
}

/**
 * Several creates in one statement, in their order (an import's batch, docs/inventory.md): each as createAsset
 * makes it, with its CREATED event and outbox row. One that breaks a constraint fails the statement, and so all.
 * Answers the new assets' ids, in order: the batch reads nothing else back.
 */
export async function createAssets(
  db: Queryable,
  principal: Principal,
  planet: PlanetId,
  bodies: readonly unknown[],
): Promise<string[]> {
  const assets = bodies.map((body) => prepareCreate(principal, planet, body));
  if (assets.length === 0) return [];
  try {
    await insertAssetsWithoutRows(db, assets);
  } catch (error) {
    throw createFailed(error);
  }
  return assets.map((asset) => asset.id);
}

/**
 * Creates by group commit (docs/performance.md): creates that arrive while a write runs go to the database together,
 * as one multi-row statement and so one transaction and one commit; each still gets its own asset,
 * certificate number, CREATED event and outbox row. A batch that fails is written again one create at a
 * time, so a create that breaks a constraint fails alone. A lone create is written at once.
 */
export class AssetCreates {
  private readonly group: GroupCommit<NewAsset, AssetRow>;

  constructor(db: Database) {
    this.group = new GroupCommit((batch) => insertAssetsWithCreatedEvents(db, batch), {
      // PGlite runs one statement at a time: a second writer would only queue behind the first.
      maxWriters: db.kind === 'pglite' ? 1 : 4,
      // PGlite answers in this thread without a turn of the event loop: let received requests join first.
      gatherTurn: db.kind === 'pglite',
      retryAlone: (error) => !(error instanceof DatabaseUnavailableError),
    });
  }

  async create(principal: Principal, planet: PlanetId, body: unknown): Promise<AssetRecordType> {
    const asset = prepareCreate(principal, planet, body);
    try {
      return toAssetRecord(await this.group.add(asset));
    } catch (error) {
      throw createFailed(error);
    }
  }

  drain(): Promise<void> {
    return this.group.drain();
  }
}

/** The record as `reader` sees it: the stock number is the holding account's alone. */
function recordForReader(row: AssetRow, reader: Principal | undefined): AssetRecordType {
  const record = toAssetRecord(row);
  return reader && reader.accountId !== row.account_id ? withoutInventoryNumber(record) : record;
}

/** Any key whose scope covers the planet may read any asset: this is a verification registry. */
export async function getAsset(
  db: Queryable,
  planet: PlanetId,
  id: string,
  reader?: Principal,
): Promise<AssetRecordType> {
  const row = isUuid(id) ? await findAsset(db, planet, id) : undefined;
  if (!row) throw notFound();
  return recordForReader(row, reader);
}

/** The API's gets (GET /assets/{planet}/{id}): the look-ups that arrive together are read together (ReadsTogether). */
export class AssetReads {
  private readonly reads: ReadsTogether<{ id: string }, AssetRow>;

  constructor(private readonly db: Database) {
    this.reads = new ReadsTogether(
      db,
      (planet, { id }) => findAsset(db, planet, id),
      (planet, items) =>
        findAssets(
          db,
          planet,
          items.map((item) => item.id),
        ),
    );
  }

  /** An asset read by a key: an asset with an open alert has the look-up on record, its answer no-store. */
  async lookUp(principal: Principal, planet: PlanetId, id: string): Promise<LookupAnswer<AssetRecordType>> {
    const row = isUuid(id) ? await this.reads.read(planet, { id }) : undefined;
    if (!row) throw notFound();
    const asset = recordForReader(row, principal);
    return answerLookup(this.db, asset, 'get', { principal }, asset);
  }
}

/**
 * The asset `read` finds by id when the actor may change it: an administrator any asset, an owner its own only;
 * another account's asset is 404, as one that does not exist (and a malformed id is not looked up).
 */
async function assetOfOwnerOrAdmin(
  actor: OwnerOrAdmin,
  id: string,
  read: (id: string) => Promise<AssetRow | undefined>,
): Promise<AssetRow> {
  const row = isUuid(id) ? await read(id) : undefined;
  if (!row || ('principal' in actor && row.account_id !== actor.principal.accountId)) throw notFound();
  return row;
}

/** The account's assets of the planet holding these inventory numbers, by number (an import's look-up). */
export async function ownAssetsByInventoryNumber(
  db: Queryable,
  accountId: string,
  planet: PlanetId,
  inventoryNumbers: readonly string[],
): Promise<Map<string, AssetRow>> {
  if (inventoryNumbers.length === 0) return new Map();
  const rows = await findAssetsByInventoryNumbers(db, planet, accountId, inventoryNumbers);
  return new Map(rows.map((row) => [row.inventory_number!, row]));
}

/** The account's assets of the planet among these ids, by id (an exported row found again by its `id`). */
export async function ownAssetsById(
  db: Queryable,
  accountId: string,
  planet: PlanetId,
  ids: readonly string[],
): Promise<Map<string, AssetRow>> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return new Map();
  const rows = await findAssets(db, planet, valid);
  return new Map([...rows].filter(([, row]) => row.account_id === accountId));
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** What an update body would change on a row: old and new per field, and the attributes it leaves. */
export interface AssetChanges {
  changes: Record<string, { old: unknown; new: unknown }>;
  title: string | undefined;
  attributes: Record<string, unknown>;
  /** The stock number to set (null removes it); undefined when the body leaves it as it is. */
  inventoryNumber: string | null | undefined;
}

/**
 * The one rule of an update body (PATCH, and a correction after issue): title and planet fields validated as on
 * create, pass-through fields merged, null removes a field; `changes` is empty when nothing would change.
 */
export function assetChangesOf(planet: PlanetId, row: AssetRow, body: unknown): AssetChanges {
  const input = parseAssetBody(body, 'update');
  const changes: Record<string, { old: unknown; new: unknown }> = {};
  if (input.title !== undefined && input.title !== row.title) {
    changes.title = { old: row.title, new: input.title };
  }
  const attributes = { ...row.attributes };
  for (const [key, value] of Object.entries(input.attributes)) {
    const old = Object.hasOwn(attributes, key) ? attributes[key] : null;
    if (value === null) delete attributes[key];
    else attributes[key] = value;
    if (!sameJson(old, value)) changes[key] = { old, new: value };
  }
  // The stock number is the account's, not the object's: it changes the row but enters no history (docs/inventory.md).
  const inventoryNumber =
    input.inventoryNumber !== undefined && input.inventoryNumber !== row.inventory_number
      ? input.inventoryNumber
      : undefined;
  if (Object.keys(changes).length > 0) assertPassThroughLimit(planet, attributes);
  return { changes, title: changes.title ? input.title : undefined, attributes, inventoryNumber };
}

/** Writes the changes of assetChangesOf to a row whose lock the caller holds; its event is the caller's. */
export async function writeAssetChanges(
  db: Queryable,
  row: AssetRow,
  changes: AssetChanges,
  updatedBy: string,
): Promise<AssetRow> {
  try {
    return await updateAssetRow(db, row.planet, row.id, {
      title: changes.title,
      attributes: changes.attributes,
      inventoryNumber: changes.inventoryNumber,
      updatedBy,
      updatedAt: new Date().toISOString(),
    });
  } catch (error) {
    throw inventoryNumberTaken(error);
  }
}

/** PATCH: title and planet fields validated as on create, pass-through fields merged, null removes a field. */
export async function updateAsset(
  db: Queryable,
  principal: Principal,
  planet: PlanetId,
  id: string,
  body: unknown,
): Promise<AssetRecordType> {
  parseAssetBody(body, 'update');
  const row = await lockAssetOfOwnerOrAdmin(db, { principal }, planet, id);
  assertCanUpdate(row);
  const update = assetChangesOf(planet, row, body);
  const historyChanges = Object.keys(update.changes).length > 0;
  if (!historyChanges && update.inventoryNumber === undefined) return toAssetRecord(row);
  const updated = await writeAssetChanges(db, row, update, principal.accountId);
  if (!historyChanges) return toAssetRecord(updated);
  await appendEvent(db, {
    assetId: row.id,
    planet,
    eventType: 'UPDATED',
    payload: { ...historyActor(principal), changes: update.changes },
    actorAccountId: principal.accountId,
  });
  return toAssetRecord(updated);
}

/**
 * Archives the asset for its owner or an administrator, who may archive any asset (DESIGN section 3): another
 * account's asset is 404. `updated_by` names the owner's account; an administrator's archive keeps the last one's.
 */
export async function archiveAsset(
  db: Queryable,
  actor: OwnerOrAdmin,
  planet: PlanetId,
  id: string,
): Promise<AssetRecordType> {
  const row = await lockAssetOfOwnerOrAdmin(db, actor, planet, id);
  const status = assertAssetStatusMove(row.status, 'archive');
  const updated = await updateAssetRow(db, row.planet, row.id, {
    status,
    updatedBy: 'principal' in actor ? actor.principal.accountId : row.updated_by,
    updatedAt: new Date().toISOString(),
  });
  await appendEvent(db, {
    assetId: row.id,
    planet: row.planet,
    eventType: 'ARCHIVED',
    payload: { ...ownerOrAdminSource(actor), from_status: row.status },
    actorAccountId: ownerOrAdminActorId(actor),
  });
  return toAssetRecord(updated);
}

/**
 * The owner's asset, locked, about to be offered to another account (the transfers room holds the offer):
 * 404 unless the caller owns it, 409 when it is archived.
 */
export async function lockTransferableAsset(
  db: Queryable,
  principal: Principal,
  planet: PlanetId,
  id: string,
): Promise<AssetRow> {
  const row = await lockAssetOfOwnerOrAdmin(db, { principal }, planet, id);
  assertCanTransfer(row.status);
  return row;
}

/** The owner's asset, locked, to add or remove media: 404 unless the caller owns it, 409 unless pending. */
export async function lockAssetForMediaChange(
  db: Queryable,
  principal: Principal,
  planet: PlanetId,
  id: string,
  move: MediaMove,
): Promise<AssetRow> {
  const row = await lockAssetOfOwnerOrAdmin(db, { principal }, planet, id);
  assertCanChangeMedia(row.certificate_status, move);
  return row;
}

/**
 * Whether the owner may add media to the asset now, read without a lock: an upload is refused on it (404, 409)
 * before its body is read. The change itself locks and checks again (lockAssetForMediaChange).
 */
export async function checkAssetForMediaChange(
  db: Queryable,
  principal: Principal,
  planet: PlanetId,
  id: string,
  move: MediaMove,
): Promise<void> {
  const row = await assetOfOwnerOrAdmin({ principal }, id, (assetId) => findAsset(db, planet, assetId));
  assertCanChangeMedia(row.certificate_status, move);
}

/** An asset's row read by another room (the holders room reads who registered it and when), unlocked. */
export async function readAssetRow(db: Queryable, planet: string, id: string): Promise<AssetRow | undefined> {
  return findAsset(db, planet, id);
}

/** Several assets' rows of one planet read by another room in one statement, by id (missing ids left out). */
export async function readAssetRows(
  db: Queryable,
  planet: string,
  ids: readonly string[],
): Promise<Map<string, AssetRow>> {
  return ids.length === 0 ? new Map() : findAssets(db, planet, ids);
}

/**
 * Locks an asset another room changes in its own transaction (an offer answered, an alert raised or resolved, a
 * certificate moved), by id or by its certificate, before that room's own lock; undefined when there is none.
 */
export async function lockAssetForChange(
  db: Queryable,
  planet: string,
  asset: { id: string } | { certificateNumber: string },
): Promise<AssetRow | undefined> {
  return 'id' in asset
    ? lockAsset(db, planet, asset.id)
    : lockAssetByCertificateNumber(db, planet, asset.certificateNumber);
}

/**
 * The asset another room changes for its owner or an administrator (an alert, a tag), locked: an administrator's
 * any asset, an owner's own only; another account's asset is 404, as one that does not exist.
 */
export async function lockAssetOfOwnerOrAdmin(
  tx: Queryable,
  actor: OwnerOrAdmin,
  planet: PlanetId,
  id: string,
): Promise<AssetRow> {
  return assetOfOwnerOrAdmin(actor, id, (assetId) => lockAsset(tx, planet, assetId));
}

/**
 * A certificate move on an asset whose row lock the caller holds: refused on an archived asset and where the
 * state table (asset-states.ts) does not allow it, then the certificate status, the asset status and the move's
 * dates set in one update. The caller writes its event and outbox rows in the same transaction.
 */
export async function moveCertificateOfLockedAsset(
  tx: Queryable,
  row: AssetRow,
  move: CertificateMove,
  reason: string | null,
): Promise<AssetRow> {
  assertNotArchived(row.status, move);
  const certificateStatus = assertCertificateMove(row.certificate_status, move);
  return updateCertificateState(tx, {
    planet: row.planet,
    id: row.id,
    certificateStatus,
    status: assetStatusAfterCertificateMove(row.status, move),
    reason,
    setIssuedAt: move === 'issue',
    setRevokedAt: move === 'revoke',
  });
}

/**
 * An accepted offer: `account_id` moves to the receiver, under the row lock the caller holds, with its
 * OWNERSHIP_TRANSFERRED event and an `ownership.transferred` outbox row for each of the two accounts.
 */
export async function transferLockedAsset(
  db: Queryable,
  row: AssetRow,
  change: { toAccountId: string; transferId: string; acceptedBy: Principal },
): Promise<AssetRecordType> {
  assertCanTransfer(row.status);
  const updated = await updateAssetRow(db, row.planet, row.id, {
    accountId: change.toAccountId,
    // The giving gallery's stock number means nothing in the receiver's stock (docs/inventory.md).
    inventoryNumber: null,
    updatedBy: change.toAccountId,
    updatedAt: new Date().toISOString(),
  });
  const payload = {
    from_account_id: row.account_id,
    to_account_id: updated.account_id,
    transfer_id: change.transferId,
  };
  await appendEvent(db, {
    assetId: row.id,
    planet: row.planet,
    eventType: 'OWNERSHIP_TRANSFERRED',
    payload: { ...historyActor(change.acceptedBy), ...payload },
    actorAccountId: change.toAccountId,
  });
  const record = toAssetRecord(updated);
  // Both sides hear of it: the new owner receives the asset, the old one learns the offer was taken.
  for (const accountId of [row.account_id, updated.account_id]) {
    await recordWebhookEvent(db, {
      accountId,
      eventType: 'ownership.transferred',
      payload: { asset: record, ...payload },
    });
  }
  return record;
}
