import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { limits } from '../../../limits.js';
import { listEvents } from '../../event-feed/event-feed.service.js';
import { publicBaseUrl } from '../../signing/issuer-identity.js';
import { sendPage } from '../../web-pages/page-document.views.js';
import { memberPrincipal } from '../shell/console-auth.js';
import { pageFrame, CursorText, pageRoute } from '../shell/console-page.helpers.js';
import { developersPage, eventsPage, sdkPage } from './developers-page.views.js';

const EventsQuery = Type.Object(
  {
    cursor: CursorText,
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: limits.pageSize })),
    // One type from the filter's drop-down (empty: any); the service refuses a type it does not know.
    type: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: true },
);

/** /console/developers (viewer): the corner's index, the account's events feed and the SDK snippet. */
export async function developersPageRoutes(app: FastifyInstance): Promise<void> {
  app.get('/developers', pageRoute('viewer'), async (request, reply) => {
    const frame = await pageFrame(request);
    return sendPage(reply, developersPage(frame));
  });

  app.get<{ Querystring: Static<typeof EventsQuery> }>(
    '/developers/events',
    pageRoute('viewer', { querystring: EventsQuery }),
    async (request, reply) => {
      const { cursor, limit } = request.query;
      const type = request.query.type || undefined;
      // The feed of GET /api/v1/events, cursor and all: a member sees every planet of the account.
      const [frame, page] = await Promise.all([
        pageFrame(request),
        listEvents(
          app.db,
          memberPrincipal(request),
          { cursor, limit, type },
          app.config.AVS_EVENT_RETENTION_DAYS,
        ),
      ]);
      return sendPage(reply, eventsPage({ ...frame, page, type, limit }));
    },
  );

  app.get('/developers/sdk', pageRoute('viewer'), async (request, reply) => {
    const frame = await pageFrame(request);
    return sendPage(reply, sdkPage({ ...frame, baseUrl: publicBaseUrl(app.config) }));
  });
}
