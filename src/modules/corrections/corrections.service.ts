import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../../db/database.js';
import { AppError } from '../../errors/error-catalogue.js';
import { timeOrderedId } from '../../lib/time-ordered-id.js';
import { isStorableText } from '../../lib/text.js';
import { isUuid } from '../../lib/uuid.js';
import { limits } from '../../limits.js';
import { planets, type PlanetId } from '../../planets/planets.js';
import { isArchived, isIssued } from '../assets/asset-states.js';
import { toAssetRecord } from '../assets/asset-record.js';
import {
  assetChangesOf,
  getAsset,
  lockAssetForChange,
  lockAssetOfOwnerOrAdmin,
  writeAssetChanges,
  type AssetRow,
} from '../assets/assets.service.js';
import { toCertificate, type AdminActor } from '../certificates/certificate-moves.service.js';
import { appendEvent } from '../chain/history-events.service.js';
import { recordCredentialCorrection } from '../credentials/certificate-credentials.service.js';
import {
  attachImagesOfCorrection,
  checkDeclaredUpload,
  dropBlobIfUnreferenced,
  imageUploadTypes,
  keepBlob,
  openBlob,
  publicMediaDigests,
  removeImagesOfCorrection,
  storedPhash,
  type DeclaredUpload,
  type MediaStores,
} from '../media/media.service.js';
import type { ProcessedMedia } from '../media/media-processing.js';
import { historyActor, type Principal } from '../principal/principal.js';
import type { DocumentSigner } from '../signing/document-signer.js';
import { recordWebhookEvent } from '../webhooks/outbox.service.js';
import {
  decideCorrection,
  deleteCorrectionImages,
  findCorrection,
  findOpenCorrection,
  insertCorrection,
  insertCorrectionImage,
  listCorrectionImages,
  listAmendments,
  listCorrections,
  type CorrectionRow,
  type CorrectionStatus,
} from './corrections.repository.js';
import type { AssetRecordType } from '../assets/assets.schemas.js';
import type { CorrectionBody, CorrectionRecordType } from './corrections.schemas.js';

export type { CorrectionRow };

const MAX_LIST = 500;
const MAX_ADDED_IMAGES = 20;

type Orphan = NonNullable<Awaited<ReturnType<typeof dropBlobIfUnreferenced>>>;

/** The request as the API answers it: the row without who decided and the credential version, times in ISO. */
export function toCorrectionRecord(row: CorrectionRow): CorrectionRecordType {
  const { account_id: _account, decided_by: _decidedBy, credential_version: _version, ...shown } = row;
  return {
    ...shown,
    requested_by: row.requested_by as CorrectionRecordType['requested_by'],
    requested_at: row.requested_at.toISOString(),
    decided_at: row.decided_at?.toISOString() ?? null,
  };
}

/** A reason as stored: trimmed, within the string limit, storable; required unless `optional`. */
function normaliseReason(reason: string | undefined, optional: boolean): string | null {
  const trimmed = reason?.trim() ?? '';
  if (trimmed.length > limits.stringLength) {
    throw new AppError('validation_failed', 'too_long', { field: 'reason', max: limits.stringLength });
  }
  if (!isStorableText(trimmed)) throw new AppError('validation_failed', 'unstorable', { field: 'reason' });
  if (trimmed.length === 0 && !optional)
    throw new AppError('validation_failed', 'required', { field: 'reason' });
  return trimmed.length > 0 ? trimmed : null;
}

/** Only an issued certificate of an asset that is not archived takes a correction (docs/corrections.md). */
function assertCorrectable(row: AssetRow, move: string): void {
  if (isArchived(row.status)) throw new AppError('invalid_state', 'asset_is', { move, state: row.status });
  if (!isIssued(row.certificate_status)) {
    throw new AppError('invalid_state', 'certificate_is', { move, state: row.certificate_status });
  }
}

/** What a correction would change now: the field changes (an update's rule) and the public images it removes. */
async function correctionEffect(
  db: Queryable,
  planet: PlanetId,
  row: AssetRow,
  request: { fields: Record<string, unknown>; removeMediaIds: readonly string[] },
) {
  const update = assetChangesOf(planet, row, request.fields);
  const publicIds = new Set((await publicMediaDigests(db, planet, row.id)).map((medium) => medium.id));
  return { update, publicIds };
}

/** A viewer reads only (docs/members.md); editors and owners ask. */
function assertMayAsk(principal: Principal): void {
  if ('role' in principal && principal.role === 'viewer') {
    throw new AppError('forbidden_role', 'needs', { role: 'editor' });
  }
}

