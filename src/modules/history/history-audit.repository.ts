import { type Queryable, queryAll } from '../../db/database.js';
import { toChainedEvent } from '../chain/events.repository.js';
import type { ChainedEvent } from '../chain/history-chain.js';

export interface AuditedAssetKey {
  planet: string;
  id: string;
  certificate_status: string;
  status: string;
  head_sequence: number | null;
  head_hash: string | null;
}

/** One page of assets in (planet, id) order, after the given key. */
export async function listAssetKeys(
  db: Queryable,
  filter: { planet?: string; after?: AuditedAssetKey; limit: number },
): Promise<AuditedAssetKey[]> {
  return queryAll<AuditedAssetKey>(
    db,
    `SELECT planet, id, certificate_status, status, head_sequence, head_hash FROM assets
     WHERE ($1::text IS NULL OR planet = $1)
       AND ($2::text IS NULL OR (planet, id) > ($2::text, $3::uuid))
     ORDER BY planet, id LIMIT $4`,
    [filter.planet ?? null, filter.after?.planet ?? null, filter.after?.id ?? null, filter.limit],
  );
}

export const LIST_EVENTS_OF_ASSETS_SQL = `SELECT id, asset_id, planet, sequence, event_type, payload, actor_account_id,
       created_at, prev_hash, hash
   FROM asset_events WHERE asset_id = ANY($1::uuid[]) ORDER BY asset_id, sequence`;

/** Every event of the given assets, grouped by asset, oldest first. */
export async function listEventsOfAssets(
  db: Queryable,
  assetIds: string[],
): Promise<Map<string, ChainedEvent[]>> {
  const { rows } = await db.query<Parameters<typeof toChainedEvent>[0]>(LIST_EVENTS_OF_ASSETS_SQL, [
    assetIds,
  ]);
  const byAsset = new Map<string, ChainedEvent[]>(assetIds.map((id) => [id, []]));
  for (const row of rows) byAsset.get(row.asset_id)?.push(toChainedEvent(row));
  return byAsset;
}
