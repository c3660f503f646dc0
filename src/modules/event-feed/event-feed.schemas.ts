import { Type } from '@sinclair/typebox';
import { allWebhookEventTypes } from '../webhooks/webhook-event-types.js';
import { Page, PageCursor, PageLimit } from '../../lib/page-schema.js';

export const ListEventsQuery = Type.Object({
  limit: PageLimit('Events'),
  cursor: PageCursor(
    'Opaque: the `next_cursor` of the previous page. It carries the filters it was made with: send the same filters with it.',
  ),
  type: Type.Optional(
    Type.String({
      maxLength: 200,
      description: `One event type or a comma-separated list of: ${allWebhookEventTypes.join(', ')}.`,
    }),
  ),
  created_after: Type.Optional(
    Type.String({
      format: 'date-time',
      description: 'Only events after this instant (exclusive), ISO 8601 with a zone.',
    }),
  ),
});

export const EventItem = Type.Object(
  {
    id: Type.String({
      format: 'uuid',
      description: 'The event id: every webhook delivery of this event sends it as `webhook-id`.',
    }),
    type: Type.Union(
      allWebhookEventTypes.map((type) => Type.Literal(type)),
      { description: 'The webhook event type.' },
    ),
    timestamp: Type.String({ format: 'date-time', description: 'When the event happened.' }),
    data: Type.Object({}, { additionalProperties: true, description: 'As the webhook body carries it.' }),
  },
  {
    additionalProperties: false,
    description: 'An event, exactly as the webhook body carries it, with its id.',
  },
);

export const EventPage = Page(EventItem, {
  dataDescription: 'Newest first.',
  cursorDescription: 'Pass as `cursor` (with the same filters) for the next page; null on the last page.',
  additionalProperties: false,
});
