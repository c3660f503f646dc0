import type { Queryable } from '../../db/database.js';
import type { WebhookEventType } from './webhook-event-types.js';
import { insertOutboxEvent, insertWatchTriggeredEvents, type WatchChange } from './outbox.repository.js';

/**
 * How another room reports a change to webhooks: an outbox row written with the caller's `tx`, so the change,
 * its history event and its outbox row commit together or not at all, whether delivery is on or off.
 */
export async function recordWebhookEvent(
  tx: Queryable,
  event: { accountId: string; eventType: WebhookEventType; payload: Record<string, unknown> },
): Promise<string> {
  return insertOutboxEvent(tx, event);
}

/** Tells every account watching the certificate of the change (docs/alerts.md), in the caller's `tx` as well. */
export async function notifyWatchers(tx: Queryable, change: WatchChange): Promise<void> {
  await insertWatchTriggeredEvents(tx, change);
}
