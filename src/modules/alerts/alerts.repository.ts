import { firstRowQuery, type Queryable, queryAll, queryOne } from '../../db/database.js';
import { ASSET_COLUMNS, type AssetRow } from '../assets/assets.repository.js';

export interface AlertRow {
  id: string;
  asset_id: string;
  planet: string;
  certificate_number: string;
  kind: string;
  occurred_at: Date;
  reference: string | null;
  note: string | null;
  raised_by_account_id: string | null;
  raised_by_admin: string | null;
  created_at: Date;
  resolved_at: Date | null;
  outcome: string | null;
}

const ALERT_COLUMNS = `id, asset_id, planet, certificate_number, kind, occurred_at, reference, note,
  raised_by_account_id, raised_by_admin, created_at, resolved_at, outcome`;

export async function insertAlert(
  tx: Queryable,
  alert: {
    id: string;
    assetId: string;
    planet: string;
    certificateNumber: string;
    kind: string;
    occurredAt: string;
    reference: string | null;
    note: string | null;
    raisedByAccountId: string | null;
    raisedByAdmin: string | null;
  },
): Promise<AlertRow> {
  return queryOne<AlertRow>(
    tx,
    `INSERT INTO asset_alerts (id, asset_id, planet, certificate_number, kind, occurred_at, reference, note,
                               raised_by_account_id, raised_by_admin)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${ALERT_COLUMNS}`,
    [
      alert.id,
      alert.assetId,
      alert.planet,
      alert.certificateNumber,
      alert.kind,
      alert.occurredAt,
      alert.reference,
      alert.note,
      alert.raisedByAccountId,
      alert.raisedByAdmin,
    ],
  );
}

export const findOpenAlert = firstRowQuery<AlertRow, [assetId: string]>(
  `SELECT ${ALERT_COLUMNS} FROM asset_alerts WHERE asset_id = $1 AND resolved_at IS NULL`,
);

export const findAlert = firstRowQuery<AlertRow, [assetId: string, id: string]>(
  `SELECT ${ALERT_COLUMNS} FROM asset_alerts WHERE asset_id = $1 AND id = $2`,
);

export async function resolveAlertRow(
  tx: Queryable,
  change: { id: string; outcome: string; resolvedByAccountId: string | null; resolvedByAdmin: string | null },
): Promise<AlertRow> {
  return queryOne<AlertRow>(
    tx,
    `UPDATE asset_alerts SET resolved_at = now(), outcome = $2, resolved_by_account_id = $3, resolved_by_admin = $4
     WHERE id = $1 RETURNING ${ALERT_COLUMNS}`,
    [change.id, change.outcome, change.resolvedByAccountId, change.resolvedByAdmin],
  );
}

/** The asset row's copy of the open alert (null, null when none is open). */
export async function setAssetAlert(
  tx: Queryable,
  asset: { planet: string; id: string },
  alert: { kind: string; since: Date } | null,
): Promise<AssetRow> {
  return queryOne<AssetRow>(
    tx,
    `UPDATE assets SET alert_kind = $3, alert_since = $4 WHERE planet = $1 AND id = $2 RETURNING ${ASSET_COLUMNS}`,
    [asset.planet, asset.id, alert?.kind ?? null, alert?.since ?? null],
  );
}

export async function listAlertsOfAsset(db: Queryable, assetId: string): Promise<AlertRow[]> {
  return queryAll<AlertRow>(
    db,
    `SELECT ${ALERT_COLUMNS} FROM asset_alerts WHERE asset_id = $1 ORDER BY created_at DESC`,
    [assetId],
  );
}
