import type { Static } from '@sinclair/typebox';
import type { Queryable } from '../../db/database.js';
import { containsPattern, parseInstant, parseValueList } from '../../lib/list-filters.js';
import {
  boundPageJson,
  decodeBoundPosition,
  listDigest,
  type Position,
  toBoundPage,
} from '../../lib/page-cursor.js';
import type { PlanetId } from '../../planets/planets.js';
import type { Principal } from '../principal/principal.js';
import {
  listAccountAssetCells,
  listAccountAssetRecords,
  listAccountAssets,
  listAttributeNames,
  type AssetListFilter,
} from './asset-list.repository.js';
import type { AssetPage, ListAssetsQuery } from './asset-list.schemas.js';
import { assetStatuses, certificateStatuses } from './asset-states.js';
import { toAssetRecord } from './asset-record.js';

/** The filters a list's query names, each value checked (400 validation_failed for one not allowed). */
export type AssetListFilters = Omit<Static<typeof ListAssetsQuery>, 'limit' | 'cursor'>;

/** The filter of the caller's own assets of the planet that `query` asks for. */
export function assetListFilter(
  principal: Principal,
  planet: PlanetId,
  query: AssetListFilters,
): AssetListFilter {
  return {
    planet,
    accountId: principal.accountId,
    statuses: parseValueList('status', query.status, assetStatuses),
    certificateStatuses: parseValueList('certificate_status', query.certificate_status, certificateStatuses),
    createdAfter: parseInstant(query.created_after),
    createdBefore: parseInstant(query.created_before),
    titlePattern: query.q === undefined ? undefined : containsPattern(query.q),
    // A stock number is typed whole: q finds it exactly, beside the titles that contain it.
    titleOrInventoryNumber: query.q?.trim() || undefined,
    inventoryNumber: query.inventory_number?.trim(),
  };
}

/** What a list request asks for: its filter, its digest (which binds a cursor to it), its page. */
function listRequest(
  principal: Principal,
  planet: PlanetId,
  query: Static<typeof ListAssetsQuery>,
): { filter: AssetListFilter; digest: string; limit: number; after: Position | undefined } {
  const filter = assetListFilter(principal, planet, query);
  // Instants as the database compares them, so two spellings of one instant make the same list.
  const digest = listDigest([
    'assets',
    filter.planet,
    filter.accountId,
    filter.statuses,
    filter.certificateStatuses,
    filter.createdAfter?.toISOString(),
    filter.createdBefore?.toISOString(),
    query.q,
    filter.inventoryNumber,
  ]);
  return { filter, digest, limit: query.limit ?? 50, after: decodeBoundPosition(query.cursor, digest) };
}

/** The calling account's own assets of the planet, newest first, filtered, one keyset page. */
export async function listAssets(
  db: Queryable,
  principal: Principal,
  planet: PlanetId,
  query: Static<typeof ListAssetsQuery>,
): Promise<Static<typeof AssetPage>> {
  const { filter, digest, limit, after } = listRequest(principal, planet, query);
  const rows = await listAccountAssets(db, filter, { limit: limit + 1, after });
  return toBoundPage(rows, limit, digest, toAssetRecord);
}

/** As listAssets, as the JSON text of the API's answer: the records as the database wrote them. */
export async function listAssetsJson(
  db: Queryable,
  principal: Principal,
  planet: PlanetId,
  query: Static<typeof ListAssetsQuery>,
): Promise<string> {
  const { filter, digest, limit, after } = listRequest(principal, planet, query);
  const rows = await listAccountAssetRecords(db, filter, { limit: limit + 1, after });
  return boundPageJson(rows, limit, digest);
}

/**
 * A listed asset as an export reads it: certificate number, inventory number, title, the values of the fields asked
 * for in their order (null for an absent one), certificate status, status, created_at, updated_at (ISO text) and id.
 */
export type ListedAssetCells = [
  certificateNumber: string,
  inventoryNumber: string | null,
  title: string,
  values: unknown[],
  certificateStatus: string,
  status: string,
  createdAt: string,
  updatedAt: string,
  id: string,
];

/**
 * Every asset of the filter, newest first, with the values of `fields`, read `batch` rows at a time by keyset: memory
 * holds one batch whatever the account's size (an export of a million rows, docs/inventory.md). A hundred, so that
 * a batch is small when the young generation is collected and dies there (docs/performance.md, "Inventory").
 */
export async function* eachListedAsset(
  db: Queryable,
  filter: AssetListFilter,
  fields: readonly string[],
  batch = 100,
): AsyncGenerator<ListedAssetCells[]> {
  let after: Position | undefined;
  for (;;) {
    const assets = JSON.parse(
      await listAccountAssetCells(db, filter, fields, { limit: batch, after }),
    ) as ListedAssetCells[];
    if (assets.length > 0) yield assets;
    if (assets.length < batch) return;
    const last = assets.at(-1)!;
    after = { createdAt: new Date(last[6]), id: last[8] };
  }
}

/** The names of the fields the filtered assets store (planet and pass-through), in name order: an export's columns. */
export function storedFieldNames(db: Queryable, filter: AssetListFilter): Promise<string[]> {
  return listAttributeNames(db, filter);
}
