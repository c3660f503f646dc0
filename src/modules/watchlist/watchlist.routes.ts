import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../errors/error-response.schema.js';
import { requirePrincipal } from '../../plugins/auth.js';
import { commitChange, sendChange } from '../../plugins/commit-change.js';
import { Watch, WatchBody, WatchList, WatchListQuery, WatchParams } from './watchlist.schemas.js';
import { addWatch, listAccountWatches, removeWatch } from './watchlist.service.js';

const tags = ['watchlist'];

/** The account's watch-list (docs/alerts.md): `watch.triggered` reaches its webhooks that name that type. */
export async function watchlistRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/watchlist',
    {
      schema: {
        tags,
        operationId: 'addWatch',
        summary: 'Watch a certificate',
        description:
          "Any account may watch any certificate of its key's planets; its webhooks that name `watch.triggered` receive it when the certificate is suspended, reinstated or revoked, or an alert is raised or resolved. At most `AVS_WATCH_LIMIT` (default 10,000) per account.",
        body: WatchBody,
        response: {
          201: Watch,
          ...errorResponses([400, 404, 409], {
            body: true,
            descriptions: {
              404: "No such certificate in the key's planets (certificate_not_found).",
              409: 'Already watched (already_watched), or the account watches AVS_WATCH_LIMIT certificates (watch_limit_reached).',
            },
          }),
        },
      },
    },
    async (request, reply) =>
      sendChange(request, reply, 201, (tx, principal) =>
        addWatch(tx, principal, request.body, app.config.AVS_WATCH_LIMIT),
      ),
  );

  app.get(
    '/watchlist',
    {
      schema: {
        tags,
        operationId: 'listWatchlist',
        summary: "List the account's watch-list",
        description:
          "The certificates the calling account watches within the key's planets, newest first, paged (`limit`, `cursor`).",
        querystring: WatchListQuery,
        response: { 200: WatchList, ...errorResponses([400]) },
      },
    },
    async (request) => listAccountWatches(request.server.db, requirePrincipal(request), request.query),
  );

  app.delete(
    '/watchlist/:watch_id',
    {
      schema: {
        tags,
        operationId: 'removeWatch',
        summary: 'Stop watching a certificate',
        description:
          'Removes the entry and answers it; the account receives no more `watch.triggered` for it.',
        params: WatchParams,
        // A DELETE may carry a body: Fastify parses it, so 413 and 415 can come back too.
        response: {
          200: Watch,
          ...errorResponses([400, 404, 413, 415], {
            descriptions: { 404: 'No such entry on the calling account’s watch-list (watch_not_found).' },
          }),
        },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      return commitChange(request, 200, (tx) => removeWatch(tx, principal, request.params.watch_id));
    },
  );
}
