import { randomUUID } from 'node:crypto';
import { prepared, type Queryable } from '../../db/database.js';
import type { WebhookEventType } from './webhook-event-types.js';

const insertOutboxEventStatement = prepared(
  'insert_outbox_event',
  'INSERT INTO webhook_outbox (id, account_id, event_type, payload) VALUES ($1, $2, $3, $4)',
);

/** Written in the transaction of the change it reports, whether delivery is on or off. */
export async function insertOutboxEvent(
  db: Queryable,
  event: { accountId: string; eventType: WebhookEventType; payload: Record<string, unknown> },
): Promise<string> {
  const id = randomUUID();
  await db.query(insertOutboxEventStatement, [id, event.accountId, event.eventType, event.payload]);
  return id;
}
