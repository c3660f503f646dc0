import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { commitChange } from '../../../plugins/commit-change.js';
import { glancesOfCertificates } from '../../assets/asset-glances.service.js';
import { listEvents } from '../../event-feed/event-feed.service.js';
import { addWatch, listAccountWatches, removeWatch } from '../../watchlist/watchlist.service.js';
import { memberPrincipal } from '../shell/console-auth.js';
import {
  changeThenRedirect,
  FormBody,
  FormText,
  IdParams,
  CursorText,
  listPageRoute,
  type PageAnswer,
  pageRoute,
} from '../shell/console-page.helpers.js';
import { text } from '../text/index.js';
import { watchlistPage } from './watchlist-page.views.js';

const ListQuery = Type.Object({
  cursor: CursorText,
  fired: CursorText,
});
const WatchForm = Type.Object(
  { _csrf: FormText, certificate_number: FormText },
  { additionalProperties: true },
);

/** /console/watchlist: the account's watched certificates (add, remove) and what fired, through their services. */
export async function watchlistPageRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const retentionDays = app.config.AVS_EVENT_RETENTION_DAYS;

  const sendWatchlistPage = listPageRoute(app, {
    url: '/watchlist',
    cursors: ListQuery,
    read: async (principal, cursors) => {
      const [watches, fired] = await Promise.all([
        listAccountWatches(db, principal, { cursor: cursors.cursor }),
        // What fired is what the watchers' webhooks receive: the account's watch.triggered events.
        listEvents(db, principal, { type: 'watch.triggered', cursor: cursors.fired }, retentionDays),
      ]);
      const numbers = watches.data.map((watch) => watch.certificate_number);
      return { watches, fired, glances: await glancesOfCertificates(db, principal, numbers) };
    },
    // The number typed in a refused add goes back into the field.
    draw: (frame, lists, cursors, answer: PageAnswer & { number?: string }) =>
      watchlistPage({ ...frame, ...lists, retentionDays, cursors, number: answer.number }),
  });

  app.post<{ Body: Static<typeof WatchForm> }>(
    '/watchlist',
    pageRoute('editor', { body: WatchForm }),
    async (request, reply) => {
      const principal = memberPrincipal(request);
      const number = (request.body.certificate_number ?? '').trim().toUpperCase();
      return changeThenRedirect(request, reply, {
        run: () =>
          commitChange(request, 201, (tx) =>
            addWatch(tx, principal, { certificate_number: number }, app.config.AVS_WATCH_LIMIT),
          ),
        url: '/console/watchlist',
        done: () => ({ kind: 'notice', message: text.watchlist.added(number) }),
        // Not found, already watched or the limit: said on the page, the number kept in the field.
        refused: (answer) => sendWatchlistPage(request, reply, { ...answer, number }),
      });
    },
  );

  app.post<{ Params: Static<typeof IdParams> }>(
    '/watchlist/:id/remove',
    pageRoute('editor', { params: IdParams, body: FormBody }),
    async (request, reply) => {
      const principal = memberPrincipal(request);
      return changeThenRedirect(request, reply, {
        run: () => commitChange(request, 200, (tx) => removeWatch(tx, principal, request.params.id)),
        url: '/console/watchlist',
        done: (removed) => ({ kind: 'notice', message: text.watchlist.removed(removed.certificate_number) }),
        refused: (answer) => sendWatchlistPage(request, reply, answer),
      });
    },
  );
}
