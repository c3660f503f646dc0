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
import { listAccountAssetRecords, listAccountAssets, type AssetListFilter } from './asset-list.repository.js';
import type { AssetPage, ListAssetsQuery } from './asset-list.schemas.js';
import { assetStatuses, certificateStatuses } from './asset-states.js';
import { toAssetRecord } from './asset-record.js';

/** What a list request asks for: its filter, its digest (which binds a cursor to it), its page. */
function listRequest(
  principal: Principal,
  planet: PlanetId,
  query: Static<typeof ListAssetsQuery>,
): { filter: AssetListFilter; digest: string; limit: number; after: Position | undefined } {
  const filter: AssetListFilter = {
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
