import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../../db/database.js';
import { AppError } from '../../errors/error-catalogue.js';
import { formatDateTime } from '../../i18n/formats.js';
import { LANGUAGES, type Language } from '../../i18n/locales.js';
import { isEmailAddress, normaliseEmail } from '../../lib/email.js';
import { isUuid } from '../../lib/uuid.js';
import { isInScope } from '../../planets/planet-access.js';
import { getAccountProfile } from '../accounts/account-profiles.service.js';
import { getAccount } from '../accounts/accounts.service.js';
import { recordAudit } from '../audit/audit.service.js';
import { toAssetRecord, withoutInventoryNumber } from '../assets/asset-record.js';
import { assertNotArchived, isIssued } from '../assets/asset-states.js';
import {
  lockAssetForChange,
  readAssetRow as findAsset,
  readAssetRows,
  type AssetRow,
} from '../assets/assets.service.js';
import type { AssetRecordType } from '../assets/assets.schemas.js';
import { appendEvent } from '../chain/history-events.service.js';
import { DEFAULT_MAIL_SETTINGS, type MailSettings } from '../mail/mail-settings.js';
import { queueMail } from '../mail/mail.service.js';
import { checkSendingLimits } from '../mail/sending-limits.js';
import { mailText } from '../mail/text/index.js';
import {
  readProvenance as readHoldingsChain,
  type ProvenanceEntry,
} from '../holding-proofs/holding-proofs.service.js';
import { historyActor, type Principal } from '../principal/principal.js';
import { recordWebhookEvent } from '../webhooks/outbox.service.js';
import { mayAct, type AssetParty, type HolderAction } from './holder-rules.js';
import type { HandoverRecord } from './holders.schemas.js';
import {
  cancelOpenHandoversOfAsset,
  closeHolding,
  findCollector,
  findCurrentHolding,
  findCurrentHoldingOfCollector,
  findHandover,
  findHandoverByCodeHash,
  insertHandover,
  insertHolding,
  listAssetsWithOpenHandover,
  listCurrentHoldingsOfCollector,
  listOpenHandoversToAccount,
  markHandoverAccepted,
  markHandoverCancelled,
  type HandoverRow,
  type HoldingRow,
} from './holders.repository.js';

/** Who acts on an asset's holding: an account (by key or member), a signed-in collector, or the operator. */
export type HolderActor =
  | { kind: 'account'; principal: Principal }
  | { kind: 'collector'; collectorId: string }
  | { kind: 'operator'; adminUserId: string | null };

export type { HandoverRecord };

/** A claim's code: 256 random bits, base64url. */
function newClaimCode(): string {
  return randomBytes(32).toString('base64url');
}

