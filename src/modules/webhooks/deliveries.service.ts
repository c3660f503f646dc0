import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import { AppError } from '../../errors/error-catalogue.js';
import {
  findDelivery,
  insertDelivery,
  listDeliveries,
  scheduleRetryNow,
  type DeliveryRow,
} from './deliveries.repository.js';
import { isUuid } from '../../lib/uuid.js';
import { decodePosition, toPage } from '../../lib/page-cursor.js';
import { getWebhookRow } from './webhooks.service.js';
import type { Delivery, DeliveryQuery } from './webhooks.schemas.js';

export const TEST_EVENT_TYPE = 'webhook.test';

export function toDelivery(row: DeliveryRow): Delivery {
  return {
    id: row.id,
    webhook_id: row.webhook_id,
    event_id: row.outbox_id,
    event_type: row.event_type,
    status: row.status,
    attempts: row.attempts,
    last_status_code: row.last_status_code,
    last_error: row.last_error,
    last_response_excerpt: row.last_response_excerpt,
    last_attempt_at: row.last_attempt_at?.toISOString() ?? null,
    next_attempt_at: row.status === 'pending' ? (row.next_attempt_at?.toISOString() ?? null) : null,
    created_at: row.created_at.toISOString(),
  };
}

export async function listWebhookDeliveries(
  db: Queryable,
  accountId: string,
  webhookId: string,
  query: DeliveryQuery,
) {
  await getWebhookRow(db, accountId, webhookId);
  const limit = query.limit ?? 50;
  const rows = await listDeliveries(db, webhookId, {
    limit: limit + 1,
    after: decodePosition(query.cursor),
    status: query.status,
  });
  return toPage(rows, limit, toDelivery);
}

function assertActive(webhook: { status: string }): void {
  if (webhook.status !== 'active') {
    throw new AppError('invalid_state', 'webhook_disabled');
  }
}

/** Makes a delivery due now: a failed or succeeded one gets one more attempt, a pending one is brought forward. */
export async function retryDelivery(
  tx: Queryable,
  accountId: string,
  webhookId: string,
  deliveryId: string,
): Promise<Delivery> {
  const webhook = await getWebhookRow(tx, accountId, webhookId);
  const delivery = isUuid(deliveryId)
    ? await findDelivery(tx, webhookId, deliveryId, { forUpdate: true })
    : undefined;
  if (!delivery) throw new AppError('delivery_not_found');
  assertActive(webhook);
  return toDelivery(await scheduleRetryNow(tx, delivery.id));
}

/** Queues a webhook.test event for this one endpoint, whatever its subscriptions. */
export async function sendTestEvent(tx: Queryable, accountId: string, webhookId: string): Promise<Delivery> {
  const webhook = await getWebhookRow(tx, accountId, webhookId);
  assertActive(webhook);
  const id = randomUUID();
  const row = await insertDelivery(tx, {
    id,
    webhookId,
    eventType: TEST_EVENT_TYPE,
    payload: { webhook_id: webhookId, message: 'This is a test event from the Asset Verification Service.' },
  });
  return toDelivery(row);
}
