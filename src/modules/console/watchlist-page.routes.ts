import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { limits } from '../../limits.js';
import { commitChange } from '../../plugins/commit-change.js';
import { listEvents } from '../event-feed/event-feed.service.js';
import { addWatch, listAccountWatches, removeWatch } from '../watchlist/watchlist.service.js';
import { sendPage, type Flash } from '../web-pages/page-document.views.js';
import { memberPrincipal, memberSession } from './console-auth.js';
import { FormBody, FormText, pageFrame, redirectWithFlash, refusal } from './console-page.helpers.js';
import { text } from './text/index.js';
import { watchlistPage } from './watchlist-page.views.js';

const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
const ListQuery = Type.Object({
  cursor: Type.Optional(Type.String({ maxLength: limits.cursorLength })),
  fired: Type.Optional(Type.String({ maxLength: limits.cursorLength })),
});
const WatchForm = Type.Object(
  { _csrf: FormText, certificate_number: FormText },
  { additionalProperties: true },
);

/** /console/watchlist: the account's watched certificates (add, remove) and what fired, through their services. */
export async function watchlistPageRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  async function sendWatchlistPage(
    request: FastifyRequest,
    reply: FastifyReply,
    extra: { cursors?: Static<typeof ListQuery>; number?: string; flash?: Flash; status?: number } = {},
  ) {
    const principal = memberPrincipal(request);
    const retentionDays = app.config.AVS_EVENT_RETENTION_DAYS;
    const [frame, watches, fired] = await Promise.all([
      pageFrame(request),
      listAccountWatches(db, principal, { cursor: extra.cursors?.cursor }),
      // What fired is what the watchers' webhooks receive: the account's watch.triggered events.
      listEvents(db, principal, { type: 'watch.triggered', cursor: extra.cursors?.fired }, retentionDays),
    ]);
    return sendPage(
      reply,
      watchlistPage({
        session: memberSession(request),
        memberships: frame.memberships,
        flash: extra.flash ?? frame.flash,
        watches,
        fired,
        retentionDays,
        cursors: extra.cursors ?? {},
        number: extra.number,
      }),
      extra.status,
    );
  }

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/watchlist',
    { schema: { hide: true, querystring: ListQuery }, config: { memberRole: 'viewer' } },
    async (request, reply) => sendWatchlistPage(request, reply, { cursors: request.query }),
  );

  app.post<{ Body: Static<typeof WatchForm> }>(
    '/watchlist',
    { schema: { hide: true, body: WatchForm }, config: { memberRole: 'editor' } },
    async (request, reply) => {
      const principal = memberPrincipal(request);
      const number = (request.body.certificate_number ?? '').trim().toUpperCase();
      try {
        await commitChange(request, 201, (tx) =>
          addWatch(tx, principal, { certificate_number: number }, app.config.AVS_WATCH_LIMIT),
        );
      } catch (error) {
        // Not found, already watched or the limit: said on the page, the number kept in the field.
        const { flash, status } = refusal(error);
        return sendWatchlistPage(request, reply, { number, flash, status });
      }
      return redirectWithFlash(request, reply, '/console/watchlist', {
        kind: 'notice',
        message: text.watchlist.added(number),
      });
    },
  );

  app.post<{ Params: Static<typeof IdParams> }>(
    '/watchlist/:id/remove',
    { schema: { hide: true, params: IdParams, body: FormBody }, config: { memberRole: 'editor' } },
    async (request, reply) => {
      const principal = memberPrincipal(request);
      let removed;
      try {
        removed = await commitChange(request, 200, (tx) => removeWatch(tx, principal, request.params.id));
      } catch (error) {
        const { flash, status } = refusal(error);
        return sendWatchlistPage(request, reply, { flash, status });
      }
      return redirectWithFlash(request, reply, '/console/watchlist', {
        kind: 'notice',
        message: text.watchlist.removed(removed.certificate_number),
      });
    },
  );
}