/** Only a code's SHA-256 is stored. */
function codeHash(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

function isClaimCodeShape(code: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(code);
}

function lockAsset(db: Queryable, planet: string, id: string): Promise<AssetRow | undefined> {
  return lockAssetForChange(db, planet, { id });
}

/** Who holds an object now (docs/collectors.md). */
export type CurrentHolder =
  { kind: 'account'; accountId: string } | { kind: 'collector'; collectorId: string; erased: boolean };

/** One holder in an object's provenance, oldest first (readProvenance). */
export type { ProvenanceEntry };

/** What a claim's page shows before it is accepted. */
export interface OpenClaim {
  handover: HandoverRecord;
  asset: {
    planet: string;
    id: string;
    title: string;
    certificateNumber: string;
    certificateStatus: string;
    status: string;
    /** The registrant account (who certified the facts). */
    accountId: string;
    /** The holder offering it: an account, or a collector (never named here). */
    from: { kind: 'account'; accountId: string } | { kind: 'collector' };
  };
}

/**
 * Runs `change` in a transaction of its own, or in the caller's when `db` already is one (a route's commitChange):
 * the holding, its event and its outbox rows commit together either way.
 */
export function inTransaction<T>(db: Queryable, change: (tx: Queryable) => Promise<T>): Promise<T> {
  return 'transaction' in db ? (db as Database).transaction(change) : change(db);
}

/** An offer stays open 30 days (issue #50). */
const HANDOVER_VALID_MS = 30 * 24 * 60 * 60 * 1000;

/** Where a claim's link leads: the collector's place signs the buyer in and accepts. */
export function claimPath(code: string): string {
  return `/collection/claim/${code}`;
}

function holdingCommitment(salt: Buffer, assetId: string, holder: CurrentHolder): string {
  const reference =
    holder.kind === 'account' ? `account:${holder.accountId}` : `collector:${holder.collectorId}`;
  return createHash('sha256').update(salt).update(assetId).update(reference).digest('hex');
}

function holderOfRow(row: HoldingRow, erased: boolean): CurrentHolder {
  return row.holder_kind === 'account'
    ? { kind: 'account', accountId: row.holder_account_id! }
    : { kind: 'collector', collectorId: row.collector_id!, erased };
}

function handoverStatus(row: HandoverRow): HandoverRecord['status'] {
  if (row.accepted_at) return 'accepted';
  if (row.cancelled_at) return 'cancelled';
  return row.expires_at.getTime() <= Date.now() ? 'expired' : 'open';
}

function toHandoverRecord(row: HandoverRow): HandoverRecord {
  return {
    id: row.id,
    planet: row.planet,
    asset_id: row.asset_id,
    kind: row.kind,
    to_account_id: row.to_account_id,
    status: handoverStatus(row),
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    accepted_at: row.accepted_at?.toISOString() ?? null,
    cancelled_at: row.cancelled_at?.toISOString() ?? null,
  };
}

/** The holder of an asset read inside the caller's transaction (no row: its registrant). */
async function holderOfAsset(db: Queryable, asset: Pick<AssetRow, 'id' | 'account_id'>) {
  const row = await findCurrentHolding(db, asset.id);
  if (!row)
    return { row: undefined, holder: { kind: 'account', accountId: asset.account_id } as CurrentHolder };
  const erased =
    row.holder_kind === 'collector' && (await findCollector(db, row.collector_id!))?.erased_at != null;
  return { row, holder: holderOfRow(row, erased) };
}

/** Who holds the asset now: its current holding, or its account when it was never handed over. 404 when none. */
export async function currentHolder(db: Queryable, planet: string, assetId: string): Promise<CurrentHolder> {
  const asset = isUuid(assetId) ? await findAsset(db, planet, assetId) : undefined;
  if (!asset) throw new AppError('asset_not_found');
  return (await holderOfAsset(db, asset)).holder;
}

/** Who holds an asset the caller has read already (its page): the asset is not read again. */
export async function holderOfReadAsset(
  db: Queryable,
  asset: Pick<AssetRow, 'id' | 'account_id'>,
): Promise<CurrentHolder> {
  return (await holderOfAsset(db, asset)).holder;
}

/** What the actor is to the asset (holder-rules.ts), given who holds it and any open consignment. */
function partiesOf(
  actor: HolderActor,
  asset: Pick<AssetRow, 'account_id'>,
  holder: CurrentHolder,
  consigneeAccountId?: string | null,
): AssetParty[] {
  if (actor.kind === 'operator') return ['operator'];
  if (actor.kind === 'collector') {
    return holder.kind === 'collector' && holder.collectorId === actor.collectorId
      ? ['collector_holder']
      : ['claimant'];
  }
  const accountId = actor.principal.accountId;
  const parties: AssetParty[] = [];
  if (asset.account_id === accountId) parties.push('registrant');
  if (holder.kind === 'account' && holder.accountId === accountId) parties.push('holder_account');
  if (consigneeAccountId === accountId) parties.push('consignee');
  return parties;
}

/** 403 unless the table lets the actor do `action` on the asset. */
function assertMayAct(action: HolderAction, parties: readonly AssetParty[]): void {
  if (!mayAct(action, parties)) throw new AppError('not_holder', 'may_not', { action });
}

/**
 * Whether an account may act on an asset as its holder now, for the rooms that act on an asset for its account
 * (transfers, alerts): 403 when a collector or another account holds it, 404 when the account is no party to it.
 */
export async function assertAccountMayAct(
  db: Queryable,
  action: HolderAction,
  principal: Principal,
  asset: Pick<AssetRow, 'id' | 'account_id'>,
): Promise<void> {
  const { holder } = await holderOfAsset(db, asset);
  const parties = partiesOf({ kind: 'account', principal }, asset, holder);
  if (parties.length === 0) throw new AppError('asset_not_found');
  assertMayAct(action, parties);
}

/** Whether the account holds the asset now (its holding row, or no row and it is the registrant). */
export async function accountHolds(
  db: Queryable,
  asset: Pick<AssetRow, 'id' | 'account_id'>,
  accountId: string,
): Promise<boolean> {
  const { holder } = await holderOfAsset(db, asset);
  return holder.kind === 'account' && holder.accountId === accountId;
}

/** The history event's actor fields: never a collector's id (the chain names no person). */
function chainActor(actor: HolderActor): { fields: Record<string, unknown>; actorAccountId: string | null } {
  if (actor.kind === 'account') {
    return { fields: historyActor(actor.principal), actorAccountId: actor.principal.accountId };
  }
  if (actor.kind === 'collector') return { fields: { source: 'collection' }, actorAccountId: null };
  return {
    fields: { source: 'admin', admin_user_id: actor.adminUserId ?? 'token' },
    actorAccountId: actor.adminUserId,
  };
}

/** The offer's `created_by`: who made it (kept off the chain, so a collector's id may be named here). */
function offerCreator(actor: HolderActor): Record<string, unknown> {
  if (actor.kind === 'collector') return { source: 'collection', collector_id: actor.collectorId };
  return chainActor(actor).fields;
}

function assertInScope(actor: HolderActor, planet: string): void {
  if (actor.kind === 'account' && !isInScope(actor.principal, planet)) throw new AppError('asset_not_found');
}

function checkLanguage(language: string | undefined): Language | null {
  if (language === undefined) return null;
  if (!(LANGUAGES as readonly string[]).includes(language)) {
    throw new AppError('validation_failed', 'value_not_allowed', { field: 'language' });
  }
  return language as Language;
}

export interface CreateHandoverInput {
  planet: string;
  assetId: string;
  actor: HolderActor;
  kind: 'claim' | 'consignment';
  toAccountId?: string;
  email?: string;
  language?: string;
  /** Where the mailed link points (AVS_PUBLIC_URL); the path alone when absent. */
  baseUrl?: string;
  /** The service's name and sending limits (mailSettings(config)); the defaults otherwise. */
  mail?: Omit<MailSettings, 'baseUrl'>;
}

/**
 * The holder offers the object: a claim (a one-time code, returned once, mailed to `email` when given) or a
 * consignment to a named account. Needs an issued certificate and an asset that is not archived; the asset's
 * earlier open offer is withdrawn. Nothing about the holding changes until the offer is accepted.
 */
export async function createHandover(
  db: Queryable,
  input: CreateHandoverInput,
): Promise<{ handover: HandoverRecord; code?: string; claimUrl?: string }> {
  const language = checkLanguage(input.language);
  const email = input.email === undefined ? null : normaliseEmail(input.email);
  if (email !== null && !isEmailAddress(email)) {
    throw new AppError('validation_failed', 'not_an_email', { email });
  }
  if (input.kind === 'consignment') {
    if (input.toAccountId === undefined)
      throw new AppError('validation_failed', 'required', { field: 'to_account_id' });
    if (email !== null) throw new AppError('validation_failed', 'not_allowed', { field: 'email' });
  } else if (input.toAccountId !== undefined) {
    throw new AppError('validation_failed', 'not_allowed', { field: 'to_account_id' });
  }
  const toAccountId = input.toAccountId?.toLowerCase() ?? null;
  if (toAccountId !== null && !isUuid(toAccountId)) {
    throw new AppError('account_not_found', 'no_account', { id: toAccountId });
  }
  assertInScope(input.actor, input.planet);
  return inTransaction(db, async (tx) => {
    const asset = isUuid(input.assetId) ? await lockAsset(tx, input.planet, input.assetId) : undefined;
    if (!asset) throw new AppError('asset_not_found');
    const { row: holding, holder } = await holderOfAsset(tx, asset);
    assertMayAct('hand_over', partiesOf(input.actor, asset, holder));
    assertNotArchived(asset.status, 'hand over');
    if (!isIssued(asset.certificate_status)) {
      throw new AppError('invalid_state', 'certificate_is', {
        move: 'hand over',
        state: asset.certificate_status,
      });
    }
    if (toAccountId !== null) {
      if (holder.kind === 'account' && holder.accountId === toAccountId) {
        throw new AppError('validation_failed', 'handover_to_holder');
      }
      if (!(await getAccount(tx, toAccountId)))
        throw new AppError('account_not_found', 'no_account', { id: toAccountId });
    }
    const mail = input.mail ?? DEFAULT_MAIL_SETTINGS;
    const sendingAccount = input.actor.kind === 'account' ? input.actor.principal.accountId : undefined;
    if (email !== null)
      await checkSendingLimits(tx, { recipient: email, accountId: sendingAccount, limits: mail.limits });
    await cancelOpenHandoversOfAsset(tx, asset.id);
    const code = input.kind === 'claim' ? newClaimCode() : undefined;
    const row = await insertHandover(tx, {
      id: randomUUID(),
      assetId: asset.id,
      planet: asset.planet,
      kind: input.kind,
      // The registrant's first holding row is written when an offer is accepted, under this id.
      fromHoldingId: holding?.id ?? randomUUID(),
      toAccountId,
      codeHash: code === undefined ? null : codeHash(code),
      email,
      language,
      createdBy: offerCreator(input.actor),
      expiresAt: new Date(Date.now() + HANDOVER_VALID_MS),
    });
    if (code === undefined) return { handover: toHandoverRecord(row) };
    const claimUrl = `${input.baseUrl ?? ''}${claimPath(code)}`;
    if (email !== null) {
      await queueClaimMail(tx, { handover: row, asset, holder, email, url: claimUrl, service: mail.service });
    }
    return { handover: toHandoverRecord(row), code, claimUrl };
  });
}

/** Queues the claim's mail to the buyer, in the language the holder chose, in the offer's transaction. */
async function queueClaimMail(
  tx: Queryable,
  input: {
    handover: HandoverRow;
    asset: AssetRow;
    holder: CurrentHolder;
    email: string;
    url: string;
    service: string;
  },
): Promise<void> {
  const fromName =
    input.holder.kind === 'account'
      ? (await getAccountProfile(tx, input.holder.accountId)).displayName
      : null;
  const accountId = input.holder.kind === 'account' ? input.holder.accountId : null;
  await queueMail(tx, {
    kind: 'handover_claim',
    to: input.email,
    accountId,
    language: (input.handover.language as Language | null) ?? 'en',
    service: input.service,
    carriesSecretLink: true,
    dedupeKey: `handover:${input.handover.id}`,
    draw: () => {
      const words = mailText.handoverClaim;
      const from = fromName ?? words.aCollector;
      const work = input.asset.title;
      return {
        subject: words.subject(from, work),
        heading: words.heading,
        paragraphs: [words.body(from, work, input.asset.certificate_number, input.service), words.keeps],
        action: { label: words.action, url: input.url },
        after: [words.expires(formatDateTime(input.handover.expires_at)), words.notYou(from)],
      };
    },
  });
}

function isOpen(row: HandoverRow): boolean {
  return handoverStatus(row) === 'open';
}

/** The open claim a code opens, with what its page shows; null for an unknown, taken, cancelled or expired code. */
export async function findOpenClaim(db: Queryable, code: string): Promise<OpenClaim | null> {
  if (!isClaimCodeShape(code)) return null;
  const row = await findHandoverByCodeHash(db, codeHash(code));
  if (!row || !isOpen(row)) return null;
  const asset = await findAsset(db, row.planet, row.asset_id);
  if (!asset) return null;
  const { holder } = await holderOfAsset(db, asset);
  return {
    handover: toHandoverRecord(row),
    asset: {
      planet: asset.planet,
      id: asset.id,
      title: asset.title,
      certificateNumber: asset.certificate_number,
      certificateStatus: asset.certificate_status,
      status: asset.status,
      accountId: asset.account_id,
      from:
        holder.kind === 'account' ? { kind: 'account', accountId: holder.accountId } : { kind: 'collector' },
    },
  };
}

function closedOffer(row: HandoverRow): AppError {
  const status = handoverStatus(row);
  return new AppError('handover_closed', status === 'open' ? 'outdated' : status);
}

/**
 * The one move of an accepted offer, under the asset's row lock the caller holds: the offer is taken (only one
 * acceptance finds it open), the giving holding ends, the new one begins with a fresh salt, OWNERSHIP_TRANSFERRED
 * records both as commitments, and the accounts concerned get `ownership.transferred`; all in the caller's transaction.
 */
async function handOnLocked(
  tx: Queryable,
  asset: AssetRow,
  offer: HandoverRow,
  change: { to: CurrentHolder; by: HolderActor },
): Promise<AssetRecordType> {
  const { row: current, holder: from } = await holderOfAsset(tx, asset);
  const now = new Date();
  if (current && current.id !== offer.from_holding_id) throw closedOffer(offer);
  if (sameHolder(change.to, from)) {
    throw new AppError('handover_closed', 'own_object');
  }
  const newHoldingId = randomUUID();
  const taken = await markHandoverAccepted(tx, offer.id, newHoldingId, now);
  if (!taken) throw closedOffer((await findHandover(tx, offer.id)) ?? offer);
  const giving = current ?? (await insertHolding(tx, registrantHolding(asset, offer.from_holding_id)));
  await closeHolding(tx, giving.id, asset.id, now);
  const salt = randomBytes(32);
  const receiving = await insertHolding(tx, {
    id: newHoldingId,
    assetId: asset.id,
    planet: asset.planet,
    holder:
      change.to.kind === 'account' ? change.to : { kind: 'collector', collectorId: change.to.collectorId },
    salt,
    commitment: holdingCommitment(salt, asset.id, change.to),
    since: now,
    handoverId: offer.id,
  });
  return recordHandOn(tx, asset, {
    handoverId: offer.id,
    kind: offer.kind,
    from: { holding: giving, holder: from },
    to: { holding: receiving, holder: change.to },
    by: change.by,
  });
}

function sameHolder(a: CurrentHolder, b: CurrentHolder): boolean {
  return a.kind === 'account'
    ? b.kind === 'account' && a.accountId === b.accountId
    : b.kind === 'collector' && a.collectorId === b.collectorId;
}

/** The registrant's first holding row, written at the first hand-over: held since the asset was registered. */
function registrantHolding(asset: AssetRow, id: string) {
  const salt = randomBytes(32);
  const holder: CurrentHolder = { kind: 'account', accountId: asset.account_id };
  return {
    id,
    assetId: asset.id,
    planet: asset.planet,
    holder,
    salt,
    commitment: holdingCommitment(salt, asset.id, holder),
    since: asset.created_at,
    handoverId: null,
  };
}

/** The event and outbox rows of a change of holder (commitments only: no collector id, address or name). */
async function recordHandOn(
  tx: Queryable,
  asset: AssetRow,
  move: {
    handoverId: string | null;
    kind: 'claim' | 'consignment' | 'operator';
    from: { holding: HoldingRow; holder: CurrentHolder };
    to: { holding: HoldingRow; holder: CurrentHolder };
    by: HolderActor;
  },
): Promise<AssetRecordType> {
  const payload = {
    handover_id: move.handoverId,
    kind: move.kind,
    from_holder: move.from.holding.commitment,
    to_holder: move.to.holding.commitment,
  };
  const actor = chainActor(move.by);
  await appendEvent(tx, {
    assetId: asset.id,
    planet: asset.planet,
    eventType: 'OWNERSHIP_TRANSFERRED',
    payload: { ...actor.fields, ...payload },
    actorAccountId: actor.actorAccountId,
  });
  const record = toAssetRecord(asset);
  const accounts = new Set([asset.account_id]);
  for (const side of [move.from.holder, move.to.holder])
    if (side.kind === 'account') accounts.add(side.accountId);
  for (const accountId of accounts) {
    await recordWebhookEvent(tx, {
      accountId,
      eventType: 'ownership.transferred',
      payload: {
        // The registrant's stock number is its own business (docs/inventory.md).
        asset: accountId === asset.account_id ? record : withoutInventoryNumber(record),
        ...payload,
        from_account_id: move.from.holder.kind === 'account' ? move.from.holder.accountId : null,
        to_account_id: move.to.holder.kind === 'account' ? move.to.holder.accountId : null,
      },
    });
  }
  return record;
}

/** Locks the offer's asset and reads the offer again under that lock (another acceptance may have ended it). */
async function lockOffer(
  tx: Queryable,
  found: HandoverRow,
): Promise<{ asset: AssetRow; offer: HandoverRow }> {
  const asset = await lockAsset(tx, found.planet, found.asset_id);
  const offer = await findHandover(tx, found.id);
  if (!asset || !offer) throw new AppError('handover_not_found');
  if (!isOpen(offer)) throw closedOffer(offer);
  return { asset, offer };
}

/**
 * A signed-in collector accepts a claim by its code: of two acceptances at once exactly one wins (the asset's row
 * lock, then the offer taken only while open); the other gets 409. A collector may not claim what they hold.
 */
export async function acceptClaim(
  db: Queryable,
  input: { code: string; collectorId: string },
): Promise<AssetRecordType> {
  const found = isClaimCodeShape(input.code)
    ? await findHandoverByCodeHash(db, codeHash(input.code))
    : undefined;
  if (!found) throw new AppError('handover_not_found');
  return inTransaction(db, async (tx) => {
    const { asset, offer } = await lockOffer(tx, found);
    const actor: HolderActor = { kind: 'collector', collectorId: input.collectorId };
    const { holder } = await holderOfAsset(tx, asset);
    if (partiesOf(actor, asset, holder).includes('collector_holder')) {
      throw new AppError('handover_closed', 'own_object');
    }
    assertMayAct('accept_claim', partiesOf(actor, asset, holder));
    const record = await handOnLocked(tx, asset, offer, {
      to: { kind: 'collector', collectorId: input.collectorId, erased: false },
      by: actor,
    });
    return withoutInventoryNumber(record);
  });
}

/** A hand-over the account may see: one it is named in, or one of an object it holds or registered. 404 otherwise. */
async function visibleHandover(db: Queryable, id: string, actor: HolderActor): Promise<HandoverRow> {
  const row = isUuid(id) ? await findHandover(db, id) : undefined;
  if (!row) throw new AppError('handover_not_found');
  if (actor.kind === 'operator') return row;
  if (actor.kind === 'account' && !isInScope(actor.principal, row.planet))
    throw new AppError('handover_not_found');
  const asset = await findAsset(db, row.planet, row.asset_id);
  if (!asset) throw new AppError('handover_not_found');
  const { holder } = await holderOfAsset(db, asset);
  const parties = partiesOf(actor, asset, holder, row.to_account_id);
  const made = offerMadeBy(row, actor);
  if (!made && !parties.some((party) => party !== 'claimant')) throw new AppError('handover_not_found');
  return row;
}

function offerMadeBy(row: HandoverRow, actor: HolderActor): boolean {
  const by = row.created_by;
  if (actor.kind === 'collector') return by.collector_id === actor.collectorId;
  if (actor.kind === 'operator') return by.source === 'admin';
  return false;
}

/** GET /handovers/{id}: a hand-over as a party to it sees it (404 for anyone else). */
export async function getHandover(db: Queryable, id: string, actor: HolderActor): Promise<HandoverRecord> {
  return toHandoverRecord(await visibleHandover(db, id, actor));
}

/**
 * The consignee accepts a consignment (its member or key): the account becomes the holder, with the same event,
 * outbox rows and one-winner rule as a claim.
 */
export async function acceptConsignment(
  db: Queryable,
  input: { handoverId: string; principal: Principal },
): Promise<{ handover: HandoverRecord; asset: AssetRecordType }> {
  const actor: HolderActor = { kind: 'account', principal: input.principal };
  const found = await visibleHandover(db, input.handoverId, actor);
  return inTransaction(db, async (tx) => {
    const { asset, offer } = await lockOffer(tx, found);
    const { holder } = await holderOfAsset(tx, asset);
    assertMayAct('accept_consignment', partiesOf(actor, asset, holder, offer.to_account_id));
    const record = await handOnLocked(tx, asset, offer, {
      to: { kind: 'account', accountId: input.principal.accountId },
      by: actor,
    });
    const handover = toHandoverRecord((await findHandover(tx, offer.id))!);
    // The registrant's stock number is its own (docs/inventory.md).
    return {
      handover,
      asset: asset.account_id === input.principal.accountId ? record : withoutInventoryNumber(record),
    };
  });
}

/** The holder (or the operator) withdraws an open offer; nothing else changes. 409 when it is no longer open. */
export async function cancelHandover(
  db: Queryable,
  input: { handoverId: string; actor: HolderActor },
): Promise<HandoverRecord> {
  const found = await visibleHandover(db, input.handoverId, input.actor);
  return inTransaction(db, async (tx) => {
    const { asset, offer } = await lockOffer(tx, found);
    const { holder } = await holderOfAsset(tx, asset);
    assertMayAct('cancel_hand_over', partiesOf(input.actor, asset, holder));
    const cancelled = await markHandoverCancelled(tx, offer.id);
    if (!cancelled) throw closedOffer(offer);
    return toHandoverRecord(cancelled);
  });
}

/** One object a collector holds now. */
export interface CollectorHolding {
  planet: string;
  assetId: string;
  since: string;
  asset: AssetRecordType;
}

/** The objects a collector holds now, newest first (their collection; never another holder's object). */
export async function listCollectorHoldings(db: Queryable, collectorId: string): Promise<CollectorHolding[]> {
  if (!isUuid(collectorId)) return [];
  const rows = await listCurrentHoldingsOfCollector(db, collectorId);
  // One statement per planet held, not one per object.
  const planets = [...new Set(rows.map((row) => row.planet))];
  const assetsOf = new Map(
    await Promise.all(
      planets.map(
        async (planet) =>
          [
            planet,
            await readAssetRows(
              db,
              planet,
              rows.filter((row) => row.planet === planet).map((row) => row.asset_id),
            ),
          ] as const,
      ),
    ),
  );
  return rows.flatMap((row) => {
    const asset = assetsOf.get(row.planet)?.get(row.asset_id);
    return asset ? [collectorHoldingOf(row, asset)] : [];
  });
}

function collectorHoldingOf(row: HoldingRow, asset: AssetRow): CollectorHolding {
  return {
    planet: row.planet,
    assetId: row.asset_id,
    since: row.since.toISOString(),
    asset: withoutInventoryNumber(toAssetRecord(asset)),
  };
}

/** The one object a collector holds now, by planet and id (their work's page); undefined when they do not. */
export async function findCollectorHolding(
  db: Queryable,
  collectorId: string,
  planet: string,
  assetId: string,
): Promise<CollectorHolding | undefined> {
  if (!isUuid(collectorId) || !isUuid(assetId)) return undefined;
  const row = await findCurrentHoldingOfCollector(db, collectorId, planet, assetId);
  const asset = row ? await findAsset(db, row.planet, row.asset_id) : undefined;
  return row && asset ? collectorHoldingOf(row, asset) : undefined;
}

/** The open consignments offered to an account, newest first. */
export async function listHandoversOfferedTo(db: Queryable, accountId: string): Promise<HandoverRecord[]> {
  if (!isUuid(accountId)) return [];
  return (await listOpenHandoversToAccount(db, accountId)).map(toHandoverRecord);
}

/** The asset's open offer, if any (the holder's page shows it). */
export { findOpenHandoverOfAsset } from './holders.repository.js';

/** Which of these assets have an open offer (the collector's list marks them handing on), in one statement. */
export async function assetsHandingOn(db: Queryable, assetIds: readonly string[]): Promise<Set<string>> {
  return listAssetsWithOpenHandover(db, assetIds.filter(isUuid));
}

/**
 * The chain of holders, oldest first: the registrant (held since registration), then each holding. A collector is
 * named only when they chose it; one who left reads as a former collector. An asset never handed over has one entry.
 */
export async function readProvenance(
  db: Queryable,
  planet: string,
  assetId: string,
): Promise<ProvenanceEntry[]> {
  const asset = isUuid(assetId) ? await findAsset(db, planet, assetId) : undefined;
  if (!asset) throw new AppError('asset_not_found');
  return provenanceOfReadAsset(db, { ...asset, created_at: asset.created_at.toISOString() });
}

/** The provenance of an asset the caller has read already (its page): the asset is not read again. */
export async function provenanceOfReadAsset(
  db: Queryable,
  asset: { planet: string; id: string; account_id: string; created_at: string },
): Promise<ProvenanceEntry[]> {
  const holdings = await readHoldingsChain(db, asset.planet, asset.id);
  if (holdings.length > 0) return holdings;
  return [{ holder: 'registrant', accountId: asset.account_id, since: asset.created_at }];
}

/**
 * An account-to-account transfer accepted (transfers room, under the asset's lock): the asset's open hand-over is
 * withdrawn and, when the giving account held it through a holding row, the receiver's holding begins with it.
 */
export async function moveHoldingWithTransfer(
  tx: Queryable,
  asset: Pick<AssetRow, 'id' | 'planet'>,
  toAccountId: string,
): Promise<void> {
  await cancelOpenHandoversOfAsset(tx, asset.id);
  const current = await findCurrentHolding(tx, asset.id);
  if (!current) return;
  const now = new Date();
  await closeHolding(tx, current.id, asset.id, now);
  const salt = randomBytes(32);
  const holder: CurrentHolder = { kind: 'account', accountId: toAccountId };
  await insertHolding(tx, {
    id: randomUUID(),
    assetId: asset.id,
    planet: asset.planet,
    holder,
    salt,
    commitment: holdingCommitment(salt, asset.id, holder),
    since: now,
    handoverId: null,
  });
}

/**
 * The operator's hand-over on proof (an object held by a former collector, docs/collectors.md): the holding moves
 * to a named account at once, or a claim is made for the proven owner. Audited, with the proof the operator saw, in
 * the audit log of the registrant and of the receiving account; the history records only the commitments.
 */
export async function operatorMoveHolding(
  db: Queryable,
  input: {
    planet: string;
    assetId: string;
    adminUserId: string | null;
    to: { kind: 'account'; accountId: string } | { kind: 'claim'; email?: string; language?: string };
    /** What the operator saw as proof. */
    reason: string;
    baseUrl?: string;
    mail?: Omit<MailSettings, 'baseUrl'>;
  },
): Promise<{ asset?: AssetRecordType; handover?: HandoverRecord; code?: string; claimUrl?: string }> {
  const actor: HolderActor = { kind: 'operator', adminUserId: input.adminUserId };
  return inTransaction(db, async (tx) => {
    const moved =
      input.to.kind === 'claim'
        ? await createHandover(tx, {
            planet: input.planet,
            assetId: input.assetId,
            actor,
            kind: 'claim',
            email: input.to.email,
            language: input.to.language,
            baseUrl: input.baseUrl,
            mail: input.mail,
          })
        : { asset: await moveToAccountLocked(tx, input.planet, input.assetId, actor, input.to.accountId) };
    const asset = (await findAsset(tx, input.planet, input.assetId))!;
    const toAccountId = input.to.kind === 'account' ? input.to.accountId.toLowerCase() : null;
    const target = {
      planet: asset.planet,
      asset_id: asset.id,
      to_account_id: toAccountId,
      handover_id: 'handover' in moved ? moved.handover.id : null,
      reason: input.reason,
    };
    for (const accountId of new Set([asset.account_id, ...(toAccountId ? [toAccountId] : [])])) {
      await recordAudit(tx, { accountId, actor: { admin: true }, action: 'holder.moved_on_proof', target });
    }
    return moved;
  });
}

/** The operator's move to a named account, under the asset's row lock: the same event and outbox rows as a hand-over. */
async function moveToAccountLocked(
  tx: Queryable,
  planet: string,
  assetId: string,
  actor: HolderActor,
  accountId: string,
): Promise<AssetRecordType> {
  const toAccountId = accountId.toLowerCase();
  if (!isUuid(toAccountId)) throw new AppError('account_not_found', 'no_account', { id: toAccountId });
  const asset = isUuid(assetId) ? await lockAsset(tx, planet, assetId) : undefined;
  if (!asset) throw new AppError('asset_not_found');
  if (!(await getAccount(tx, toAccountId)))
    throw new AppError('account_not_found', 'no_account', { id: toAccountId });
  const { row: current, holder: from } = await holderOfAsset(tx, asset);
  assertMayAct('operator_move', partiesOf(actor, asset, from));
  const to: CurrentHolder = { kind: 'account', accountId: toAccountId };
  if (sameHolder(from, to)) throw new AppError('validation_failed', 'handover_to_holder');
  await cancelOpenHandoversOfAsset(tx, asset.id);
  const now = new Date();
  const giving = current ?? (await insertHolding(tx, registrantHolding(asset, randomUUID())));
  await closeHolding(tx, giving.id, asset.id, now);
  const salt = randomBytes(32);
  const receiving = await insertHolding(tx, {
    id: randomUUID(),
    assetId: asset.id,
    planet: asset.planet,
    holder: to,
    salt,
    commitment: holdingCommitment(salt, asset.id, to),
    since: now,
    handoverId: null,
  });
  return recordHandOn(tx, asset, {
    handoverId: null,
    kind: 'operator',
    from: { holding: giving, holder: from },
    to: { holding: receiving, holder: to },
    by: actor,
  });
}
