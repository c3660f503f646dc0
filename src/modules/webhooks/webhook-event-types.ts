/** The webhook event types of docs/webhooks.md: a registration that names no `events` gets these five. */
export const webhookEventTypes = [
  'asset.created',
  'verification.completed',
  'certificate.issued',
  'certificate.updated',
  'ownership.transferred',
] as const;

/**
 * The stolen-and-lost, watch-list and tag types (docs/webhooks.md): valid in `events`, but only a registration that
 * names them receives them, so a receiver never meets a type it did not ask for.
 */
const optInWebhookEventTypes = [
  'asset.alert_raised',
  'asset.alert_resolved',
  'watch.triggered',
  'asset.tag_alert',
] as const;

/** Every type a registration may name. */
export const allWebhookEventTypes = [...webhookEventTypes, ...optInWebhookEventTypes] as const;

export type WebhookEventType = (typeof allWebhookEventTypes)[number];
