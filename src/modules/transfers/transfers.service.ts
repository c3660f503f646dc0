import { randomUUID } from 'node:crypto';
import { limits } from '../../limits.js';
import type { Queryable } from '../../db/database.js';
import { AppError } from '../../errors/error-catalogue.js';
import { decodePosition, toPage } from '../../lib/page-cursor.js';
import { pick } from '../../lib/records.js';
import { isUuid } from '../../lib/uuid.js';
import { isInScope } from '../../planets/planet-access.js';
import type { PlanetId } from '../../planets/planets.js';
import { lockAssetForChange, lockTransferableAsset, transferLockedAsset } from '../assets/assets.service.js';
import { accountHolds, assertAccountMayAct, moveHoldingWithTransfer } from '../holders/holders.service.js';
import { recordTransferNotice } from '../notices/notice-events.service.js';
import type { Principal } from '../principal/principal.js';
import {
  countWaitingOffers,
  expireStaleOffers,
  findPendingOffer,
  findPendingOfferNamed,
  findTransferOfParty,
  insertTransfer,
  listOpenTransfers,
  listOpenTransfersDescribed,
  lockTransfer,
  setTransferStatus,
  type TransferRow,
} from './transfers.repository.js';
import type {
  AcceptedTransferResponseType,
  TransferListQueryType,
  TransferResponseType,
  TransferType,
} from './transfers.schemas.js';

const OFFER_VALID_MS = limits.transferOfferDays * 24 * 60 * 60 * 1000;

function isExpired(row: TransferRow): boolean {
  return row.status === 'pending' && row.expires_at.getTime() <= Date.now();
}

/** A pending offer whose time has passed reads as `expired`, whether or not a write has marked it yet. */
function toTransfer(row: TransferRow): TransferType {
  return {
    ...pick(row, 'id', 'planet', 'asset_id', 'from_account_id', 'to_account_id'),
    status: isExpired(row) ? 'expired' : row.status,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    decided_at: row.decided_at?.toISOString() ?? null,
  };
}

/**
 * POST …/transfer: the owner offers the asset. Nothing about the asset changes until the receiver accepts.
 * An account that does not exist gets the same answer as one that does: the offer is made and expires.
 */
export async function offerTransfer(
  db: Queryable,
  principal: Principal,
  planet: PlanetId,
  assetId: string,
  toAccountId: string,
): Promise<TransferResponseType> {
  if (toAccountId.toLowerCase() === principal.accountId.toLowerCase()) {
    throw new AppError('validation_failed', 'transfer_to_owner');
  }
  const asset = await lockTransferableAsset(db, principal, planet, assetId);
  // A collector's object cannot be transferred away by the gallery that registered it (holder-rules.ts).
  await assertAccountMayAct(db, 'transfer', principal, asset);
  await expireStaleOffers(db, planet, asset.id);
  const open = await findPendingOffer(db, planet, asset.id);
  if (open) throw new AppError('transfer_pending', 'open_offer', { id: open.id });
  const row = await insertTransfer(db, {
    id: randomUUID(),
    planet,
    assetId: asset.id,
    fromAccountId: principal.accountId,
    toAccountId: toAccountId.toLowerCase(),
    validForMs: OFFER_VALID_MS,
  });
  await recordTransferNotice(db, 'transfer_offered', {
    planet,
    assetId: asset.id,
    accountId: row.to_account_id,
    otherAccountId: row.from_account_id,
  });
  return { transfer: toTransfer(row) };
}

/** The offer as one party sees it: 404 for anyone else, for an id that is no UUID and outside the key's planets. */
async function findOwnTransfer(
  db: Queryable,
  principal: Principal,
  id: string,
  role: 'incoming' | 'outgoing',
): Promise<TransferRow> {
  const row = isUuid(id) ? await findTransferOfParty(db, id, principal.accountId, role) : undefined;
  if (!row || !isInScope(principal, row.planet)) throw new AppError('transfer_not_found');
  return row;
}

/** A decision needs a pending offer whose time has not passed: 409 naming what it is otherwise. */
function assertOpen(row: TransferRow, move: string): void {
  if (isExpired(row) || row.status === 'expired') throw new AppError('transfer_expired');
  if (row.status !== 'pending') {
    throw new AppError('invalid_state', 'transfer_is', { move, state: row.status });
  }
}

/**
 * POST /transfers/{id}/accept, by the receiver: under the asset's row lock (then the offer's), the asset
 * changes owner, its OWNERSHIP_TRANSFERRED event and both accounts' outbox rows commit with the answer.
 */
