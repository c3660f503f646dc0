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
}

const CORRECTION_COLUMNS = `c.id, c.asset_id, c.planet, c.account_id, a.certificate_number, c.status, c.fields,
  c.remove_media_ids::text[] AS remove_media_ids, c.reason, c.requested_by, c.requested_at, c.decided_by,
  c.decided_at, c.decision_reason, c.amended_sequence, c.credential_version`;
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
    reason: string;
    requestedBy: Record<string, string>;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO certificate_corrections (id, asset_id, planet, account_id, fields, remove_media_ids, reason,
                                          requested_by)
     VALUES ($1, $2, $3, $4, $5, $6::uuid[], $7, $8)`,
    [
      correction.id,
      correction.assetId,
      correction.planet,
      correction.accountId,
      JSON.stringify(correction.fields),
      correction.removeMediaIds,
      correction.reason,
      JSON.stringify(correction.requestedBy),
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
}

/** The approved corrections of an asset, oldest first, with their CERTIFICATE_AMENDED event. */
export const listAmendments = allRowsQuery<AmendmentRow, [planet: string, assetId: string]>(
  `SELECT c.decided_at, e.sequence, e.hash, e.payload->'changes' AS changes,
            COALESCE(e.payload->'media_removed', '[]'::jsonb) AS media_removed
     FROM certificate_corrections c
     JOIN asset_events e ON e.asset_id = c.asset_id AND e.sequence = c.amended_sequence
     WHERE c.planet = $1 AND c.asset_id = $2 AND c.status = 'approved' ORDER BY c.decided_at`,
);
