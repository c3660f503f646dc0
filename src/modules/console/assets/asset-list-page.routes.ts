import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { planetIds, type PlanetId } from '../../../planets/planets.js';
import { checkAgainstRouteSchema } from '../../../plugins/schema-check.js';
import { ListAssetsQuery } from '../../assets/asset-list.schemas.js';
import { listAssets } from '../../assets/asset-list.service.js';
import { exportTable } from '../../inventory/inventory-export.service.js';
import { sendExport } from '../../inventory/inventory-files.routes.js';
import { ExportQuery } from '../../inventory/inventory.schemas.js';
import { glancesOfAssets } from '../../assets/asset-glances.service.js';
import { sendThumbnail } from '../../media/media-thumbnails.js';
import { sendPage } from '../../web-pages/page-document.views.js';
import { memberPrincipal } from '../shell/console-auth.js';
import {
  FormText,
  MediaIdParams,
  openMemberMedium,
  pageFrame,
  pageRoute,
} from '../shell/console-page.helpers.js';
import { assetListPage, type AssetListFilters } from './asset-list-page.views.js';
import { PlanetParams, planetOf } from './asset-route-parts.js';

const PAGE_SIZE = 50;

const ListQuery = Type.Object({
  status: FormText,
  certificate_status: FormText,
  created_after: FormText,
  created_before: FormText,
  q: FormText,
  cursor: FormText,
});

const ExportFormQuery = Type.Object({ ...ListQuery.properties, format: FormText });

/** A date of the filter form (YYYY-MM-DD) as the instant the API's filter takes: the start of that day, UTC. */
const instantOf = (value: string | undefined) =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value;

/** The filters that were set (an empty field is no filter), and the API list query they stand for. */
function listFilters(query: Static<typeof ListQuery>): {
  filters: AssetListFilters;
  apiQuery: Record<string, unknown>;
} {
  const filters: AssetListFilters = {};
  for (const name of ['status', 'certificate_status', 'created_after', 'created_before', 'q'] as const) {
    const value = query[name]?.trim();
    if (value) filters[name] = value;
  }
  const apiQuery: Record<string, unknown> = {
    ...filters,
    created_after: instantOf(filters.created_after),
    created_before: instantOf(filters.created_before),
    limit: PAGE_SIZE,
    ...(query.cursor ? { cursor: query.cursor } : {}),
  };
  for (const name of Object.keys(apiQuery)) if (apiQuery[name] === undefined) delete apiQuery[name];
  return { filters, apiQuery };
}

function listHref(planet: PlanetId, filters: AssetListFilters, cursor?: string): string {
  const search = new URLSearchParams({ ...filters, ...(cursor ? { cursor } : {}) }).toString();
  return `/console/assets/${planet}${search ? `?${search}` : ''}`;
}

/**
 * /console/assets/{planet}: the account's assets of a planet, filtered, 50 a page, each with its thumbnail and
 * byline; and /console/thumbnails/{media_id}, the small picture of any medium the member may see, for every list.
 */
export async function assetListPageRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  app.get('/assets', pageRoute('viewer'), async (_request, reply) =>
    reply.redirect(`/console/assets/${planetIds[0]}`, 303),
  );

  app.get<{ Params: Static<typeof PlanetParams>; Querystring: Static<typeof ListQuery> }>(
    '/assets/:planet',
    pageRoute('viewer', { params: PlanetParams, querystring: ListQuery }),
    async (request, reply) => {
      const planet = planetOf(request.params);
      const { filters, apiQuery } = listFilters(request.query);
      // The API's own query schema and list: the same filters, refusals and cursors.
      const query = checkAgainstRouteSchema<Static<typeof ListAssetsQuery>>(
        ListAssetsQuery,
        apiQuery,
        'querystring',
      );
      const principal = memberPrincipal(request);
      const [frame, page] = await Promise.all([pageFrame(request), listAssets(db, principal, planet, query)]);
      const glances = await glancesOfAssets(db, principal, page.data);
      return sendPage(
        reply,
        assetListPage({
          ...frame,
          planet,
          filters,
          assets: page.data,
          glances,
          nextHref: page.next_cursor ? listHref(planet, filters, page.next_cursor) : null,
          firstHref: request.query.cursor ? listHref(planet, filters) : null,
        }),
      );
    },
  );

  // The list as a spreadsheet, with the filters shown (docs/inventory.md): the API's export, for a member.
  app.get<{ Params: Static<typeof PlanetParams>; Querystring: Static<typeof ExportFormQuery> }>(
    '/assets/:planet/export',
    pageRoute('viewer', { params: PlanetParams, querystring: ExportFormQuery }),
    async (request, reply) => {
      const planet = planetOf(request.params);
      const { apiQuery } = listFilters(request.query);
      const { limit: _limit, cursor: _cursor, ...filters } = apiQuery;
      const { format, ...query } = checkAgainstRouteSchema<Static<typeof ExportQuery>>(
        ExportQuery,
        { ...filters, format: request.query.format === 'xlsx' ? 'xlsx' : 'csv' },
        'querystring',
      );
      const table = await exportTable(db, app.config, memberPrincipal(request), planet, query);
      return sendExport(reply, table, format ?? 'csv', planet);
    },
  );

  app.get<{ Params: Static<typeof MediaIdParams> }>(
    '/thumbnails/:media_id',
    pageRoute('viewer', { params: MediaIdParams }),
    async (request, reply) =>
      sendThumbnail(request, reply, await openMemberMedium(request), app.mediaThumbnails),
  );
}
