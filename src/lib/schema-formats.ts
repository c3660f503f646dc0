import { Ajv, type ErrorObject, type Options as AjvOptions, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { isDateTime } from './date-time.js';
import { isStorableText } from './text.js';
import { UUID_PATTERN } from './uuid.js';

/** How a request body is checked: as sent (a string "1999" is not an integer), nothing removed. */
const BODY_AJV_OPTIONS: AjvOptions = { coerceTypes: false, removeAdditional: false };

/** An Ajv as the service's routes check their requests with (app.ts), with the service's formats. */
function createSchemaAjv(options: AjvOptions): Ajv {
  return addSchemaFormats(new Ajv({ allErrors: false, useDefaults: true, strict: false, ...options }));
}

// Bodies are validated as sent (a string "1999" is not an integer); path, query and headers are coerced.
const bodyAjv = createSchemaAjv(BODY_AJV_OPTIONS);
const urlAjv = createSchemaAjv({ coerceTypes: true, removeAdditional: false });
/** The part of a request a schema checks, as Fastify names it. */
export type RequestPart = 'body' | 'querystring' | 'params' | 'headers';
const compiledValidators: Record<RequestPart, WeakMap<object, ValidateFunction>> = {
  body: new WeakMap(),
  querystring: new WeakMap(),
  params: new WeakMap(),
  headers: new WeakMap(),
};

/**
 * The validator of a route's schema for one part of a request, compiled once per schema object in the process:
 * an app built again (each test file builds one) reuses it instead of compiling every route anew, which was a
 * sixth of the test suite's CPU (docs/testing.md). Held weakly, and dropped from Ajv's own cache once compiled, so
 * a schema made per app goes with its app.
 */
export function requestValidator(schema: object, part: RequestPart): ValidateFunction {
  const cache = compiledValidators[part];
  let validate = cache.get(schema);
  if (!validate) {
    const ajv = part === 'body' ? bodyAjv : urlAjv;
    const compiled = ajv.compile(schema);
    ajv.removeSchema(schema);
    validate = part === 'querystring' ? refusingUnstorableText(compiled) : compiled;
    cache.set(schema, validate);
  }
  return validate;
}

/** The formats every schema is checked with: ajv-formats, made as strict as the databases are. */
function addSchemaFormats(ajv: Ajv): Ajv {
  addFormats.default(ajv);
  // ajv-formats' uuid also takes `urn:uuid:…`, which PostgreSQL's uuid refuses (a 500): the strict pattern.
  ajv.addFormat('uuid', UUID_PATTERN);
  // ajv-formats' date-time takes year 0, leap seconds and hour-only offsets, which became 500s.
  ajv.addFormat('date-time', { type: 'string', validate: isDateTime });
  return ajv;
}

function unstorableField(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  for (const [name, value] of Object.entries(data as Record<string, unknown>)) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    if (values.some((item) => typeof item === 'string' && !isStorableText(item))) return name;
  }
  return undefined;
}

/**
 * A query-string validator that also refuses NUL and lone surrogates in any parameter: PostgreSQL text
 * refuses them, so `?q=%00` was a 500 (docs/reliability.md). Bodies are checked field by field by their services.
 */
function refusingUnstorableText(validate: ValidateFunction): ValidateFunction {
  const checked = ((data: unknown) => {
    if (!validate(data)) {
      checked.errors = validate.errors;
      return false;
    }
    const field = unstorableField(data);
    if (field === undefined) {
      checked.errors = null;
      return true;
    }
    const error: ErrorObject = {
      keyword: 'storable',
      instancePath: `/${field}`,
      schemaPath: '#',
      params: {},
      message: 'contains a character that cannot be stored',
    };
    checked.errors = [error];
    return false;
  }) as ValidateFunction;
  checked.schema = validate.schema;
  checked.schemaEnv = validate.schemaEnv;
  return checked;
}
