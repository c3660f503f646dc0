import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../errors/error-response.schema.js';
import { requirePrincipal } from '../../plugins/auth.js';
import { sendChange } from '../../plugins/commit-change.js';
import { listWebhookDeliveries, retryDelivery, sendTestEvent } from './deliveries.service.js';
import { Delivery, DeliveryList, DeliveryParams, DeliveryQuery, WebhookParams } from './webhooks.schemas.js';

const tags = ['webhooks'];

/** The delivery log of a webhook, manual retries and test events: the owning account only. */
export async function deliveryRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        operationId: 'listWebhookDeliveries',
        summary: "A webhook's delivery log",
        description:
          'Deliveries of the webhook, newest first, paged (`limit`, `cursor`), optionally of one `status`; each with its attempts (docs/webhooks.md).',
        params: WebhookParams,
        querystring: DeliveryQuery,
        response: { 200: DeliveryList, ...errorResponses([400, 404]) },
      },
    },
    async (request) =>
      listWebhookDeliveries(app.db, requirePrincipal(request), request.params.id, request.query),
  );

  app.post(
    '/webhooks/:id/deliveries/:delivery_id/retry',
    {
      schema: {
        tags,
        operationId: 'retryWebhookDelivery',
        summary: 'Retry a delivery now',
        description:
          '202 with the delivery, pending and due now. 409 when the webhook is disabled; 429 when its queue is full.',
        params: DeliveryParams,
        response: { 202: Delivery, ...errorResponses([404], { body: true }) },
      },
    },
    async (request, reply) =>
      sendChange(request, reply, 202, (tx, principal) =>
        retryDelivery(tx, principal, request.params.id, request.params.delivery_id),
      ),
  );

  app.post(
    '/webhooks/:id/test',
    {
      schema: {
        tags,
        operationId: 'sendWebhookTest',
        summary: 'Send a webhook.test event',
        description:
          '202 with the queued delivery of a webhook.test event to this endpoint. 429 past ' +
          'AVS_WEBHOOK_TEST_EVENTS_PER_MINUTE test events per account, or when the webhook’s queue is full.',
        params: WebhookParams,
        response: { 202: Delivery, ...errorResponses([404], { body: true }) },
      },
    },
    async (request, reply) =>
      sendChange(request, reply, 202, (tx, principal) =>
        sendTestEvent(tx, principal, request.params.id, app.config),
      ),
  );
}
