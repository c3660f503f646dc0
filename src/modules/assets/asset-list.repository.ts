import { type Queryable, queryAll } from '../../db/database.js';
import { afterPositionSql, type Position } from '../../lib/page-cursor.js';
import { ASSET_COLUMNS, type AssetRow } from './assets.repository.js';

export interface AssetListFilter {
  planet: string;
  accountId: string;
  statuses?: readonly string[];
  certificateStatuses?: readonly string[];
  createdAfter?: Date;
  createdBefore?: Date;
  /** An ILIKE pattern on the title. */
  titlePattern?: string;
}

/**
 * One account's assets of one planet, newest first, after a keyset position. Only the filters given enter the
 * SQL, so the planner sees each query as it is: the (account_id, created_at DESC, id DESC) index walked from
 * the position, or the title's trigram index for a rare q (migration 161).
 */
export function assetListQuery(
  filter: AssetListFilter,
  page: { limit: number; after?: Position },
): { text: string; params: unknown[] } {
  const params: unknown[] = [filter.planet, filter.accountId];
  const where = ['planet = $1', 'account_id = $2'];
  const bind = (value: unknown): string => `$${params.push(value)}`;
  if (filter.statuses) where.push(`status = ANY (${bind(filter.statuses)}::text[])`);
  if (filter.certificateStatuses) {
    where.push(`certificate_status = ANY (${bind(filter.certificateStatuses)}::text[])`);
  }
  if (filter.createdAfter) where.push(`created_at > ${bind(filter.createdAfter)}::timestamptz`);
  if (filter.createdBefore) where.push(`created_at < ${bind(filter.createdBefore)}::timestamptz`);
  if (filter.titlePattern !== undefined) where.push(`title ILIKE ${bind(filter.titlePattern)}`);
  if (page.after) {
    where.push(afterPositionSql(bind(page.after.createdAt), bind(page.after.id)));
  }
  return {
    text: `SELECT ${ASSET_COLUMNS} FROM assets WHERE ${where.join(' AND ')}
     ORDER BY created_at DESC, id DESC LIMIT ${bind(page.limit)}`,
    params,
  };
}

export async function listAccountAssets(
  db: Queryable,
  filter: AssetListFilter,
  page: { limit: number; after?: Position },
): Promise<AssetRow[]> {
  const query = assetListQuery(filter, page);
  return queryAll<AssetRow>(db, query.text, query.params);
}
