import type { Queryable } from '../../db/database.js';
import { checkAssetHistory } from './history-integrity.js';
import { listAssetKeys, listEventsOfAssets, type AuditedAssetKey } from './history-audit.repository.js';

interface ChainBreak {
  planet: string;
  asset_id: string;
  sequence: number;
  reason: string;
}

export interface AuditReport {
  planet: string | null;
  assets: number;
  events: number;
  breaks: ChainBreak[];
  intact: boolean;
}

const BATCH = 500;

/** Recomputes every asset's history chain (of one planet, or all) and holds each row to it, in batches of assets. */
export async function auditHistory(db: Queryable, options: { planet?: string } = {}): Promise<AuditReport> {
  const report: AuditReport = {
    planet: options.planet ?? null,
    assets: 0,
    events: 0,
    breaks: [],
    intact: true,
  };
  let after: AuditedAssetKey | undefined;
  for (;;) {
    const assets = await listAssetKeys(db, { planet: options.planet, after, limit: BATCH });
    if (assets.length === 0) break;
    const events = await listEventsOfAssets(
      db,
      assets.map((asset) => asset.id),
    );
    for (const asset of assets) {
      const chain = events.get(asset.id) ?? [];
      report.assets += 1;
      report.events += chain.length;
      const result = checkAssetHistory(asset, chain);
      if (!result.intact) {
        report.breaks.push({
          planet: asset.planet,
          asset_id: asset.id,
          sequence: result.brokenAtSequence,
          reason: result.reason,
        });
      }
    }
    after = assets[assets.length - 1];
  }
  report.intact = report.breaks.length === 0;
  return report;
}
