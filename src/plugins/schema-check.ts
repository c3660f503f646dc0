import type { TSchema } from '@sinclair/typebox';
import type { ValidateFunction } from 'ajv';
import { BODY_AJV_OPTIONS, createSchemaAjv, refusingUnstorableText } from '../lib/schema-formats.js';
import { validationRefusal } from './error-handler.js';

// The same checks as the routes' own (app.ts): a body as sent, a query string coerced and storable.
const bodyAjv = createSchemaAjv(BODY_AJV_OPTIONS);
const urlAjv = createSchemaAjv({ coerceTypes: true, removeAdditional: false });
const compiled = {
  body: new WeakMap<TSchema, ValidateFunction>(),
  querystring: new WeakMap<TSchema, ValidateFunction>(),
};

function validatorOf(schema: TSchema, part: 'body' | 'querystring'): ValidateFunction {
  let validate = compiled[part].get(schema);
  if (!validate) {
    validate = part === 'body' ? bodyAjv.compile(schema) : refusingUnstorableText(urlAjv.compile(schema));
    compiled[part].set(schema, validate);
  }
  return validate;
}

/**
 * Checks a value built from a page's form against the schema an API route validates the same request with,
 * refused as that route refuses it (400 validation_failed naming the field): one rule, for the API and the pages.
 * A query string is coerced (and may be changed in place), as Fastify does with the route's own.
 */
export function checkAgainstRouteSchema<T>(schema: TSchema, value: unknown, part: 'body' | 'querystring'): T {
  const validate = validatorOf(schema, part);
  if (!validate(value)) throw validationRefusal(validate.errors ?? undefined, part);
  return value as T;
}
