import type { Database } from '../../src/db/database.js';
import { buildEvent } from '../../src/modules/chain/history-events.service.js';
import type { ChainedEvent } from '../../src/modules/chain/history-chain.js';

/**
 * Appends `count` valid UPDATED events to an asset's chain, 500 to a statement: what `count` PATCHes would
 * leave (any key can grow a history so: docs/reliability.md), in a fraction of the time.
 */
export async function appendEventsForTest(
  db: Database,
  asset: { id: string; planet?: string },
  count: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ sequence: number; hash: string; actor_account_id: string }>(
      `SELECT sequence, hash, actor_account_id FROM asset_events WHERE asset_id = $1 ORDER BY sequence DESC LIMIT 1`,
      [asset.id],
    );
    let previous: { sequence: number; hash: string } | null = rows[0] ?? null;
    for (let done = 0; done < count;) {
      const batch: ChainedEvent[] = [];
      for (; batch.length < 500 && done < count; done++) {
        const event: ChainedEvent = buildEvent(
          {
            assetId: asset.id,
            planet: asset.planet ?? 'artworks',
            eventType: 'UPDATED',
            payload: { changes: { edition: { old: String(done), new: String(done + 1) } } },
            actorAccountId: rows[0]?.actor_account_id ?? null,
          },
          previous,
        );
        batch.push(event);
        previous = event;
      }
      await tx.query(
        `INSERT INTO asset_events (id, asset_id, planet, sequence, event_type, payload, actor_account_id,
                                   created_at, prev_hash, hash)
         SELECT id, asset_id, planet, sequence, event_type, payload, actor_account_id, created_at, prev_hash, hash
         FROM jsonb_to_recordset($1::jsonb) AS e(id uuid, asset_id uuid, planet text, sequence int, event_type text,
           payload jsonb, actor_account_id uuid, created_at timestamptz, prev_hash text, hash text)
         ORDER BY sequence`,
        [JSON.stringify(batch)],
      );
    }
  });
}
