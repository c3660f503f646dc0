import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import type { Queryable } from '../../../db/database.js';
import { commitChange } from '../../../plugins/commit-change.js';
import { glancesOfAssets } from '../../assets/asset-glances.service.js';
import type { MemberPrincipal } from '../../principal/principal.js';
import { acceptTransfer, closeTransfer, listDescribedTransfers } from '../../transfers/transfers.service.js';
import type { SessionFlash } from '../../web-pages/web-sessions.js';
import { memberPrincipal } from '../shell/console-auth.js';
import {
  changeThenRedirect,
  FormBody,
  IdParams,
  CursorText,
  listPageRoute,
  pageRoute,
} from '../shell/console-page.helpers.js';
import { text } from '../text/index.js';
import { transfersPage } from './transfers-page.views.js';

const ListQuery = Type.Object({
  received: CursorText,
  made: CursorText,
});

type IdRequest = FastifyRequest<{ Params: Static<typeof IdParams> }>;

/** /console/transfers: offers received (accept, decline) and made (cancel), through the transfers service. */
export async function transfersPageRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  const sendTransfersPage = listPageRoute(app, {
    url: '/transfers',
    cursors: ListQuery,
    read: async (principal, cursors) => {
      const [received, made] = await Promise.all([
        listDescribedTransfers(db, principal, { role: 'incoming', cursor: cursors.received }),
        listDescribedTransfers(db, principal, { role: 'outgoing', cursor: cursors.made }),
      ]);
      // Both lists' pictures and bylines in one query.
      const offered = [...received.data, ...made.data].map((offer) => ({
        planet: offer.planet,
        id: offer.asset_id,
      }));
      return { received, made, glances: await glancesOfAssets(db, principal, offered) };
    },
    draw: (frame, lists, cursors) => transfersPage({ ...frame, ...lists, cursors }),
  });

  /** A decision, then back to the lists with a notice; a refusal (404, 409 expired or closed) is shown on them. */
  function decide<T>(
    request: IdRequest,
    reply: FastifyReply,
    move: (tx: Queryable, principal: MemberPrincipal) => Promise<T>,
    done: (result: T) => SessionFlash,
  ) {
    const principal = memberPrincipal(request);
    return changeThenRedirect(request, reply, {
      run: () => commitChange(request, 200, (tx) => move(tx, principal)),
      url: '/console/transfers',
      done,
      refused: (answer) => sendTransfersPage(request, reply, answer),
    });
  }

  app.post(
    '/transfers/:id/accept',
    pageRoute('editor', { params: IdParams, body: FormBody }),
    async (request: IdRequest, reply) =>
      decide(
        request,
        reply,
        (tx, principal) => acceptTransfer(tx, principal, request.params.id),
        (result) => ({ kind: 'notice', message: text.transfers.accepted(result.asset.certificate_number) }),
      ),
  );

  for (const move of ['decline', 'cancel'] as const) {
    app.post(
      `/transfers/:id/${move}`,
      pageRoute('editor', { params: IdParams, body: FormBody }),
      async (request: IdRequest, reply) =>
        decide(
          request,
          reply,
          (tx, principal) => closeTransfer(tx, principal, request.params.id, move),
          () => ({
            kind: 'notice',
            message: move === 'decline' ? text.transfers.declined : text.transfers.cancelled,
          }),
        ),
    );
  }
}
