import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { limits } from '../../../limits.js';
import { listWebhookDeliveries, retryDelivery, sendTestEvent } from '../../webhooks/deliveries.service.js';
import {
  registerWebhook,
  asRegistrationFailure,
  listAccountWebhooks,
  getWebhookRow,
  toWebhook,
  deleteWebhook,
} from '../../webhooks/webhooks.service.js';
import type { CreatedWebhook } from '../../webhooks/webhooks.schemas.js';
import { sendPage, type Flash } from '../../web-pages/page-document.views.js';
import {
  changeThenRedirect,
  FormBody,
  FormList,
  FormText,
  formList,
  pageFrame,
  redirectWithFlash,
  refusal,
  IdParams,
  CursorText,
  pageRoute,
} from '../shell/console-page.helpers.js';
import { memberPrincipal, memberSession } from '../shell/console-auth.js';
import { text } from '../text/index.js';
import {
  deliveriesPage,
  disableWebhookPage,
  webhooksPage,
  type WebhookFormValues,
} from './webhooks-page.views.js';

const WEBHOOKS_URL = '/console/developers/webhooks';

const DeliveryParams = Type.Object({
  id: Type.String({ maxLength: 100 }),
  delivery_id: Type.String({ maxLength: 100 }),
});
const Cursor = CursorText;
const Limit = Type.Optional(Type.Integer({ minimum: 1, maximum: limits.pageSize }));
const ListQuery = Type.Object({ cursor: Cursor, limit: Limit }, { additionalProperties: true });
// An empty status is the filter's "any status".
const DeliveryStatus = Type.Union(
  (['', 'pending', 'succeeded', 'failed'] as const).map((status) => Type.Literal(status)),
);
const DeliveriesQuery = Type.Object(
  { cursor: Cursor, limit: Limit, status: Type.Optional(DeliveryStatus) },
  { additionalProperties: true },
);
const RegisterBody = Type.Object(
  { _csrf: FormText, url: FormText, events: FormList(50) },
  { additionalProperties: true },
);

type IdRequest = FastifyRequest<{ Params: Static<typeof IdParams> }>;
type LogRequest = FastifyRequest<{
  Params: Static<typeof IdParams>;
  Querystring: Static<typeof DeliveriesQuery>;
}>;

/**
 * /console/developers/webhooks: the account's webhook endpoints and their delivery logs. Viewers read; editors and
 * owners register, disable, replay and send test events, through the services of /api/v1/webhooks.
 */