export async function acceptTransfer(
  db: Queryable,
  principal: Principal,
  id: string,
): Promise<AcceptedTransferResponseType> {
  const found = await findOwnTransfer(db, principal, id, 'incoming');
  const asset = await lockAssetForChange(db, found.planet, { id: found.asset_id });
  const offer = await lockTransfer(db, found.id);
  if (!asset || !offer) throw new AppError('transfer_not_found');
  assertOpen(offer, 'accept');
  // Only an offer of the asset's present owner can be taken (no path leaves another pending, but never trust it).
  if (asset.account_id !== offer.from_account_id) {
    throw new AppError('invalid_state', 'transfer_is', { move: 'accept', state: 'outdated' });
  }
  if (!(await accountHolds(db, asset, offer.from_account_id))) {
    throw new AppError('not_holder', 'may_not', { action: 'transfer' });
  }
  await moveHoldingWithTransfer(db, asset, offer.to_account_id);
  const record = await transferLockedAsset(db, asset, {
    toAccountId: offer.to_account_id,
    transferId: offer.id,
    acceptedBy: principal,
  });
  const accepted = await setTransferStatus(db, offer.id, 'accepted');
  await recordTransferNotice(db, 'transfer_accepted', {
    planet: offer.planet,
    assetId: offer.asset_id,
    accountId: offer.from_account_id,
    otherAccountId: offer.to_account_id,
  });
  return { transfer: toTransfer(accepted), asset: record };
}

/** POST /transfers/{id}/decline (the receiver) or /cancel (the sender): the offer closes, the asset stays. */
export async function closeTransfer(
  db: Queryable,
  principal: Principal,
  id: string,
  move: 'decline' | 'cancel',
): Promise<TransferResponseType> {
  const found = await findOwnTransfer(db, principal, id, move === 'decline' ? 'incoming' : 'outgoing');
  const offer = (await lockTransfer(db, found.id))!;
  assertOpen(offer, move);
  const closed = await setTransferStatus(db, offer.id, move === 'decline' ? 'declined' : 'cancelled');
  if (move === 'decline') {
    await recordTransferNotice(db, 'transfer_declined', {
      planet: offer.planet,
      assetId: offer.asset_id,
      accountId: offer.from_account_id,
      otherAccountId: offer.to_account_id,
    });
  }
  return { transfer: toTransfer(closed) };
}

/** The filter of a page of open offers: the caller's account, side and key's planets, from the cursor on. */
function openOffers(
  principal: Principal,
  query: { role?: 'incoming' | 'outgoing'; cursor?: string },
  limit: number,
) {
  return {
    accountId: principal.accountId,
    role: query.role,
    planets: principal.planetScope,
    after: decodePosition(query.cursor),
    limit,
  };
}

/** GET /transfers: the open offers the caller receives or made, newest first, in its key's planets. */
export async function listTransfers(db: Queryable, principal: Principal, query: TransferListQueryType) {
  const limit = query.limit ?? 50;
  return toPage(await listOpenTransfers(db, openOffers(principal, query, limit)), limit, toTransfer);
}

/** An open offer as the console lists it: the record, the asset's title and number, and both accounts' names. */
export interface DescribedTransfer extends TransferType {
  asset_title: string | null;
  certificate_number: string | null;
  from_account_name: string | null;
  to_account_name: string | null;
}

/** The open offers the caller receives (`incoming`) or made (`outgoing`), newest first, one page. */
export async function listDescribedTransfers(
  db: Queryable,
  principal: Principal,
  query: { role: 'incoming' | 'outgoing'; cursor?: string; limit?: number },
) {
  const limit = query.limit ?? 50;
  const rows = await listOpenTransfersDescribed(db, openOffers(principal, query, limit));
  return toPage(rows, limit, (row): DescribedTransfer => ({
    ...toTransfer(row),
    ...pick(row, 'asset_title', 'certificate_number', 'from_account_name', 'to_account_name'),
  }));
}

/** How many offers wait for the account's answer (pending and not yet expired). */
export async function countOffersWaiting(db: Queryable, accountId: string): Promise<number> {
  return countWaitingOffers(db, accountId);
}

/** An asset's open offer as its page shows it: the record and the receiving account's name (null when none). */
export type NamedOffer = TransferType & { to_account_name: string | null };

/** The open offer of an asset, as its owner sees it (the console's asset page): undefined when none is pending. */
export async function pendingOfferOfAsset(
  db: Queryable,
  principal: Principal,
  planet: PlanetId,
  assetId: string,
): Promise<NamedOffer | undefined> {
  const row = isUuid(assetId) ? await findPendingOfferNamed(db, planet, assetId) : undefined;
  if (!row || row.from_account_id !== principal.accountId) return undefined;
  const offer = toTransfer(row);
  return offer.status === 'pending' ? { ...offer, to_account_name: row.to_account_name } : undefined;
}
