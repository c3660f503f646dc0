import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../errors/error-response.schema.js';
import { requirePrincipal } from '../../plugins/auth.js';
import { commitChange } from '../../plugins/commit-change.js';
import {
  asRegistrationFailure,
  deleteWebhook,
  getWebhookRow,
  listAccountWebhooks,
  registerWebhook,
  toWebhook,
  withSecretMasked,
} from './webhooks.service.js';
import {
  CreatedWebhook,
  PageQuery,
  Webhook,
  WebhookCreateBody,
  WebhookList,
  WebhookParams,
} from './webhooks.schemas.js';

const tags = ['webhooks'];

/** /api/v1/webhooks: registration, listing, reading and disabling an account's endpoints. */
export async function webhookRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/webhooks',
    {
      schema: {
        tags,
        operationId: 'createWebhook',
        summary: 'Register a webhook',
        body: WebhookCreateBody,
        description:
          'The webhook takes the planet scope of the calling key (`planet_scope`). 409 webhook_limit_reached ' +
          'when the account already has AVS_WEBHOOK_LIMIT active webhooks.',
        response: { 201: CreatedWebhook, ...errorResponses([400, 409], { body: true }) },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      try {
        const created = await commitChange(
          request,
          201,
          (tx) => registerWebhook(tx, principal, request.body, app.config),
          { storedResponse: withSecretMasked },
        );
        return await reply.code(201).send(created);
      } catch (error) {
        throw asRegistrationFailure(error);
      }
    },
  );

  app.get(
    '/webhooks',
    {
      schema: {
        tags,
        operationId: 'listWebhooks',
        summary: "List the account's webhooks",
        description:
          "The webhooks of the calling account whose planet scope lies inside the key's, oldest first, paged (`limit`, `cursor`). Secrets are masked.",
        querystring: PageQuery,
        response: { 200: WebhookList, ...errorResponses([400]) },
      },
    },
    async (request) => listAccountWebhooks(app.db, requirePrincipal(request), request.query, app.config),
  );

  app.get(
    '/webhooks/:id',
    {
      schema: {
        tags,
        operationId: 'getWebhook',
        summary: 'Get a webhook',
        description:
          'One webhook of the calling account (secret masked); 404 webhook_not_found for any other id, a non-UUID included.',
        params: WebhookParams,
        response: { 200: Webhook, ...errorResponses([400, 404]) },
      },
    },
    async (request) =>
      toWebhook(await getWebhookRow(app.db, requirePrincipal(request), request.params.id), app.config),
  );

  app.delete(
    '/webhooks/:id',
    {
      schema: {
        tags,
        operationId: 'deleteWebhook',
        summary: 'Disable a webhook',
        description:
          'The webhook stops receiving events: 200 with the record, status "disabled". Idempotent (RFC 9110): deleting a disabled webhook answers 200 with the record unchanged (`disabled_at` kept).',
        params: WebhookParams,
        // A DELETE may carry a body: Fastify parses it, so 413 and 415 can come back too.
        response: { 200: Webhook, ...errorResponses([400, 404, 409, 413, 415]) },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      return commitChange(request, 200, (tx) => deleteWebhook(tx, principal, request.params.id, app.config));
    },
  );
}
