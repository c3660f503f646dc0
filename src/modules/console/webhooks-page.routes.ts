import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { AppError } from '../../errors/error-catalogue.js';
import { limits } from '../../limits.js';
import { listWebhookDeliveries, retryDelivery, sendTestEvent } from '../webhooks/deliveries.service.js';
import {
  asRegistrationFailure,
  deleteWebhook,
  getWebhookRow,
  listAccountWebhooks,
  registerWebhook,
  toWebhook,
} from '../webhooks/webhooks.service.js';
import type { CreatedWebhook } from '../webhooks/webhooks.schemas.js';
import { sendPage, type Flash } from '../web-pages/page-document.views.js';
import {
  FormBody,
  FormText,
  memberPrincipal,
  pageFrame,
  redirectWithFlash,
  refusal,
} from './console-page.helpers.js';
import { memberSession } from './console-auth.js';
import { text } from './text/index.js';
import {
  deliveriesPage,
  disableWebhookPage,
  webhooksPage,
  type WebhookFormValues,
} from './webhooks-page.views.js';

const WEBHOOKS_URL = '/console/developers/webhooks';

const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
const DeliveryParams = Type.Object({
  id: Type.String({ maxLength: 100 }),
  delivery_id: Type.String({ maxLength: 100 }),
});
const Cursor = Type.Optional(Type.String({ maxLength: limits.cursorLength }));
const Limit = Type.Optional(Type.Integer({ minimum: 1, maximum: limits.pageSize }));
const ListQuery = Type.Object({ cursor: Cursor, limit: Limit }, { additionalProperties: true });
const DeliveriesQuery = Type.Object(
  {
    cursor: Cursor,
    limit: Limit,
    // An empty choice is "any status"; anything else the service's schema knows.
    status: Type.Optional(
      Type.Union([
        Type.Literal(''),
        Type.Literal('pending'),
        Type.Literal('succeeded'),
        Type.Literal('failed'),
      ]),
    ),
  },
  { additionalProperties: true },
);
const RegisterBody = Type.Object(
  {
    _csrf: FormText,
    url: FormText,
    events: Type.Optional(
      Type.Union([
        Type.String({ maxLength: 100 }),
        Type.Array(Type.String({ maxLength: 100 }), { maxItems: 50 }),
      ]),
    ),
  },
  { additionalProperties: true },
);

type IdRequest = FastifyRequest<{ Params: Static<typeof IdParams> }>;
type DeliveriesRequest = FastifyRequest<{
  Params: Static<typeof IdParams>;
  Querystring: Static<typeof DeliveriesQuery>;
}>;

/**
 * /console/developers/webhooks: the account's webhook endpoints and their delivery logs. Viewers read; editors and
 * owners register, disable, replay and send test events, through the services of /api/v1/webhooks.
 */
