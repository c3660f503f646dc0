import type { Database, Queryable } from '../../db/database.js';
import { limits } from '../../limits.js';
import { AppError } from '../../errors/error-catalogue.js';
import { ReadsTogether } from '../../db/reads-together.js';
import { GroupCommit } from '../../lib/group-commit.js';
import { isUuid } from '../../lib/uuid.js';
import { isInScope } from '../../planets/planet-access.js';
import { planetOfWellFormedNumber, type PlanetId } from '../../planets/planets.js';
import { answerLookup, type LookupAnswer } from '../alert-lookups/alert-lookups.service.js';
import { isArchived, isIssued } from '../assets/asset-states.js';
import { getAsset } from '../assets/assets.service.js';
import { checkAssetHistory, FULL_CHECK_EVENTS } from '../history/history-integrity.js';
import { checkLogged, type LoggedCheck } from '../tlog/history-logged.js';
import type { ChainCheck } from '../chain/history-chain.js';
import { logFact, type WitnessPolicy } from '../tlog/witness-policy.js';
import { apiKeyIdOf, type Principal } from '../principal/principal.js';
import { verificationResponseText } from '../credentials/receipts.service.js';
import type { DocumentSigner } from '../signing/document-signer.js';
import { decodePosition, ownedAssetPage } from '../../lib/page-cursor.js';
import type {
  VerificationCheckType,
  VerificationPageType,
  VerificationResultType,
  VerificationType,
} from './verification.schemas.js';
import {
  ANY_LENGTH,
  type AssetWithHistory,
  findAssetWithHistory,
  findAssetsWithHistory,
  findVerification,
  type HistoryWithLog,
  type VerifiedAssetRow,
  insertVerifications,
  listVerifications,
  summariseVerifications,
  type NewVerification,
  type VerificationRow,
  type VerifiedHistoryCheck,
} from './verifications.repository.js';
import { timeOrderedId } from '../../lib/time-ordered-id.js';

/** What to verify: an asset by planet and id, or by the certificate number a buyer holds. */
export type VerificationTarget = { planet: PlanetId; assetId: string } | { certificateNumber: string };

/** A completed verification, not yet recorded. */
export interface Verification {
  result: VerificationResultType;
  ownerAccountId: string;
  /** The signing keys' version the verification's statement saw: its receipt is signed with the key active then. */
  signingVersions: ReadonlyMap<string, string>;
  /** The check point to record with it: set when it re-hashed a long history past its saved check, intact. */
  historyCheck: VerifiedHistoryCheck | undefined;
}

/**
 * Draws the rate-limit cost of hashing a history of `events` events, of which `paidFor` were paid for
 * already (docs/api.md); throws (429) when the caller's bucket is empty.
 */
export type DrawForHistory = (events: number, paidFor: number) => Promise<void>;

/** The asset verified and what its checks and facts are drawn from. */
interface FoundTarget {
  asset: VerifiedAssetRow;
  history: HistoryWithLog;
  tagBound: boolean;
  /** The signing keys' versions as the statement read them: the receipt's key needs no check of its own. */
  versions: ReadonlyMap<string, string>;
}

/**
 * What a verification reads of its asset. The first reads by planet and id that arrive together go as one statement
 * (ReadsTogether), with the sample of older events the first of them drew; a long history's second read goes alone.
 */
export class VerificationReads {
  private readonly firstReads: ReadsTogether<{ id: string; sample: readonly number[] }, AssetWithHistory>;
  private readonly wholeReads: ReadsTogether<{ id: string; sample: readonly number[] }, AssetWithHistory>;

  constructor(private readonly db: Database) {
    const readsTogether = (historyBelow: number) =>
      new ReadsTogether<{ id: string; sample: readonly number[] }, AssetWithHistory>(
        db,
        (planet, { id, sample }) => findAssetWithHistory(db, planet, { id }, historyBelow, sample),
        (planet, items) =>
          findAssetsWithHistory(
            db,
            planet,
            items.map((item) => item.id),
            historyBelow,
            items[0]!.sample,
          ),
      );
    this.firstReads = readsTogether(limits.hashedEventsPerToken);
    // Right after a burst of writes every verification of the asset wants its whole history until one records
    // its check point: those that arrive together read it once (docs/performance.md, "Round 4: verify").
    this.wholeReads = readsTogether(ANY_LENGTH);
  }

