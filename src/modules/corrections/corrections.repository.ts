import { allRowsQuery, queryAll, queryFirst, queryOne, type Queryable } from '../../db/database.js';

export type CorrectionStatus = 'open' | 'approved' | 'refused';

export interface CorrectionRow {
  id: string;
  asset_id: string;
  planet: string;
  account_id: string;
  certificate_number: string;
  status: CorrectionStatus;
  fields: Record<string, unknown>;
  remove_media_ids: string[];
  reason: string;
  requested_by: Record<string, string>;
  requested_at: Date;
  decided_by: string | null;
  decided_at: Date | null;
  decision_reason: string | null;
  amended_sequence: number | null;
  credential_version: number | null;
  adds_images: boolean;
  add_images: AddedImage[];
}

/** An image a request adds, as its record and the operator's page show it. */
export interface AddedImage {
  id: string;
  sha256: string;
  content_type: string;
  bytes: number;
  width: number | null;
  height: number | null;
}

const CORRECTION_COLUMNS = `c.id, c.asset_id, c.planet, c.account_id, a.certificate_number, c.status, c.fields,
  c.remove_media_ids::text[] AS remove_media_ids, c.reason, c.requested_by, c.requested_at, c.decided_by,
  c.decided_at, c.decision_reason, c.amended_sequence, c.credential_version, c.adds_images,
  COALESCE((SELECT jsonb_agg(jsonb_build_object('id', i.id, 'sha256', i.sha256, 'content_type', b.content_type,
                                                'bytes', b.bytes, 'width', b.width, 'height', b.height)
                             ORDER BY i.added_at, i.id)
            FROM certificate_correction_images i JOIN media_blobs b ON b.sha256 = i.sha256
            WHERE i.correction_id = c.id AND i.asset_id = c.asset_id), '[]'::jsonb) AS add_images`;
const FROM_CORRECTIONS = `certificate_corrections c JOIN assets a ON a.planet = c.planet AND a.id = c.asset_id`;

export async function insertCorrection(
  tx: Queryable,
  correction: {
    id: string;
    assetId: string;
    planet: string;
    accountId: string;
    fields: Record<string, unknown>;
    removeMediaIds: readonly string[];
    addsImages: boolean;
    reason: string;
    requestedBy: Record<string, string>;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO certificate_corrections (id, asset_id, planet, account_id, fields, remove_media_ids, reason,
                                          requested_by, adds_images)
     VALUES ($1, $2, $3, $4, $5, $6::uuid[], $7, $8, $9)`,
    [
      correction.id,
      correction.assetId,
      correction.planet,
      correction.accountId,
      JSON.stringify(correction.fields),
      correction.removeMediaIds,
      correction.reason,
      JSON.stringify(correction.requestedBy),
      correction.addsImages,
    ],
  );
}

export async function findCorrection(db: Queryable, id: string): Promise<CorrectionRow | undefined> {
  return queryFirst<CorrectionRow>(
    db,
    `SELECT ${CORRECTION_COLUMNS} FROM ${FROM_CORRECTIONS} WHERE c.id = $1`,
    [id],
  );
}

/** The asset's open request, if any (at most one: a partial unique index keeps it so). */
export async function findOpenCorrection(db: Queryable, assetId: string): Promise<CorrectionRow | undefined> {
  return queryFirst<CorrectionRow>(
    db,
    `SELECT ${CORRECTION_COLUMNS} FROM ${FROM_CORRECTIONS} WHERE c.asset_id = $1 AND c.status = 'open'`,
    [assetId],
  );
}

/** Requests, newest first: of one asset, of one account, or (the operator's queue) open ones oldest first. */
export async function listCorrections(
  db: Queryable,
  filter: { assetId?: string; accountId?: string; status?: CorrectionStatus; limit: number },
): Promise<CorrectionRow[]> {
  const oldestFirst = filter.status === 'open' && filter.assetId === undefined;
  return queryAll<CorrectionRow>(
    db,
    `SELECT ${CORRECTION_COLUMNS} FROM ${FROM_CORRECTIONS}
     WHERE ($1::uuid IS NULL OR c.asset_id = $1) AND ($2::uuid IS NULL OR c.account_id = $2)
       AND ($3::text IS NULL OR c.status = $3)
     ORDER BY c.requested_at ${oldestFirst ? 'ASC' : 'DESC'}, c.id LIMIT $4`,
    [filter.assetId ?? null, filter.accountId ?? null, filter.status ?? null, filter.limit],
  );
}

export async function decideCorrection(
  tx: Queryable,
  decision: {
    id: string;
    status: Exclude<CorrectionStatus, 'open'>;
    decidedBy: string;
    reason: string | null;
    amendedSequence?: number;
    credentialVersion?: number;
  },
): Promise<void> {
  await queryOne(
    tx,
    `UPDATE certificate_corrections SET status = $2, decided_by = $3, decided_at = now(), decision_reason = $4,
       amended_sequence = $5, credential_version = $6
     WHERE id = $1 AND status = 'open' RETURNING id`,
    [
      decision.id,
      decision.status,
      decision.decidedBy,
      decision.reason,
      decision.amendedSequence ?? null,
      decision.credentialVersion ?? null,
    ],
  );
}

export interface AmendmentRow {
  decided_at: Date;
  sequence: number;
  hash: string;
  changes: Record<string, { old: unknown; new: unknown }>;
  media_removed: unknown[];
  media_added: unknown[];
}

/** The approved corrections of an asset, oldest first, with their CERTIFICATE_AMENDED event. */
export const listAmendments = allRowsQuery<AmendmentRow, [planet: string, assetId: string]>(
  `SELECT c.decided_at, e.sequence, e.hash, e.payload->'changes' AS changes,
            COALESCE(e.payload->'media_removed', '[]'::jsonb) AS media_removed,
            COALESCE(e.payload->'media_added', '[]'::jsonb) AS media_added
     FROM certificate_corrections c
     JOIN asset_events e ON e.asset_id = c.asset_id AND e.sequence = c.amended_sequence
     WHERE c.planet = $1 AND c.asset_id = $2 AND c.status = 'approved' ORDER BY c.decided_at`,
);

export interface CorrectionImageRow {
  id: string;
  sha256: string;
  phash: string | null;
  content_type: string;
  bytes: number;
  width: number | null;
  height: number | null;
  storage: 'postgres' | 'directory';
}

export async function insertCorrectionImage(
  tx: Queryable,
  image: { id: string; correctionId: string; assetId: string; sha256: string; phash: string | null },
): Promise<void> {
  await tx.query(
    `INSERT INTO certificate_correction_images (id, correction_id, asset_id, sha256, phash)
     VALUES ($1, $2, $3, $4, $5)`,
    [image.id, image.correctionId, image.assetId, image.sha256, image.phash],
  );
}

/** The images a request adds, in the order they were sent, with their blob's type and size. */
export const listCorrectionImages = allRowsQuery<CorrectionImageRow, [correctionId: string]>(
  `SELECT i.id, i.sha256, i.phash::text AS phash, b.content_type, b.bytes::int AS bytes, b.width, b.height, b.storage
   FROM certificate_correction_images i JOIN media_blobs b ON b.sha256 = i.sha256
   WHERE i.correction_id = $1 ORDER BY i.added_at, i.id`,
);

/** A refused request's images go; their digests, for the blobs no one else names. */
export const deleteCorrectionImages = allRowsQuery<{ sha256: string }, [correctionId: string]>(
  'DELETE FROM certificate_correction_images WHERE correction_id = $1 RETURNING sha256',
);
