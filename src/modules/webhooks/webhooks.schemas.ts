import { Type, type Static } from '@sinclair/typebox';
import { limits } from '../../limits.js';
import { allWebhookEventTypes, webhookEventTypes } from './webhook-event-types.js';
import { Page } from '../../lib/page-schema.js';

const EventTypeList = `One or more of: ${allWebhookEventTypes.join(', ')}.`;
const DefaultTypes = `Omitted: ${webhookEventTypes.join(', ')} (the alert and watch types only when named).`;

export const WebhookCreateBody = Type.Object(
  {
    url: Type.String({
      maxLength: limits.webhookUrlLength,
      description:
        'HTTPS URL that receives the payloads; at most 2048 characters. localhost and private, loopback, ' +
        'link-local and unique-local IP literals are refused.',
    }),
    events: Type.Optional(
      Type.Array(Type.String(), {
        description: `Event types to subscribe to (duplicates collapse). ${EventTypeList} ${DefaultTypes}`,
      }),
    ),
  },
  { description: 'A webhook registration.' },
);
export type WebhookCreateBody = Static<typeof WebhookCreateBody>;

const webhookFields = {
  id: Type.String({ format: 'uuid' }),
  url: Type.String(),
  events: Type.Array(Type.String(), { description: EventTypeList }),
  account_id: Type.String({ format: 'uuid' }),
  status: Type.Union([Type.Literal('active'), Type.Literal('disabled')]),
  planet_scope: Type.Array(Type.String(), {
    description:
      'The planets whose events the webhook receives: the scope of the API key that registered it. Empty: every planet.',
  }),
  created_at: Type.String({ format: 'date-time' }),
  disabled_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  message: Type.String({ description: 'Whether delivery is active in this release.' }),
};

export const Webhook = Type.Object(webhookFields, { description: 'A webhook endpoint (never its secret).' });
export type Webhook = Static<typeof Webhook>;

export const CreatedWebhook = Type.Object(
  {
    ...webhookFields,
    secret: Type.String({
      description:
        'whsec_… signing secret (Standard Webhooks). Shown only in this response: a replay of the request ' +
        '(same Idempotency-Key) answers `whsec_********`.',
    }),
  },
  { description: 'The registered webhook, with its signing secret (shown once).' },
);
export type CreatedWebhook = Static<typeof CreatedWebhook>;

const PageQueryFields = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: limits.pageSize, default: 50 })),
  cursor: Type.Optional(
    Type.String({ maxLength: limits.cursorLength, description: 'next_cursor of the previous page.' }),
  ),
};
export const PageQuery = Type.Object(PageQueryFields);
export type PageQuery = Static<typeof PageQuery>;

export const WebhookList = Page(Webhook, { description: "The account's webhooks, newest first." });

export const WebhookParams = Type.Object({
  id: Type.String({ description: 'Webhook id (UUID).' }),
});
export type WebhookParams = Static<typeof WebhookParams>;

export const DeliveryParams = Type.Object({
  id: Type.String({ description: 'Webhook id (UUID).' }),
  delivery_id: Type.String({ description: 'Delivery id (UUID); also the webhook-id header.' }),
});
export type DeliveryParams = Static<typeof DeliveryParams>;

export const Delivery = Type.Object(
  {
    id: Type.String({
      format: 'uuid',
      description: 'Also sent as the webhook-id header, stable across retries.',
    }),
    webhook_id: Type.String({ format: 'uuid' }),
    event_id: Type.Union([Type.String({ format: 'uuid' }), Type.Null()], {
      description: 'The outbox event delivered; null for webhook.test.',
    }),
    event_type: Type.String(),
    status: Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')]),
    attempts: Type.Integer({ minimum: 0 }),
    last_status_code: Type.Union([Type.Integer(), Type.Null()]),
    last_error: Type.Union([Type.String(), Type.Null()]),
    last_response_excerpt: Type.Union([Type.String(), Type.Null()], {
      description: 'The first characters of the last response body.',
    }),
    last_attempt_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    next_attempt_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'When the next attempt is due; null unless pending.',
    }),
    created_at: Type.String({ format: 'date-time' }),
  },
  { description: 'One event on its way to one webhook.' },
);
export type Delivery = Static<typeof Delivery>;

export const DeliveryList = Page(Delivery, { description: 'Deliveries of the webhook, newest first.' });

export const DeliveryQuery = Type.Object({
  ...PageQueryFields,
  status: Type.Optional(
    Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')], {
      description: 'Only deliveries in this status.',
    }),
  ),
});
export type DeliveryQuery = Static<typeof DeliveryQuery>;