  /** The asset and, when it re-hashes fewer than limits.hashedEventsPerToken events, its history to check. */
  first(
    planet: PlanetId,
    key: { id: string } | { certificateNumber: string },
    sample: readonly number[],
  ): Promise<AssetWithHistory | undefined> {
    if ('id' in key) return this.firstReads.read(planet, { id: key.id, sample });
    return findAssetWithHistory(this.db, planet, key, limits.hashedEventsPerToken, sample);
  }

  /** The asset with its history however long. */
  whole(planet: string, id: string, sample: readonly number[]): Promise<AssetWithHistory | undefined> {
    return this.wholeReads.read(planet, { id, sample });
  }
}

async function findTarget(
  reads: VerificationReads,
  principal: Principal,
  target: VerificationTarget,
  drawForHistory: DrawForHistory,
  sample: readonly number[],
): Promise<FoundTarget> {
  let notFound: 'asset_not_found' | 'certificate_not_found' = 'asset_not_found';
  let found: AssetWithHistory | undefined;
  if ('assetId' in target) {
    found = isUuid(target.assetId)
      ? await reads.first(target.planet, { id: target.assetId }, sample)
      : undefined;
  } else {
    // As the certificate look-up answers: malformed, unknown and out-of-scope numbers are all 404.
    notFound = 'certificate_not_found';
    const planet = planetOfWellFormedNumber(target.certificateNumber);
    found =
      planet && isInScope(principal, planet)
        ? await reads.first(planet, { certificateNumber: target.certificateNumber }, sample)
        : undefined;
  }
  if (!found) throw new AppError(notFound);
  let paidFor = 0;
  if (!found.history) {
    // Many events to re-hash: their cost is drawn from the chain head's sequence before they are even read.
    paidFor = found.toHash;
    await drawForHistory(paidFor, 0);
    found = await reads.whole(found.asset.planet, found.asset.id, sample);
    if (!found?.history) throw new AppError(notFound);
  }
  const { asset, history, tagBound, versions } = found;
  // A row whose head understates its history (grown since, or edited) pays for what is hashed all the same.
  if (history.events.length > paidFor) await drawForHistory(history.events.length, paidFor);
  return { asset, history, tagBound, versions };
}

function check(name: VerificationCheckType['name'], passed: boolean, detail: string): VerificationCheckType {
  return passed ? { name, passed } : { name, passed, detail };
}

/** "Reported stolen since 2026-11-20": an open alert (docs/alerts.md) fails the verification, the certificate stays genuine. */
function openAlertDetail(asset: VerifiedAssetRow): string {
  if (asset.alert_kind === null) return '';
  const since = asset.alert_since ? ` since ${asset.alert_since.toISOString()}` : '';
  return `The asset is reported ${asset.alert_kind}${since}; the alert is open.`;
}

/**
 * What the answer states beside its checks, for the client to weigh; facts never change `verified`.
 * `tag_bound`: the asset has an active NFC tag. `log`: the cosigned checkpoint the history was checked against,
 * null until the asset's last event is logged.
 */
function factsOf(
  { history: { events, logged, checkpoint }, tagBound }: FoundTarget,
  witnesses: WitnessPolicy,
): VerificationResultType['facts'] {
  const last = events.at(-1)?.sequence;
  const head = logged.find((entry) => entry.sequence === last);
  return {
    tag_bound: tagBound,
    log: head && checkpoint ? logFact(checkpoint, head.log_index, witnesses) : null,
  };
}

/**
 * The check point a verification found, when it moves the saved one forward: a long history (a short one is
 * always checked in full) whose chain and log leaves it found intact, re-hashed past the saved check point or
 * holding log leaves past it. From there the next verification re-hashes only what is new (docs/api.md).
 */
function historyCheckFound(
  asset: VerifiedAssetRow,
  { events, logged, checked }: HistoryWithLog,
  intact: boolean,
): VerifiedHistoryCheck | undefined {
  const head = events.at(-1);
  if (!intact || !head || head.sequence <= FULL_CHECK_EVENTS) return undefined;
  const loggedSequence = logged.reduce(
    (max, entry) => Math.max(max, entry.sequence),
    checked?.loggedSequence ?? 0,
  );
  if (checked && head.sequence === checked.sequence && loggedSequence === checked.loggedSequence)
    return undefined;
  return {
    checkedSequence: head.sequence,
    checkedHash: head.hash,
    certificateStatus: asset.certificate_status,
    status: asset.status,
    loggedSequence,
  };
}