/**
 * A member (editor or owner) or a key of the owning account asks to correct an issued certificate: the changed
 * fields as an update sends them, public images to remove, and a reason. At most one open request per asset.
 */
export async function requestCorrection(
  tx: Queryable,
  principal: Principal,
  planet: PlanetId,
  assetId: string,
  body: CorrectionBody,
): Promise<CorrectionRecordType> {
  assertMayAsk(principal);
  const reason = normaliseReason(body.reason, false)!;
  const fields = body.fields ?? {};
  const removeMediaIds = [...new Set(body.remove_media_ids ?? [])];
  const row = await lockAssetOfOwnerOrAdmin(tx, { principal }, planet, assetId);
  assertCorrectable(row, 'correct');
  const open = await findOpenCorrection(tx, row.id);
  if (open) throw new AppError('invalid_state', 'correction_open', { id: open.id });

  const { update, publicIds } = await correctionEffect(tx, planet, row, { fields, removeMediaIds });
  for (const id of removeMediaIds) {
    if (!publicIds.has(id)) throw new AppError('validation_failed', 'not_public_image', { id });
  }
  const addsImages = body.adds_images ?? false;
  if (Object.keys(update.changes).length === 0 && removeMediaIds.length === 0 && !addsImages) {
    throw new AppError('validation_failed', 'nothing_to_correct');
  }
  const id = timeOrderedId();
  await insertCorrection(tx, {
    id,
    assetId: row.id,
    planet,
    accountId: row.account_id,
    fields,
    removeMediaIds,
    addsImages,
    reason,
    requestedBy: historyActor(principal),
  });
  return toCorrectionRecord((await findCorrection(tx, id))!);
}

async function correctionOf(db: Queryable, id: string): Promise<CorrectionRow> {
  const row = isUuid(id) ? await findCorrection(db, id) : undefined;
  if (!row) throw new AppError('correction_not_found');
  return row;
}

/** The caller's own request (another account's is 404, as one that does not exist). */
async function ownCorrection(db: Queryable, principal: Principal, id: string): Promise<CorrectionRow> {
  const row = await correctionOf(db, id);
  if (row.account_id !== principal.accountId) throw new AppError('correction_not_found');
  return row;
}

const assertOpen = (row: CorrectionRow): void => {
  if (row.status !== 'open') throw new AppError('invalid_state', 'correction_decided', { state: row.status });
};

/**
 * An image to add, refused before its body is read (docs/corrections.md): an image type and length as a medium's
 * upload (415, 413), then the caller's own request (404), still open (409), and a caller who may ask (403).
 */
export async function checkCorrectionImageBeforeBody(
  db: Queryable,
  principal: Principal,
  id: string,
  declared: DeclaredUpload,
): Promise<void> {
  await checkDeclaredUpload(declared, imageUploadTypes);
  assertOpen(await ownCorrection(db, principal, id));
  assertMayAsk(principal);
}

/**
 * Holds a prepared image (its type read from the bytes, scaled, re-encoded without metadata: prepareUpload) with
 * the open request, its bytes kept as a medium's, until the operator answers.
 */
export async function addImageToCorrection(
  tx: Queryable,
  stores: MediaStores,
  principal: Principal,
  id: string,
  media: ProcessedMedia,
): Promise<CorrectionRecordType> {
  await ownCorrection(tx, principal, id);
  assertMayAsk(principal);
  const { correction } = await lockOpenCorrection(tx, id);
  if (correction.add_images.length >= MAX_ADDED_IMAGES) {
    throw new AppError('validation_failed', 'too_many_images', { max: MAX_ADDED_IMAGES });
  }
  await keepBlob(tx, stores, media);
  await insertCorrectionImage(tx, {
    id: randomUUID(),
    correctionId: correction.id,
    assetId: correction.asset_id,
    sha256: media.sha256,
    phash: media.fingerprint ? storedPhash(media.fingerprint) : null,
  });
  return toCorrectionRecord((await findCorrection(tx, id))!);
}

/** One request, for its account (another account's is 404, as one that does not exist). */
export async function getCorrection(
  db: Queryable,
  principal: Principal,
  id: string,
): Promise<CorrectionRecordType> {
  return toCorrectionRecord(await ownCorrection(db, principal, id));
}

