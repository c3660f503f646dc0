import type { Database, Queryable } from '../../../db/database.js';
import { AppError } from '../../../errors/error-catalogue.js';
import { isPlanetId, type PlanetId } from '../../../planets/planets.js';
import {
  findAccountsByPublicName,
  getAccountProfile,
  type AccountProfile,
} from '../../accounts/account-profiles.service.js';
import type { RaiseAlertBodyType } from '../../alerts/alerts.schemas.js';
import { raiseAlertAsCollector } from '../../alerts/alerts.service.js';
import type { AssetRecordType } from '../../assets/assets.schemas.js';
import { historyOfAsset } from '../../history/history.service.js';
import {
  acceptClaim,
  assetsHandingOn,
  cancelHandover,
  findOpenClaim,
  createHandover,
  currentHolder,
  findCollectorHolding,
  findOpenHandoverOfAsset,
  listCollectorHoldings,
  readProvenance,
  type ProvenanceEntry,
} from '../../holders/holders.service.js';
import type { MailSettings } from '../../mail/mail-settings.js';
import type { MediaRecordType } from '../../media/media.schemas.js';
import { firstPublicImage, firstPublicImages } from '../../media/media.service.js';
import type { AssetHistoryEntry } from '../../web-pages/history-timeline.views.js';
import { tokenHash, isSecretTokenShape } from '../../web-pages/web-sessions.js';
import { findHandoverStandingByCodeHash } from './held-objects.repository.js';

/** One work in a collector's list: what the list shows of it. */
export interface HeldObjectGlance {
  planet: string;
  id: string;
  title: string;
  certificateNumber: string;
  certificateStatus: string;
  alert: AssetRecordType['alert'];
  image?: MediaRecordType;
  handingOn: boolean;
}

/** The works the collector holds now, each with its public photograph (never another holder's work). */
export async function collectionOf(db: Queryable, collectorId: string): Promise<HeldObjectGlance[]> {
  const holdings = await listCollectorHoldings(db, collectorId);
  // The photographs and the open hand-overs of the whole list, one statement each (not two per work).
  const [images, handingOn] = await Promise.all([
    firstPublicImages(
      db,
      holdings.map(({ planet, asset }) => ({ planet, id: asset.id })),
    ),
    assetsHandingOn(
      db,
      holdings.map(({ asset }) => asset.id),
    ),
  ]);
  return holdings.map(({ planet, asset }) => ({
    planet,
    id: asset.id,
    title: asset.title,
    certificateNumber: asset.certificate_number,
    certificateStatus: asset.certificate_status,
    alert: asset.alert,
    image: images.get(`${planet}/${asset.id}`),
    handingOn: handingOn.has(asset.id),
  }));
}

/** An open hand-over of a held work, as its page shows it. */
export interface OpenHandover {
  id: string;
  kind: 'claim' | 'consignment';
  toAccountName: string | null;
  expiresAt: string;
}

/** What a held work's page shows: the certificate, the registrant, the chain of holders, the history. */
export interface HeldObject {
  planet: PlanetId;
  asset: AssetRecordType;
  image?: MediaRecordType;
  registrant: AccountProfile;
  provenance: ProvenanceEntry[];
  history: AssetHistoryEntry[];
  historyHasMore: boolean;
  openHandover: OpenHandover | null;
}

/** 404 unless the collector holds the work now: one who handed it on, or never held it, cannot see or act on it. */
async function assertHolds(
  db: Queryable,
  collectorId: string,
  planet: string,
  id: string,
): Promise<PlanetId> {
  if (!isPlanetId(planet)) throw new AppError('asset_not_found');
  const holder = await currentHolder(db, planet, id);
  if (holder.kind !== 'collector' || holder.collectorId !== collectorId)
    throw new AppError('asset_not_found');
  return planet;
}

export async function heldObject(
  db: Queryable,
  collectorId: string,
  planet: string,
  id: string,
): Promise<HeldObject> {
  const planetId = await assertHolds(db, collectorId, planet, id);
  const held = await findCollectorHolding(db, collectorId, planetId, id);
  if (!held) throw new AppError('asset_not_found');
  const { asset } = held;
  const [image, registrant, provenance, history, open] = await Promise.all([
    firstPublicImage(db, planetId, id),
    getAccountProfile(db, asset.account_id),
    readProvenance(db, planetId, id),
    historyOfAsset(db, { id }, 50),
    findOpenHandoverOfAsset(db, id),
  ]);
  return {
    planet: planetId,
    asset,
    image,
    registrant,
    provenance,
    history: history.data,
    historyHasMore: history.has_more,
    openHandover: open
      ? {
          id: open.id,
          kind: open.kind,
          toAccountName: open.to_account_id
            ? (await getAccountProfile(db, open.to_account_id)).displayName
            : null,
          expiresAt: open.expires_at.toISOString(),
        }
      : null,
  };
}