/** What the chain and log checks found of one read of a history. */
interface HistoryFindings {
  chain: ChainCheck;
  inLog: LoggedCheck;
}

// Verifications that arrive together share one read of an asset (ReadsTogether hands each the same object): its
// history is hashed once for all of them, not once each (docs/performance.md, "Round 4: verify after writes and
// taps, profiles"). The checks are of that read's rows alone, so each verification's answer is what its own would be.
const findingsOfRead = new WeakMap<HistoryWithLog, HistoryFindings>();

function historyFindings(asset: VerifiedAssetRow, history: HistoryWithLog): HistoryFindings {
  let findings = findingsOfRead.get(history);
  if (!findings) {
    const { events, logged, checked } = history;
    findings = {
      chain: checkAssetHistory(asset, events, checked),
      inLog: checkLogged(events, logged, checked?.loggedSequence),
    };
    findingsOfRead.set(history, findings);
  }
  return findings;
}

/**
 * Runs the checks of docs/api.md. A verification is a read: no lock on the asset and nothing
 * appended to its history, so the millionth verification costs what the first did. A long history
 * is re-hashed from its last full check on, with the older events `sample` draws (docs/api.md); the check
 * point it reached is recorded with it.
 */
async function verifyAsset(
  reads: VerificationReads,
  principal: Principal,
  target: VerificationTarget,
  drawForHistory: DrawForHistory,
  witnesses: WitnessPolicy,
  sample: readonly number[],
): Promise<Verification> {
  const found = await findTarget(reads, principal, target, drawForHistory, sample);
  const { asset, history, versions } = found;
  const { chain, inLog } = historyFindings(asset, history);
  const checks = [
    check(
      'certificate_issued',
      isIssued(asset.certificate_status),
      `The certificate ${asset.certificate_number} is ${asset.certificate_status}, not issued.`,
    ),
    check('asset_not_archived', !isArchived(asset.status), 'The asset is archived.'),
    check(
      'history_intact',
      chain.intact,
      chain.intact ? '' : `The history chain breaks at sequence ${chain.brokenAtSequence}: ${chain.reason}.`,
    ),
    check('history_logged', inLog.passed, inLog.passed ? '' : inLog.detail),
    check('no_open_alert', asset.alert_kind === null, openAlertDetail(asset)),
  ];
  return {
    ownerAccountId: asset.account_id,
    signingVersions: versions,
    historyCheck: historyCheckFound(asset, history, chain.intact && inLog.passed),
    result: {
      id: timeOrderedId(),
      planet: asset.planet,
      asset_id: asset.id,
      certificate_number: asset.certificate_number,
      certificate_status: asset.certificate_status as VerificationResultType['certificate_status'],
      status: asset.status as VerificationResultType['status'],
      verified: checks.every((entry) => entry.passed),
      checks,
      facts: factsOf(found, witnesses),
      verified_at: new Date().toISOString(),
    },
  };
}

/** A verification, not yet recorded, and the /verify response: its text with the signed receipt. */
export interface VerifyAnswer {
  verification: Verification;
  text: string;
}

/**
 * POST /verify: the checks and the response with its signed receipt. A look-up of an asset with an open alert
 * is on record before the answer leaves, and the answer is no-store (docs/alerts.md).
 */
export async function verifyWithReceipt(
  db: Database,
  reads: VerificationReads,
  signer: DocumentSigner,
  principal: Principal,
  target: VerificationTarget,
  drawForHistory: DrawForHistory,
  witnesses: WitnessPolicy,
  sample: readonly number[],
): Promise<LookupAnswer<VerifyAnswer>> {
  const verification = await verifyAsset(reads, principal, target, drawForHistory, witnesses, sample);
  const { result } = verification;
  const alert = result.checks.some((entry) => entry.name === 'no_open_alert' && !entry.passed);
  const { noStore } = await answerLookup(db, { id: result.asset_id, alert }, 'verify', { principal }, result);
  const text = await verificationResponseText(db, signer, result, verification.signingVersions);
  return { value: { verification, text }, noStore };
}

function toNewVerification(
  principal: Principal,
  { result, ownerAccountId, historyCheck }: Verification,
): NewVerification {
  return {
    id: result.id,
    planet: result.planet,
    assetId: result.asset_id,
    certificateNumber: result.certificate_number,
    verified: result.verified,
    result,
    accountId: principal.accountId,
    apiKeyId: apiKeyIdOf(principal),
    createdAt: result.verified_at,
    outboxId: timeOrderedId(),
    ownerAccountId,
    historyCheck,
  };
}