/** The requests of one asset of the caller's account, newest first. */
export async function listAssetCorrections(
  db: Queryable,
  principal: Principal,
  planet: PlanetId,
  assetId: string,
): Promise<CorrectionRecordType[]> {
  if (!isUuid(assetId)) throw new AppError('asset_not_found');
  const rows = await listCorrections(db, { assetId, accountId: principal.accountId, limit: MAX_LIST });
  return rows.filter((row) => row.planet === planet).map(toCorrectionRecord);
}

/** The operator's list: open requests oldest first, others newest first. */
export async function listCorrectionsForReview(
  db: Queryable,
  filter: { status?: CorrectionStatus; limit?: number },
): Promise<CorrectionRow[]> {
  return listCorrections(db, { status: filter.status, limit: Math.min(filter.limit ?? 100, MAX_LIST) });
}

/** One request as the operator sees it, beside the asset as it stands now. */
export async function findCorrectionForReview(db: Queryable, id: string): Promise<CorrectionRow | undefined> {
  return isUuid(id) ? findCorrection(db, id) : undefined;
}

/** The bytes of an image a request holds, for the operator's page only: it is not public before the approval. */
export async function openCorrectionImage(db: Database, stores: MediaStores, id: string, imageId: string) {
  const image = (await findCorrectionForReview(db, id))?.add_images.find((held) => held.id === imageId);
  const blob = image ? await openBlob(db, stores, image.sha256) : undefined;
  if (!blob) throw new AppError('correction_not_found');
  return blob;
}

export interface CorrectionReview {
  correction: CorrectionRow;
  asset: AssetRecordType;
  /** Each requested field: its value now and as requested (null: removed). */
  diff: { field: string; current: unknown; requested: unknown }[];
  /** The public images the request removes that the asset still has. */
  images: { id: string; content_type: string; sha256: string }[];
  /** The public images the request adds. */
  added: CorrectionRow['add_images'];
}

/** The request beside the record as it stands now (the operator's page): a diff of fields, the images to go. */
export async function reviewCorrection(db: Queryable, id: string): Promise<CorrectionReview | undefined> {
  const correction = await findCorrectionForReview(db, id);
  if (!correction) return undefined;
  const asset = await getAsset(db, correction.planet as PlanetId, correction.asset_id);
  const now = asset as Record<string, unknown>;
  const diff = Object.entries(correction.fields).map(([field, requested]) => ({
    field,
    current: now[field] ?? null,
    requested,
  }));
  const removed = new Set(correction.remove_media_ids);
  const images = (await publicMediaDigests(db, correction.planet, correction.asset_id)).filter((medium) =>
    removed.has(medium.id),
  );
  return { correction, asset, diff, images, added: correction.add_images };
}

/** The request and its asset, both under the asset's row lock, the request still open. */
async function lockOpenCorrection(
  tx: Queryable,
  id: string,
): Promise<{ correction: CorrectionRow; asset: AssetRow }> {
  const found = await correctionOf(tx, id);
  const asset = (await lockAssetForChange(tx, found.planet, { id: found.asset_id }))!;
  const correction = (await findCorrection(tx, id))!;
  assertOpen(correction);
  return { correction, asset };
}

/** None of the images the request removes is a public image of the asset any more. */
const publicIdsGone = (correction: CorrectionRow, publicIds: ReadonlySet<string>): boolean =>
  !correction.remove_media_ids.some((id) => publicIds.has(id));

const decidedBy = (actor: AdminActor): string => ('adminUserId' in actor ? actor.adminUserId : 'token');

/**
 * The operator approves (docs/corrections.md), in one transaction: the asset changes, CERTIFICATE_AMENDED records
 * old → new per field, removed images by digest, the reasons and who asked and who approved; the previous
 * credential's refresh bit is set and a new credential signed; `certificate.updated` goes to the outbox.
 */
