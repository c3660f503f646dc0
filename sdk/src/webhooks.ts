import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import type { FeedEvent } from './client.js';

export { WebhookVerificationError };

/** The event of a delivery, as the events feed lists it (`{ id, type, timestamp, data }`). */
export type WebhookEvent = FeedEvent;

/**
 * Verifies a Standard Webhooks delivery with the `standardwebhooks` library the service signs with: the
 * `webhook-id`, `webhook-timestamp` and `webhook-signature` headers, HMAC-SHA256 over `id.timestamp.body` with the
 * endpoint's `whsec_` secret, and a timestamp within the library's tolerance (5 minutes either way).
 * Pass the raw body exactly as received. Returns the event with `id` = `webhook-id` (the event's id, the same on
 * every delivery of it, so it is the key to drop duplicates by); throws WebhookVerificationError otherwise.
 */
export function verifyWebhook(
  secret: string,
  payload: string | Uint8Array,
  headers: Headers | Record<string, string | string[] | undefined>,
): WebhookEvent {
  const text = typeof payload === 'string' ? payload : new TextDecoder().decode(payload);
  const flat: Record<string, string> = {};
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  for (const [name, value] of entries) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  const body = new Webhook(secret).verify(text, flat) as Omit<WebhookEvent, 'id'>;
  return { id: flat['webhook-id']!, ...body };
}
