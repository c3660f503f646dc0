import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../errors/error-response.schema.js';
import { checkPlanetParam } from '../../plugins/auth.js';
import { AssetParams } from '../assets/assets.schemas.js';
import { HistoryPage, HistoryQuery } from './history.schemas.js';
import { getHistory } from './history.service.js';

export async function historyRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/assets/:planet/:id/history',
    {
      preValidation: checkPlanetParam,
      schema: {
        tags: ['assets'],
        operationId: 'getAssetHistory',
        summary: 'Get the event history of an asset',
        description:
          'Oldest first. Each entry is hash-chained to the previous one; `POST /api/v1/verify` recomputes the chain.',
        params: AssetParams,
        querystring: HistoryQuery,
        response: {
          200: HistoryPage,
          ...errorResponses([400, 404], {
            descriptions: {
              400: '`limit` outside 1–100, a cursor this service did not return (validation_failed); invalid_planet; planet_scope_mismatch.',
              404: 'No asset with this id in this planet (asset_not_found).',
            },
          }),
        },
      },
    },
    // checkPlanetParam has refused an unknown planet before this runs.
    async (request) => getHistory(request.server.db, request.params.planet, request.params.id, request.query),
  );
}
