import { allRowsQuery } from '../../db/database.js';
import type { DayCount } from '../../lib/day-series.js';

export interface CertificateCountRow {
  planet: string;
  certificate_status: string;
  count: number;
  /** Of these, the assets with an open stolen or lost alert. */
  open_alerts: number;
}

/**
 * The account's assets counted by planet and certificate status, with their open alerts: one pass over the
 * account's rows (assets_account_id_idx), whatever the number of planets.
 */
export const countAssetsByCertificateStatus = allRowsQuery<CertificateCountRow, [accountId: string]>(
  `SELECT planet, certificate_status, count(*)::int AS count,
          count(*) FILTER (WHERE alert_kind IS NOT NULL)::int AS open_alerts
   FROM assets WHERE account_id = $1
   GROUP BY planet, certificate_status`,
);

export interface OpenAlertAssetRow {
  id: string;
  planet: string;
  title: string;
  certificate_number: string;
  alert_kind: string;
  alert_since: Date;
}

/** The account's assets with an open alert, the latest raised first. */
export const listOpenAlertAssets = allRowsQuery<OpenAlertAssetRow, [accountId: string, limit: number]>(
  `SELECT id, planet, title, certificate_number, alert_kind, alert_since
   FROM assets WHERE account_id = $1 AND alert_kind IS NOT NULL
   ORDER BY alert_since DESC, id DESC LIMIT $2`,
);

/**
 * Assets (each a certificate number) the account created per UTC day since `since`: a range of the
 * (account_id, created_at DESC, id DESC) index of each planet (migration 161). Days without any are absent.
 */
export const countAssetsCreatedPerDay = allRowsQuery<DayCount, [accountId: string, since: Date]>(
  `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS count
   FROM assets WHERE account_id = $1 AND created_at >= $2
   GROUP BY 1`,
);
