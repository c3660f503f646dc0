import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../errors/error-response.schema.js';
import { checkPlanetParam } from '../../plugins/auth.js';
import { EventProof, EventProofParams } from './tlog.schemas.js';
import { eventProof } from './tlog.service.js';

export async function tlogProofRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/assets/:planet/:id/history/:sequence/proof',
    {
      preValidation: checkPlanetParam,
      schema: {
        tags: ['assets'],
        operationId: 'getHistoryEventProof',
        summary: 'Prove that a history event is in the transparency log',
        description:
          'The event’s inclusion proof against the latest signed checkpoint of the log at `/tlog` (docs/transparency.md). Readable by whoever may read the history.',
        params: EventProofParams,
        response: {
          200: EventProof,
          ...errorResponses([400, 404, 409], {
            descriptions: {
              400: 'A sequence that is not a positive integer (validation_failed); invalid_planet; planet_scope_mismatch.',
              404: 'No asset with this id in this planet (asset_not_found); no event with this sequence (history_event_not_found).',
              409: 'The event is not in the log yet (not_yet_logged); `Retry-After` says when to ask again.',
            },
          }),
        },
      },
    },
    async (request) => {
      const retryAfterSeconds = Math.ceil(request.server.config.AVS_TLOG_INTERVAL_MS / 1000) + 1;
      return eventProof(
        request.server.db,
        request.params.planet,
        request.params.id,
        request.params.sequence,
        retryAfterSeconds,
      );
    },
  );
}
