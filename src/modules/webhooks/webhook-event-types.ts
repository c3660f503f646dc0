/** The webhook event types of SPEC.md section 6. */
export const webhookEventTypes = [
  'asset.created',
  'verification.completed',
  'certificate.issued',
  'certificate.updated',
  'ownership.transferred',
] as const;

export type WebhookEventType = (typeof webhookEventTypes)[number];