export async function webhooksPageRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app;

  /** What every page here shows around its content; a refusal's notice wins over the session's. */
  async function frameOf(request: FastifyRequest, flash?: Flash) {
    const frame = await pageFrame(request);
    return { ...frame, session: memberSession(request), flash: flash ?? frame.flash };
  }

  /** The member's webhook, or the 404 page (another account's, or no such id). */
  async function webhookOf(request: IdRequest) {
    return toWebhook(await getWebhookRow(db, memberPrincipal(request), request.params.id), config);
  }

  async function sendWebhooksPage(
    request: FastifyRequest,
    reply: FastifyReply,
    extra: { created?: CreatedWebhook; form?: WebhookFormValues; flash?: Flash; status?: number } = {},
  ) {
    // After a form the query is empty: the first page.
    const { cursor, limit } = request.query as Static<typeof ListQuery>;
    const page = await listAccountWebhooks(db, memberPrincipal(request), { cursor, limit }, config);
    const frame = await frameOf(request, extra.flash);
    return sendPage(reply, webhooksPage({ ...frame, page, ...extra, flash: frame.flash }), extra.status);
  }

  async function sendLogPage(
    request: LogRequest,
    reply: FastifyReply,
    refused?: { flash: Flash; status: number },
  ) {
    const { cursor, limit } = request.query;
    const status = request.query.status || undefined;
    // The webhook first: another account's id is the 404 page before anything else is read.
    const webhook = await webhookOf(request);
    const page = await listWebhookDeliveries(db, memberPrincipal(request), webhook.id, {
      cursor,
      limit,
      status,
    });
    const frame = await frameOf(request, refused?.flash);
    return sendPage(reply, deliveriesPage({ ...frame, webhook, page, status, limit }), refused?.status);
  }

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/developers/webhooks',
    pageRoute('viewer', { querystring: ListQuery }),
    async (request, reply) => sendWebhooksPage(request, reply),
  );

  app.post<{ Body: Static<typeof RegisterBody> }>(
    '/developers/webhooks',
    pageRoute('editor', { body: RegisterBody }),
    async (request, reply) => {
      // No box ticked is an empty list, which the service refuses by name (as it does for the API).
      const form = { url: request.body.url ?? '', events: formList(request.body.events) };
      try {
        const created = await db
          .transaction((tx) => registerWebhook(tx, memberPrincipal(request), form, config))
          .catch((error: unknown) => {
            throw asRegistrationFailure(error);
          });
        // The secret is on this answer only (pages are never cached); the list shows it no more.
        return await sendWebhooksPage(request, reply, { created, status: 201 });
      } catch (error) {
        return sendWebhooksPage(request, reply, { form, ...refusal(error) });
      }
    },
  );

  app.get<{ Params: Static<typeof IdParams>; Querystring: Static<typeof DeliveriesQuery> }>(
    '/developers/webhooks/:id',
    pageRoute('viewer', { params: IdParams, querystring: DeliveriesQuery }),
    async (request, reply) => sendLogPage(request, reply),
  );

  app.get<{ Params: Static<typeof IdParams> }>(
    '/developers/webhooks/:id/disable',
    pageRoute('editor', { params: IdParams }),
    async (request, reply) =>
      sendPage(reply, disableWebhookPage({ ...(await frameOf(request)), webhook: await webhookOf(request) })),
  );

  app.post<{ Params: Static<typeof IdParams> }>(
    '/developers/webhooks/:id/disable',
    pageRoute('editor', { params: IdParams, body: FormBody }),
    async (request, reply) => {
      const principal = memberPrincipal(request);
      const { url } = await db.transaction((tx) => deleteWebhook(tx, principal, request.params.id, config));
      const flash = { kind: 'notice' as const, message: text.webhooks.disabled(url) };
      return redirectWithFlash(request, reply, WEBHOOKS_URL, flash);
    },
  );

  /** A change on the delivery log, then back to it with a notice; a refusal (409, 429) is shown on the log. */
  const logChange = (request: LogRequest, reply: FastifyReply, act: () => Promise<unknown>, done: string) =>
    changeThenRedirect(request, reply, {
      run: act,
      url: `${WEBHOOKS_URL}/${request.params.id}`,
      done: () => ({ kind: 'notice', message: done }),
      refused: (refused) => sendLogPage(request, reply, refused),
    });

  app.post<{ Params: Static<typeof IdParams> }>(
    '/developers/webhooks/:id/test',
    pageRoute('editor', { params: IdParams, body: FormBody }),
    async (request, reply) => {
      const principal = memberPrincipal(request);
      const test = () => db.transaction((tx) => sendTestEvent(tx, principal, request.params.id, config));
      return logChange(request as LogRequest, reply, test, text.deliveries.testQueued);
    },
  );

  app.post<{ Params: Static<typeof DeliveryParams> }>(
    '/developers/webhooks/:id/deliveries/:delivery_id/replay',
    pageRoute('editor', { params: DeliveryParams, body: FormBody }),
    async (request, reply) => {
      const principal = memberPrincipal(request);
      const { id, delivery_id: deliveryId } = request.params;
      const replay = () => db.transaction((tx) => retryDelivery(tx, principal, id, deliveryId));
      return logChange(request as unknown as LogRequest, reply, replay, text.deliveries.replayed);
    },
  );
}
