import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../errors/error-response.schema.js';
import { checkPlanetParam, requirePrincipal } from '../../plugins/auth.js';
import { AssetPage, ListAssetsQuery } from './asset-list.schemas.js';
import { listAssetsJson } from './asset-list.service.js';
import { sendJsonText } from '../../lib/signed-json.js';
import { PlanetParams } from './assets.schemas.js';

export async function assetListRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/assets/:planet',
    {
      preValidation: checkPlanetParam,
      schema: {
        tags: ['assets'],
        operationId: 'listAssets',
        summary: "List the calling account's assets",
        description:
          "The calling account's own assets of the planet (never another account's), newest first, in keyset pages. " +
          'Filters combine (AND); each of `status` and `certificate_status` takes one value or a comma-separated list. ' +
          'A `next_cursor` carries the filters it was made with: sent with other filters (or by another account) it is refused.',
        params: PlanetParams,
        querystring: ListAssetsQuery,
        response: {
          200: AssetPage,
          ...errorResponses([400], {
            descriptions: {
              400: 'A filter value that is not allowed, `limit` outside 1–100, a cursor this service did not return or one made with other filters (validation_failed); invalid_planet; planet_scope_mismatch.',
            },
          }),
        },
      },
    },
    // checkPlanetParam has refused an unknown planet before this runs.
    async (request, reply) =>
      sendJsonText(
        reply,
        await listAssetsJson(
          request.server.db,
          requirePrincipal(request),
          request.params.planet,
          request.query,
        ),
      ),
  );
}