async function approveCorrection(
  tx: Queryable,
  input: { id: string; actor: AdminActor; reason?: string; credentialSigner?: DocumentSigner },
): Promise<{
  correction: CorrectionRecordType;
  orphans: Orphan[];
}> {
  const decisionReason = normaliseReason(input.reason, true);
  const { correction, asset } = await lockOpenCorrection(tx, input.id);
  assertCorrectable(asset, 'correct');
  const planet = asset.planet as PlanetId;
  const { update, publicIds } = await correctionEffect(tx, planet, asset, {
    fields: correction.fields,
    removeMediaIds: correction.remove_media_ids,
  });
  const changed =
    Object.keys(update.changes).length > 0
      ? await writeAssetChanges(tx, asset, update, asset.account_id)
      : asset;
  const pending = await listCorrectionImages(tx, correction.id);
  // A request that said images would follow and got none, and changes nothing else, is refused instead.
  if (
    Object.keys(update.changes).length === 0 &&
    publicIdsGone(correction, publicIds) &&
    pending.length === 0
  ) {
    throw new AppError('validation_failed', 'nothing_to_correct');
  }
  const images = await removeImagesOfCorrection(tx, asset, correction.remove_media_ids);
  const added = await attachImagesOfCorrection(tx, asset, pending);

  const admin = decidedBy(input.actor);
  const event = await appendEvent(tx, {
    assetId: asset.id,
    planet,
    eventType: 'CERTIFICATE_AMENDED',
    payload: {
      source: 'admin',
      admin_user_id: admin,
      correction_id: correction.id,
      requested_by: correction.requested_by,
      reason: correction.reason,
      ...(decisionReason !== null ? { decision_reason: decisionReason } : {}),
      changes: update.changes,
      media_removed: images.removed,
      media_added: added,
    },
    actorAccountId: 'adminUserId' in input.actor ? input.actor.adminUserId : null,
  });
  const credentialVersion = await recordCredentialCorrection(
    tx,
    { planet, assetId: asset.id },
    input.credentialSigner,
  );
  await decideCorrection(tx, {
    id: correction.id,
    status: 'approved',
    decidedBy: admin,
    reason: decisionReason,
    amendedSequence: event.sequence,
    credentialVersion,
  });
  const record = toCorrectionRecord((await findCorrection(tx, correction.id))!);
  await recordWebhookEvent(tx, {
    accountId: changed.account_id,
    eventType: 'certificate.updated',
    payload: {
      asset: toAssetRecord(changed),
      certificate: { ...toCertificate(changed), previous_status: asset.certificate_status },
      correction: {
        id: record.id,
        changes: update.changes,
        media_removed: images.removed,
        media_added: added,
        reason: record.reason,
      },
    },
  });
  return { correction: record, orphans: images.orphans };
}

/**
 * The operator refuses, with a reason: nothing changes but the request's own record, and the images it would have
 * added are discarded (with the bytes no one else names, which the caller forgets after the commit).
 */
async function refuseCorrection(
  tx: Queryable,
  input: { id: string; actor: AdminActor; reason?: string },
): Promise<{ correction: CorrectionRecordType; orphans: Orphan[] }> {
  const reason = normaliseReason(input.reason, false);
  const { correction } = await lockOpenCorrection(tx, input.id);
  await decideCorrection(tx, {
    id: correction.id,
    status: 'refused',
    decidedBy: decidedBy(input.actor),
    reason,
  });
  const orphans: Orphan[] = [];
  for (const { sha256 } of await deleteCorrectionImages(tx, correction.id)) {
    const orphan = await dropBlobIfUnreferenced(tx, sha256);
    if (orphan) orphans.push(orphan);
  }
  return { correction: toCorrectionRecord((await findCorrection(tx, correction.id))!), orphans };
}

/** A correction as the public page shows it: when, its history entry, the declared fields it changed. */
export interface PublicAmendment {
  decidedAt: string;
  sequence: number;
  hash: string;
  changes: { field: string; old: unknown; new: unknown }[];
  imagesRemoved: number;
  imagesAdded: number;
}

/**
 * The approved corrections of an issued certificate for its public page, oldest first: only the title and the
 * planet's declared fields (pass-through fields may hold personal data, as in the credential).
 */
export async function publicAmendments(
  db: Queryable,
  planet: PlanetId,
  assetId: string,
): Promise<PublicAmendment[]> {
  const declared = new Set(['title', ...Object.keys(planets[planet].fields)]);
  return (await listAmendments(db, planet, assetId)).map((row) => ({
    decidedAt: row.decided_at.toISOString(),
    sequence: row.sequence,
    hash: row.hash,
    changes: Object.entries(row.changes)
      .filter(([field]) => declared.has(field))
      .map(([field, change]) => ({ field, old: change.old, new: change.new })),
    imagesRemoved: row.media_removed.length,
    imagesAdded: row.media_added.length,
  }));
}

/** The operator's two answers, taking the same input and answering alike: the request, and bytes to forget. */
export const correctionDecisions = { approve: approveCorrection, refuse: refuseCorrection } as const;
export type CorrectionDecision = keyof typeof correctionDecisions;