export async function webhooksPageRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app;

  async function sendWebhooksPage(
    request: FastifyRequest,
    reply: FastifyReply,
    extra: { created?: CreatedWebhook; form?: WebhookFormValues; flash?: Flash; status?: number } = {},
  ) {
    // After a form the query is empty: the first page.
    const query = request.query as Static<typeof ListQuery>;
    const [frame, page] = await Promise.all([
      pageFrame(request),
      listAccountWebhooks(db, memberPrincipal(request), { cursor: query.cursor, limit: query.limit }, config),
    ]);
    const view = webhooksPage({
      session: memberSession(request),
      memberships: frame.memberships,
      page,
      ...extra,
      flash: extra.flash ?? frame.flash,
    });
    return sendPage(reply, view, extra.status);
  }

  async function sendDeliveriesPage(
    request: DeliveriesRequest,
    reply: FastifyReply,
    extra: { flash?: Flash; status?: number } = {},
  ) {
    const principal = memberPrincipal(request);
    const { cursor, limit } = request.query;
    const status = request.query.status || undefined;
    // The webhook first: another account's id is the 404 page before anything else is read.
    const webhook = toWebhook(await getWebhookRow(db, principal, request.params.id), config);
    const [frame, page] = await Promise.all([
      pageFrame(request),
      listWebhookDeliveries(db, principal, webhook.id, { cursor, limit, status }),
    ]);
    const view = deliveriesPage({
      session: memberSession(request),
      memberships: frame.memberships,
      webhook,
      page,
      status,
      limit,
      flash: extra.flash ?? frame.flash,
    });
    return sendPage(reply, view, extra.status);
  }

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/developers/webhooks',
    { schema: { hide: true, querystring: ListQuery }, config: { memberRole: 'viewer' } },
    async (request, reply) => sendWebhooksPage(request, reply),
  );

  app.post<{ Body: Static<typeof RegisterBody> }>(
    '/developers/webhooks',
    { schema: { hide: true, body: RegisterBody }, config: { memberRole: 'editor' } },
    async (request, reply) => {
      const { url, events } = request.body;
      // No box ticked is an empty list, which the service refuses by name (as it does for the API).
      const form: WebhookFormValues = { url, events: events === undefined ? [] : [events].flat() };
      try {
        const created = await db
          .transaction((tx) =>
            registerWebhook(
              tx,
              memberPrincipal(request),
              { url: url ?? '', events: [...form.events!] },
              config,
            ),
          )
          .catch((error: unknown) => {
            throw asRegistrationFailure(error);
          });
        // The secret is on this answer only (pages are never cached); the list shows it no more.
        return await sendWebhooksPage(request, reply, { created, status: 201 });
      } catch (error) {
        const { flash, status } = refusal(error);
        return sendWebhooksPage(request, reply, { form, flash, status });
      }
    },
  );

  app.get<{ Params: Static<typeof IdParams>; Querystring: Static<typeof DeliveriesQuery> }>(
    '/developers/webhooks/:id',
    {
      schema: { hide: true, params: IdParams, querystring: DeliveriesQuery },
      config: { memberRole: 'viewer' },
    },
    async (request, reply) => sendDeliveriesPage(request, reply),
  );

  app.get<{ Params: Static<typeof IdParams> }>(
    '/developers/webhooks/:id/disable',
    { schema: { hide: true, params: IdParams }, config: { memberRole: 'editor' } },
    async (request: IdRequest, reply) => {
      const webhook = toWebhook(await getWebhookRow(db, memberPrincipal(request), request.params.id), config);
      const frame = await pageFrame(request);
      return sendPage(
        reply,
        disableWebhookPage({ session: memberSession(request), memberships: frame.memberships, webhook }),
      );
    },
  );

  app.post<{ Params: Static<typeof IdParams> }>(
    '/developers/webhooks/:id/disable',
    { schema: { hide: true, params: IdParams, body: FormBody }, config: { memberRole: 'editor' } },
    async (request: IdRequest, reply) => {
      const webhook = await db.transaction((tx) =>
        deleteWebhook(tx, memberPrincipal(request), request.params.id, config),
      );
      return redirectWithFlash(request, reply, WEBHOOKS_URL, {
        kind: 'notice',
        message: text.webhooks.disabled(webhook.url),
      });
    },
  );

  /** A change on the delivery log, then back to it with a notice; a refusal (409, 429) is shown on the log. */
  async function logChange(
    request: DeliveriesRequest,
    reply: FastifyReply,
    act: () => Promise<unknown>,
    done: string,
  ) {
    try {
      await act();
    } catch (error) {
      const { flash, status } = refusal(error);
      // A 429 tells when to try again, as the API's does.
      if (error instanceof AppError) void reply.headers(error.headers);
      return sendDeliveriesPage(request, reply, { flash, status });
    }
    return redirectWithFlash(request, reply, `${WEBHOOKS_URL}/${request.params.id}`, {
      kind: 'notice',
      message: done,
    });
  }

  app.post<{ Params: Static<typeof IdParams> }>(
    '/developers/webhooks/:id/test',
    { schema: { hide: true, params: IdParams, body: FormBody }, config: { memberRole: 'editor' } },
    async (request, reply) =>
      logChange(
        request as DeliveriesRequest,
        reply,
        () => db.transaction((tx) => sendTestEvent(tx, memberPrincipal(request), request.params.id, config)),
        text.deliveries.testQueued,
      ),
  );

  app.post<{ Params: Static<typeof DeliveryParams> }>(
    '/developers/webhooks/:id/deliveries/:delivery_id/replay',
    { schema: { hide: true, params: DeliveryParams, body: FormBody }, config: { memberRole: 'editor' } },
    async (request, reply) =>
      logChange(
        request as unknown as DeliveriesRequest,
        reply,
        () =>
          db.transaction((tx) =>
            retryDelivery(tx, memberPrincipal(request), request.params.id, request.params.delivery_id),
          ),
        text.deliveries.replayed,
      ),
  );
}
