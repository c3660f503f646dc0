import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import type { Queryable } from '../../db/database.js';
import { limits } from '../../limits.js';
import { commitChange } from '../../plugins/commit-change.js';
import { acceptTransfer, closeTransfer, listDescribedTransfers } from '../transfers/transfers.service.js';
import type { MemberPrincipal } from '../principal/principal.js';
import { sendPage, type Flash } from '../web-pages/page-document.views.js';
import type { SessionFlash } from '../web-pages/web-sessions.js';
import { memberPrincipal, memberSession } from './console-auth.js';
import { FormBody, pageFrame, redirectWithFlash, refusal } from './console-page.helpers.js';
import { text } from './text/index.js';
import { transfersPage } from './transfers-page.views.js';

const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
const ListQuery = Type.Object({
  received: Type.Optional(Type.String({ maxLength: limits.cursorLength })),
  made: Type.Optional(Type.String({ maxLength: limits.cursorLength })),
});

type IdRequest = FastifyRequest<{ Params: Static<typeof IdParams> }>;

/** /console/transfers: offers received (accept, decline) and made (cancel), through the transfers service. */
export async function transfersPageRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  async function sendTransfersPage(
    request: FastifyRequest,
    reply: FastifyReply,
    extra: { cursors?: Static<typeof ListQuery>; flash?: Flash; status?: number } = {},
  ) {
    const principal = memberPrincipal(request);
    const [frame, received, made] = await Promise.all([
      pageFrame(request),
      listDescribedTransfers(db, principal, { role: 'incoming', cursor: extra.cursors?.received }),
      listDescribedTransfers(db, principal, { role: 'outgoing', cursor: extra.cursors?.made }),
    ]);
    return sendPage(
      reply,
      transfersPage({
        session: memberSession(request),
        memberships: frame.memberships,
        flash: extra.flash ?? frame.flash,
        received,
        made,
        cursors: extra.cursors ?? {},
      }),
      extra.status,
    );
  }

  /** A decision, then back to the lists with a notice; a refusal (404, 409 expired or closed) is shown on them. */
  async function decide<T>(
    request: IdRequest,
    reply: FastifyReply,
    change: (tx: Queryable, principal: MemberPrincipal) => Promise<T>,
    done: (result: T) => SessionFlash,
  ) {
    const principal = memberPrincipal(request);
    let result: T;
    try {
      result = await commitChange(request, 200, (tx) => change(tx, principal));
    } catch (error) {
      const { flash, status } = refusal(error);
      return sendTransfersPage(request, reply, { flash, status });
    }
    return redirectWithFlash(request, reply, '/console/transfers', done(result));
  }

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/transfers',
    { schema: { hide: true, querystring: ListQuery }, config: { memberRole: 'viewer' } },
    async (request, reply) => sendTransfersPage(request, reply, { cursors: request.query }),
  );

  app.post(
    '/transfers/:id/accept',
    { schema: { hide: true, params: IdParams, body: FormBody }, config: { memberRole: 'editor' } },
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
      { schema: { hide: true, params: IdParams, body: FormBody }, config: { memberRole: 'editor' } },
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
