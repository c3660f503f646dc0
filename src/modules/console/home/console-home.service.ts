import type { Queryable } from '../../../db/database.js';
import { lastDays, type DayCount } from '../../../lib/day-series.js';
import {
  accountAssetCounts,
  accountOpenAlerts,
  assetsCreatedPerDay,
  type OpenAlertAsset,
  type PlanetCounts,
} from '../../assets/asset-stats.service.js';
import { glancesOfAssets, type AssetGlance } from '../../assets/asset-glances.service.js';
import { countOffersWaiting } from '../../transfers/transfers.service.js';
import {
  accountVerificationStats,
  type VerificationStats,
} from '../../verification/verification-stats.service.js';
import { accountDeliveryOutcomes } from '../../webhooks/deliveries.service.js';

/** The window of the home's charts and of its webhook figures: the last 30 UTC days, today included. */
export const HOME_DAYS = 30;
/** The open alerts listed on the home (the count says how many there are in all). */
const OPEN_ALERTS_SHOWN = 20;

export interface HomeFigures {
  /** Planets where the account has assets: counts by certificate status and open alerts. */
  planets: PlanetCounts[];
  openAlerts: OpenAlertAsset[];
  /** The listed open alerts' thumbnails and bylines, by asset id. */
  openAlertGlances: ReadonlyMap<string, AssetGlance>;
  offersWaiting: number;
  /** The account's webhook deliveries made in the window, by status. */
  deliveries: { succeeded: number; failed: number; pending: number };
  createdPerDay: DayCount[];
  verifications: VerificationStats;
}

/** What the console's home shows of an account: each figure from the service of the room that owns it. */
export async function consoleHomeFigures(
  db: Queryable,
  accountId: string,
  now = new Date(),
): Promise<HomeFigures> {
  const window = lastDays(HOME_DAYS, now);
  const [planets, openAlerts, offersWaiting, deliveries, createdPerDay, verifications] = await Promise.all([
    accountAssetCounts(db, accountId),
    accountOpenAlerts(db, accountId, OPEN_ALERTS_SHOWN),
    countOffersWaiting(db, accountId),
    accountDeliveryOutcomes(db, accountId, window.since),
    assetsCreatedPerDay(db, accountId, window),
    accountVerificationStats(db, accountId, window),
  ]);
  const openAlertGlances = await glancesOfAssets(db, { accountId }, openAlerts);
  return { planets, openAlerts, openAlertGlances, offersWaiting, deliveries, createdPerDay, verifications };
}