/** The names of the accounts a provenance names (the registrant, consignees), for its page. */
export async function accountNamesOf(db: Queryable, provenance: readonly ProvenanceEntry[]) {
  const ids = [...new Set(provenance.flatMap((entry) => (entry.accountId ? [entry.accountId] : [])))];
  const profiles = await Promise.all(ids.map((accountId) => getAccountProfile(db, accountId)));
  return new Map(profiles.map((profile) => [profile.accountId, profile.displayName]));
}

/** The collector hands the work on to another collector: a claim, its code shown once (and mailed when asked). */
export async function handOnToCollector(
  db: Database,
  input: {
    collectorId: string;
    planet: string;
    id: string;
    email?: string;
    language: string;
    mail: MailSettings;
  },
): Promise<{ code: string; claimUrl: string }> {
  const made = await createHandover(db, {
    planet: input.planet,
    assetId: input.id,
    actor: { kind: 'collector', collectorId: input.collectorId },
    kind: 'claim',
    email: input.email,
    language: input.language,
    baseUrl: input.mail.baseUrl,
    mail: input.mail,
  });
  return { code: made.code!, claimUrl: made.claimUrl! };
}

/** The collector consigns the work to an account, which accepts in its console. */
export async function consignToAccount(
  db: Database,
  input: { collectorId: string; planet: string; id: string; accountId: string },
): Promise<string> {
  await createHandover(db, {
    planet: input.planet,
    assetId: input.id,
    actor: { kind: 'collector', collectorId: input.collectorId },
    kind: 'consignment',
    toAccountId: input.accountId,
  });
  return (await getAccountProfile(db, input.accountId)).displayName;
}

/** The collector withdraws the work's open hand-over. */
export async function cancelOpenHandover(
  db: Database,
  input: { collectorId: string; planet: string; id: string },
): Promise<void> {
  await assertHolds(db, input.collectorId, input.planet, input.id);
  const open = await findOpenHandoverOfAsset(db, input.id);
  if (!open) throw new AppError('handover_not_found');
  await cancelHandover(db, {
    handoverId: open.id,
    actor: { kind: 'collector', collectorId: input.collectorId },
  });
}

/** The holder reports the work stolen or lost: the registrant is told (its webhook and notices), the page warns. */
export async function reportHeldObject(
  db: Database,
  input: { collectorId: string; planet: string; id: string; report: RaiseAlertBodyType },
): Promise<void> {
  const planet = await assertHolds(db, input.collectorId, input.planet, input.id);
  await db.transaction((tx) =>
    raiseAlertAsCollector(tx, { planet, assetId: input.id }, input.report, async (locked) => {
      await assertHolds(locked, input.collectorId, planet, input.id);
    }),
  );
}

/** The accounts a collector may consign to, found by their public name. */
export const findConsignees = findAccountsByPublicName;

/** Where a claim's code stands when it is no longer open: for its page's words (410 or 404). */
export async function closedClaimStanding(
  db: Queryable,
  code: string,
): Promise<'accepted' | 'cancelled' | 'expired' | 'unknown'> {
  const row = isSecretTokenShape(code)
    ? await findHandoverStandingByCodeHash(db, tokenHash(code))
    : undefined;
  if (!row) return 'unknown';
  if (row.accepted) return 'accepted';
  if (row.cancelled) return 'cancelled';
  return row.expired ? 'expired' : 'unknown';
}

/** Whether the collector holds the work now (the certificate's PDF is theirs to download then only). */
export async function assertCollectorHolds(db: Queryable, collectorId: string, planet: string, id: string) {
  return assertHolds(db, collectorId, planet, id);
}

/** A claim's page: the open offer's work (title, public photograph, certificate, registrant), or why it is closed. */
export async function claimOf(
  db: Queryable,
  code: string,
): Promise<
  | { open: true; title: string; certificateNumber: string; registrantName: string; image?: MediaRecordType }
  | { open: false; standing: Awaited<ReturnType<typeof closedClaimStanding>> }
> {
  const claim = await findOpenClaim(db, code);
  if (!claim) return { open: false, standing: await closedClaimStanding(db, code) };
  const { asset } = claim;
  const [registrant, image] = await Promise.all([
    getAccountProfile(db, asset.accountId),
    firstPublicImage(db, asset.planet, asset.id),
  ]);
  return {
    open: true,
    title: asset.title,
    certificateNumber: asset.certificateNumber,
    registrantName: registrant.displayName,
    image,
  };
}

/** The signed-in collector accepts the claim: the work is theirs; its page's path. */
export async function acceptClaimAsCollector(
  db: Database,
  code: string,
  collectorId: string,
): Promise<string> {
  const asset = await acceptClaim(db, { code, collectorId });
  return `/collection/objects/${asset.planet}/${asset.id}`;
}
