import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../errors/error-response.schema.js';
import { requirePrincipal } from '../../plugins/auth.js';
import { EventPage, ListEventsQuery } from './event-feed.schemas.js';
import { listEvents } from './event-feed.service.js';

export async function eventFeedRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/events',
    {
      schema: {
        tags: ['events'],
        operationId: 'listEvents',
        summary: "List the calling account's events",
        description:
          "The account's webhook events of the last `AVS_EVENT_RETENTION_DAYS` days, newest first, in keyset pages, each " +
          'exactly as the webhook body carries it plus its `id`, which every delivery of the event sends as `webhook-id`: a ' +
          "receiver reconciles what it missed and deduplicates what it got both ways. Events of planets outside the key's " +
          'scope are not listed. Listed whether or not webhook delivery is on.',
        querystring: ListEventsQuery,
        response: {
          200: EventPage,
          ...errorResponses([400], {
            descriptions: {
              400: 'A `type` that is not a webhook event type, `limit` outside 1–100, a cursor this service did not return or one made with other filters (validation_failed).',
            },
          }),
        },
      },
    },
    async (request) =>
      listEvents(
        request.server.db,
        requirePrincipal(request),
        request.query,
        request.server.config.AVS_EVENT_RETENTION_DAYS,
      ),
  );
}