/**
 * Keeps the verification in its own append-only record and tells the owner's webhooks, in one
 * statement: both rows or neither. For a request whose transaction holds more (an Idempotency-Key).
 */
export async function recordVerification(
  db: Queryable,
  principal: Principal,
  verification: Verification,
): Promise<VerificationResultType> {
  await insertVerifications(db, [toNewVerification(principal, verification)]);
  return verification.result;
}

/**
 * Records verifications by group commit: under load, one statement and one commit carry many, so a
 * verification costs little more than the read it is. Each caller is answered once its row is committed.
 */
export class VerificationRecorder {
  private readonly group: GroupCommit<NewVerification>;

  constructor(db: Queryable) {
    // Two writers: with eight, 16 verifications in flight wrote 1.4 records a statement; with two, 3.1. Each
    // statement is a round trip, a write system call and a commit (docs/performance.md, "Round 3: verify").
    this.group = new GroupCommit((batch) => insertVerifications(db, batch), { maxWriters: 2 });
  }

  async record(principal: Principal, verification: Verification): Promise<VerificationResultType> {
    await this.group.add(toNewVerification(principal, verification));
    return verification.result;
  }

  drain(): Promise<void> {
    return this.group.drain();
  }
}

function toVerification(row: VerificationRow): VerificationType {
  return {
    ...(row.result as VerificationResultType),
    verified_by: { account_id: row.account_id, name: row.account_name },
  };
}

/** For the account that verified and for the asset's owner; 404 alike for everyone else. */
export async function getVerification(
  db: Queryable,
  principal: Principal,
  id: string,
): Promise<VerificationType> {
  const row = isUuid(id) ? await findVerification(db, id) : undefined;
  const visible =
    row &&
    isInScope(principal, (row.result as VerificationResultType).planet) &&
    (row.account_id === principal.accountId || row.owner_account_id === principal.accountId);
  if (!visible) throw new AppError('verification_not_found');
  return toVerification(row);
}

/** The owner's view of who checked their asset: newest first. Others get 404, as for a change. */
export async function listAssetVerifications(
  db: Queryable,
  principal: Principal,
  planet: PlanetId,
  assetId: string,
  page: { limit?: number; cursor?: string },
): Promise<VerificationPageType> {
  const before = decodePosition(page.cursor);
  return verificationsOf(db, principal, await getAsset(db, planet, assetId), before, page.limit);
}

/** The newest `limit` verifications of an asset its caller has read already (the console's asset page). */
export async function verificationsOfAsset(
  db: Queryable,
  principal: Principal,
  asset: { id: string; account_id: string },
  limit: number,
): Promise<VerificationPageType> {
  return verificationsOf(db, principal, asset, decodePosition(undefined), limit);
}

async function verificationsOf(
  db: Queryable,
  principal: Principal,
  asset: { id: string; account_id: string },
  before: ReturnType<typeof decodePosition>,
  limit: number | undefined,
): Promise<VerificationPageType> {
  const read = (assetId: string, page: Parameters<typeof listVerifications>[2]) =>
    listVerifications(db, assetId, page);
  return ownedAssetPage(principal, asset, { before, limit }, read, toVerification);
}

export interface VerificationSummary {
  count: number;
  lastVerifiedAt: string | null;
  /** The names of the last (up to three) accounts that verified, newest first. */
  lastVerifiers: string[];
}

/** For the operator's review: how often and by whom each asset was verified. */
export async function verificationSummaries(
  db: Queryable,
  assetIds: readonly string[],
): Promise<Map<string, VerificationSummary>> {
  const summaries = new Map<string, VerificationSummary>();
  if (assetIds.length === 0) return summaries;
  for (const row of await summariseVerifications(db, assetIds)) {
    summaries.set(row.asset_id, {
      count: row.count,
      lastVerifiedAt: row.last_verified_at?.toISOString() ?? null,
      lastVerifiers: row.last_verifiers,
    });
  }
  return summaries;
}

/** For the operator's asset page: the latest verifications of an asset, newest first, whoever made them. */
export async function latestVerificationsOfAsset(
  db: Queryable,
  assetId: string,
  limit: number,
): Promise<VerificationType[]> {
  return (await listVerifications(db, assetId, { limit })).map(toVerification);
}
