/**
 * Every error code the service can return, with its HTTP status and default message.
 * docs/errors.md documents each one; a test fails when a code is missing there.
 */
export const errorCatalogue = {
  validation_failed: { status: 400, message: 'The request is invalid.' },
  invalid_json: { status: 400, message: 'The request body is not valid JSON.' },
  invalid_planet: { status: 400, message: 'Unknown planet.' },
  planet_scope_mismatch: { status: 400, message: 'The API key is not scoped to this planet.' },
  invalid_webhook_url: { status: 400, message: 'The webhook url is missing or invalid.' },
  invalid_event_type: { status: 400, message: 'An event type is invalid.' },
  invalid_idempotency_key: {
    status: 400,
    message: 'The Idempotency-Key header must be 1 to 255 characters.',
  },
  unauthorized: { status: 401, message: 'Invalid or missing API key.' },
  admin_unauthorized: { status: 401, message: 'Administrator authentication required.' },
  csrf_failed: {
    status: 403,
    message: 'The CSRF token is missing or does not match the session; reload the page and try again.',
  },
  route_not_found: { status: 404, message: 'No such route.' },
  asset_not_found: { status: 404, message: 'Asset not found.' },
  certificate_not_found: { status: 404, message: 'Certificate not found.' },
  webhook_not_found: { status: 404, message: 'Webhook not found.' },
  delivery_not_found: { status: 404, message: 'Delivery not found.' },
  account_not_found: { status: 404, message: 'Account not found.' },
  api_key_not_found: { status: 404, message: 'API key not found.' },
  signing_key_not_found: { status: 404, message: 'Signing key not found.' },
  status_list_not_found: { status: 404, message: 'Status list not found.' },
  method_not_allowed: { status: 405, message: 'Method not allowed for this route.' },
  invalid_state: { status: 409, message: 'The resource is not in a state that allows this change.' },
  certificate_not_issued: {
    status: 409,
    message: 'The certificate is not issued: it has no credential.',
  },
  idempotency_request_in_progress: {
    status: 409,
    message: 'A request with this Idempotency-Key is still being processed.',
  },
  conflict: { status: 409, message: 'The resource already exists.' },
  payload_too_large: { status: 413, message: 'The request body is larger than 64 KiB.' },
  unsupported_media_type: { status: 415, message: 'Content-Type must be application/json.' },
  idempotency_key_reused: {
    status: 422,
    message: 'This Idempotency-Key was used with a different request.',
  },
  rate_limited: { status: 429, message: 'Too many requests.' },
  internal_error: { status: 500, message: 'Internal server error.' },
  asset_create_failed: { status: 500, message: 'The asset could not be stored.' },
  webhook_registration_failed: { status: 500, message: 'The webhook could not be registered.' },
  service_unavailable: { status: 503, message: 'The service is temporarily unavailable; retry shortly.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

/** An error the service means to return: a catalogue code, optionally a more precise message. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message ?? errorCatalogue[code].message);
    this.name = 'AppError';
    this.statusCode = errorCatalogue[code].status;
  }
}
