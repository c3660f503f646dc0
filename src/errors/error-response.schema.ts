import { Type, type TSchema } from '@sinclair/typebox';
import { limits } from '../limits.js';

/** The one error body (docs/errors.md); every documented error status of every route uses it. */
export const ErrorResponse = Type.Object(
  {
    error: Type.String({ description: 'A human-readable sentence.' }),
    code: Type.String({ description: 'A stable snake_case code; docs/errors.md lists every one.' }),
    request_id: Type.String({ description: 'Also sent in the x-request-id header.' }),
  },
  { additionalProperties: false, description: 'Error' },
);

const meanings: Record<number, string> = {
  400: 'Invalid request: validation_failed, invalid_json, invalid_planet or planet_scope_mismatch.',
  401: 'Invalid or missing API key (unauthorized).',
  404: 'Not found.',
  409: 'Conflict: the resource is not in a state that allows this change (invalid_state), or a retry of a request still in progress.',
  413: `The request body is larger than ${limits.bodyBytes / 1024} KiB (payload_too_large).`,
  415: 'Content-Type must be application/json (unsupported_media_type).',
  422: 'The Idempotency-Key was used with a different request (idempotency_key_reused).',
  429: 'Too many requests (rate_limited).',
  500: 'Internal server error.',
  503: 'The service is temporarily unavailable (service_unavailable).',
};

/** Statuses every authenticated route can return. */
const everyRoute = [401, 429, 500, 503];
/** Statuses every route with a JSON body (and Idempotency-Key) can add. */
const bodyRoutes = [400, 409, 413, 415, 422];

/** Response schemas for the given error statuses plus those every route shares, each with the error body. */
export function errorResponses(
  statuses: number[],
  options: { body?: boolean; descriptions?: Record<number, string> } = {},
): Record<number, TSchema> {
  const all = new Set([...statuses, ...everyRoute, ...(options.body ? bodyRoutes : [])]);
  const responses: Record<number, TSchema> = {};
  for (const status of [...all].sort((a, b) => a - b)) {
    responses[status] = Type.Object(ErrorResponse.properties, {
      additionalProperties: false,
      description: options.descriptions?.[status] ?? meanings[status] ?? 'Error.',
    });
  }
  return responses;
}
