import type { Queryable } from '../../db/database.js';
import { AppError } from '../../errors/error-catalogue.js';
import { isUuid } from '../../lib/uuid.js';
import type { Principal } from '../principal/principal.js';
import { listConsignedHoldingsOfAccount } from './account-holdings.repository.js';
import { findHandover, markHandoverCancelled } from './holders.repository.js';
import { inTransaction } from './holders.service.js';

/** One object an account holds on consignment: another account registered it. */
export interface ConsignedHolding {
  planet: string;
  assetId: string;
  title: string;
  certificateNumber: string;
  registrantAccountId: string;
  since: string;
}

/** The most objects held on consignment one console page lists. */
const CONSIGNED_SHOWN = 200;

/** The objects the account holds but did not register (consigned to it), newest first. */
export async function listConsignedHoldings(db: Queryable, accountId: string): Promise<ConsignedHolding[]> {
  if (!isUuid(accountId)) return [];
  const rows = await listConsignedHoldingsOfAccount(db, accountId, CONSIGNED_SHOWN);
  return rows.map((row) => ({
    planet: row.planet,
    assetId: row.asset_id,
    title: row.title,
    certificateNumber: row.certificate_number,
    registrantAccountId: row.registrant_account_id,
    since: row.since.toISOString(),
  }));
}

/**
 * The consignee declines an open consignment offered to it: the offer closes and nothing else changes (the object
 * stays with its holder). 404 for an offer not made to the account, 409 when it is no longer open.
 */
export async function declineConsignment(
  db: Queryable,
  input: { handoverId: string; principal: Principal },
): Promise<{ planet: string; assetId: string }> {
  return inTransaction(db, async (tx) => {
    const offer = isUuid(input.handoverId) ? await findHandover(tx, input.handoverId) : undefined;
    if (!offer || offer.kind !== 'consignment' || offer.to_account_id !== input.principal.accountId) {
      throw new AppError('handover_not_found');
    }
    const declined = offer.expires_at.getTime() > Date.now() && (await markHandoverCancelled(tx, offer.id));
    if (!declined) throw new AppError('handover_closed');
    return { planet: offer.planet, assetId: offer.asset_id };
  });
}
