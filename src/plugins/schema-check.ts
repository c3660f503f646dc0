import type { TSchema } from '@sinclair/typebox';
import { requestValidator } from '../lib/schema-formats.js';
import { validationRefusal } from './error-handler.js';

/**
 * Checks a value built from a page's form against the schema an API route validates the same request with,
 * refused as that route refuses it (400 validation_failed naming the field): one rule, for the API and the pages.
 * A query string is coerced (and may be changed in place), as Fastify does with the route's own.
 */
export function checkAgainstRouteSchema<T>(schema: TSchema, value: unknown, part: 'body' | 'querystring'): T {
  // The same checks as the routes' own (app.ts): a body as sent, a query string coerced and storable.
  const validate = requestValidator(schema, part);
  if (!validate(value)) throw validationRefusal(validate.errors ?? undefined, part);
  return value as T;
}
