import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import { AppError } from '../../errors/error-catalogue.js';
import type { Config } from '../../config.js';
import { limits } from '../../limits.js';
import {
  countAccountDeliveriesByStatus,
  countQueuedDeliveries,
  findDeliveryForUpdate,
  insertDelivery,
  listDeliveries,
  recentTestEvents,
  scheduleRetryNow,
  type DeliveryRow,
  type DeliveryStatus,
} from './deliveries.repository.js';
import { lockAccountForWebhooks, type WebhookViewer } from './webhooks.repository.js';
import { isUuid } from '../../lib/uuid.js';
import { pick } from '../../lib/records.js';
import { decodePosition, toPage } from '../../lib/page-cursor.js';
import { getWebhookRow } from './webhooks.service.js';
import type { Delivery, DeliveryQuery } from './webhooks.schemas.js';

const TEST_EVENT_TYPE = 'webhook.test';

function toDelivery(row: DeliveryRow): Delivery {
  return {
    ...pick(
      row,
      'id',
      'webhook_id',
      'event_type',
      'status',
      'attempts',
      'last_status_code',
      'last_error',
      'last_response_excerpt',
    ),
    event_id: row.outbox_id,
    last_attempt_at: row.last_attempt_at?.toISOString() ?? null,
    next_attempt_at: row.status === 'pending' ? (row.next_attempt_at?.toISOString() ?? null) : null,
    created_at: row.created_at.toISOString(),
  };
}

export async function listWebhookDeliveries(
  db: Queryable,
  viewer: WebhookViewer,
  webhookId: string,
  query: DeliveryQuery,
) {
  await getWebhookRow(db, viewer, webhookId);
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
// How long a client should wait for a full queue to drain a little: a guess, the queue moves with its receiver.
const QUEUE_FULL_RETRY_AFTER_SECONDS = 60;

/** 429 when the webhook already has its most deliveries waiting: one more would only lengthen its queue. */
async function assertRoomInQueue(tx: Queryable, webhookId: string): Promise<void> {
  if ((await countQueuedDeliveries(tx, webhookId)) >= limits.webhookQueuedDeliveries) {
    throw new AppError('rate_limited', 'webhook_queue_full', {
      retryAfterSeconds: QUEUE_FULL_RETRY_AFTER_SECONDS,
    }).withHeaders({ 'retry-after': String(QUEUE_FULL_RETRY_AFTER_SECONDS) });
  }
}

/** Makes a delivery due now: a failed or succeeded one gets one more attempt, a pending one is brought forward. */
export async function retryDelivery(
  tx: Queryable,
  viewer: WebhookViewer,
  webhookId: string,
  deliveryId: string,
): Promise<Delivery> {
  const webhook = await getWebhookRow(tx, viewer, webhookId);
  const delivery = isUuid(deliveryId) ? await findDeliveryForUpdate(tx, webhookId, deliveryId) : undefined;
  if (!delivery) throw new AppError('delivery_not_found');
  assertActive(webhook);
  if (delivery.status !== 'pending') await assertRoomInQueue(tx, webhookId);
  return toDelivery(await scheduleRetryNow(tx, delivery.id));
}

/**
 * Queues a webhook.test event for this one endpoint, whatever its subscriptions. At most
 * AVS_WEBHOOK_TEST_EVENTS_PER_MINUTE per account (counted in the database, so across instances), and not into a
 * full queue.
 */
export async function sendTestEvent(
  tx: Queryable,
  viewer: WebhookViewer,
  webhookId: string,
  settings: Pick<Config, 'AVS_WEBHOOK_TEST_EVENTS_PER_MINUTE'>,
): Promise<Delivery> {
  const webhook = await getWebhookRow(tx, viewer, webhookId);
  assertActive(webhook);
  // Concurrent test events of one account are counted one after the other.
  await lockAccountForWebhooks(tx, viewer.accountId);
  const recent = await recentTestEvents(tx, viewer.accountId, TEST_EVENT_TYPE);
  if (recent.count >= settings.AVS_WEBHOOK_TEST_EVENTS_PER_MINUTE) {
    const retryAfterSeconds = recent.windowFreesInSeconds;
    throw new AppError('rate_limited', 'webhook_test_events', { retryAfterSeconds }).withHeaders({
      'retry-after': String(retryAfterSeconds),
    });
  }
  await assertRoomInQueue(tx, webhookId);
  const id = randomUUID();
  const row = await insertDelivery(tx, {
    id,
    webhookId,
    eventType: TEST_EVENT_TYPE,
    payload: { webhook_id: webhookId, message: 'This is a test event from the Asset Verification Service.' },
  });
  return toDelivery(row);
}

/** The account's webhook deliveries made since `since`, by status: succeeded, failed (given up) and pending. */
export async function accountDeliveryOutcomes(
  db: Queryable,
  accountId: string,
  since: Date,
): Promise<Record<DeliveryStatus, number>> {
  const counts: Record<DeliveryStatus, number> = { succeeded: 0, failed: 0, pending: 0 };
  for (const row of await countAccountDeliveriesByStatus(db, accountId, since))
    counts[row.status] = row.count;
  return counts;
}
