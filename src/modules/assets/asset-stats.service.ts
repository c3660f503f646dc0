import type { Queryable } from '../../db/database.js';
import { fillDays, type DayCount } from '../../lib/day-series.js';
import {
  countAssetsByCertificateStatus,
  countAssetsCreatedPerDay,
  listOpenAlertAssets,
  type OpenAlertAssetRow,
} from './asset-stats.repository.js';

/** One planet's figures for an account: its assets by certificate status, and how many have an open alert. */
export interface PlanetCounts {
  planet: string;
  byCertificateStatus: Record<string, number>;
  openAlerts: number;
}

/** The account's assets counted per planet (only planets where it has some), by certificate status and alert. */
export async function accountAssetCounts(db: Queryable, accountId: string): Promise<PlanetCounts[]> {
  const rows = await countAssetsByCertificateStatus(db, accountId);
  const planets = new Map<string, PlanetCounts>();
  for (const row of rows) {
    const counts = planets.get(row.planet) ?? { planet: row.planet, byCertificateStatus: {}, openAlerts: 0 };
    counts.byCertificateStatus[row.certificate_status] = row.count;
    counts.openAlerts += row.open_alerts;
    planets.set(row.planet, counts);
  }
  return [...planets.values()].sort((a, b) => a.planet.localeCompare(b.planet));
}

export interface OpenAlertAsset {
  id: string;
  planet: string;
  title: string;
  certificateNumber: string;
  kind: string;
  since: string;
}

/** The account's assets under an open stolen or lost alert, the latest first, at most `limit`. */
export async function accountOpenAlerts(
  db: Queryable,
  accountId: string,
  limit: number,
): Promise<OpenAlertAsset[]> {
  const rows = await listOpenAlertAssets(db, accountId, limit);
  return rows.map((row: OpenAlertAssetRow) => ({
    id: row.id,
    planet: row.planet,
    title: row.title,
    certificateNumber: row.certificate_number,
    kind: row.alert_kind,
    since: row.alert_since.toISOString(),
  }));
}

/** Assets the account created on each of `days` (UTC, from `since`), zero where none. */
export async function assetsCreatedPerDay(
  db: Queryable,
  accountId: string,
  window: { since: Date; days: readonly string[] },
): Promise<DayCount[]> {
  return fillDays(window.days, await countAssetsCreatedPerDay(db, accountId, window.since));
}
