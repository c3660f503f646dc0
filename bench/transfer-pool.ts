// Issue #53, item 2: pending transfers for the transfer accept's ceiling. An accept consumes its offer, so the
// service's load and pgbench's replay each take offers no one has taken: copies, made in SQL, of one offer the service
// made (its asset, its history, the offer itself), numbered 1…size, with ids derived from their number (md5, as
// PostgreSQL's `md5(text)::uuid`), so that the bench and pgbench's script name the same rows from a number alone
// (docs/performance.md, "Round 4: each path beside pgbench of its own SQL").
import { createHash } from 'node:crypto';
import { copyRows } from './row-copies.js';
import { withClient } from './stats-cluster.js';

/** What each kind of a pool member's ids is derived from: `md5(prefix || number)`. */
const ID_PREFIX = {
  asset: 'avs-pool-asset-',
  transfer: 'avs-pool-transfer-',
  event: 'avs-pool-event-',
} as const;
export type PoolIdKind = 'asset' | 'transfer';

/** PostgreSQL's `md5(text)::uuid`: the 32 hex digits of the MD5, in the UUID's groups. */
function md5Uuid(text: string): string {
  const hex = createHash('md5').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function poolId(kind: PoolIdKind, number: number): string {
  return md5Uuid(`${ID_PREFIX[kind]}${number}`);
}

/** The SQL of a pool member's id, from an SQL expression of its number (pgbench's script: a variable). */
export function poolIdSql(kind: PoolIdKind, numberSql: string): string {
  return `md5('${ID_PREFIX[kind]}' || ${numberSql})::uuid`;
}

/**
 * Copies of the template offer (and of its asset and the asset's history) numbered 1…size, each its own asset, with
 * its own certificate number. The copies are written as a restore writes (`session_replication_role = replica`): no
 * trigger queues them for the transparency log or the history re-check, so the service's background work is the
 * load's alone.
 */
export async function makeTransferPool(options: {
  databaseUrl: string;
  templateTransferId: string;
  size: number;
}): Promise<{ byId: Map<string, { kind: PoolIdKind; number: number }> }> {
  await withClient(options.databaseUrl, async (client) => {
    const template = await client.query<{ asset_id: string }>(
      'SELECT asset_id FROM transfers WHERE id = $1',
      [options.templateTransferId],
    );
    const templateAssetId = template.rows[0]?.asset_id;
    if (!templateAssetId) throw new Error('the template transfer is missing');
    const copy = (table: string, changed: Record<string, string>, where: string) =>
      copyRows(client, {
        table,
        where,
        params: [table === 'transfers' ? options.templateTransferId : templateAssetId],
        changed,
        copies: options.size,
      });
    await client.query('BEGIN');
    await client.query('SET LOCAL session_replication_role = replica');
    const assetId = poolIdSql('asset', 'n');
    await copy(
      'assets',
      { id: assetId, certificate_number: `'ART-POOL-' || lpad(n::text, 7, '0')` },
      't.id = $1',
    );
    await copy(
      'asset_events',
      { id: `md5('${ID_PREFIX.event}' || n || '-' || t.sequence)::uuid`, asset_id: assetId },
      't.asset_id = $1',
    );
    await copy('transfers', { id: poolIdSql('transfer', 'n'), asset_id: assetId }, 't.id = $1');
    await client.query('COMMIT');
    await client.query('ANALYZE assets, asset_events, transfers');
  });
  const byId = new Map<string, { kind: PoolIdKind; number: number }>();
  for (let number = 1; number <= options.size; number++) {
    for (const kind of ['asset', 'transfer'] as const) byId.set(poolId(kind, number), { kind, number });
  }
  return { byId };
}
