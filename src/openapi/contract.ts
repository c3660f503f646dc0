import { errorCatalogue } from '../errors/error-catalogue.js';
import { limits } from '../limits.js';
import { CERTIFICATE_NUMBER, planetIds } from '../planets/planets.js';
import { operationExamples, pathParameterExamples } from './operation-examples.js';

/**
 * The OpenAPI contract rules every /api/v1 operation follows (docs/api.md). A route declares, in its schema:
 * `operationId` (camelCase, unique), `tags` (one of `apiTags` below), `summary`, `description`, and its
 * response schemas; its examples (body, parameters, success responses) go into src/openapi/operation-examples.ts
 * under its operationId, never on a schema. test/api/openapi-contract.test.ts checks all of it and validates
 * every example against its schema. Everything that is the same for every operation is added here, once:
 * the headers (x-request-id, RateLimit-*, Retry-After, WWW-Authenticate, Idempotency-Key on POSTs,
 * Idempotent-Replayed), the examples of the error bodies, and the schema of each path parameter by its name
 * (a route with a new parameter name adds it to `pathParameters`, and its example to `pathParameterExamples`).
 */
export const apiTags = [
  { name: 'assets', description: 'Create, read, update and archive assets; their history and its proofs.' },
  {
    name: 'events',
    description: "The account's events as webhooks carry them, to reconcile missed deliveries.",
  },
  { name: 'certificates', description: 'Certificate look-up and its signed credential.' },
  { name: 'transfers', description: 'Ownership transfer offers the receiving account accepts or declines.' },
  {
    name: 'handovers',
    description:
      "Hand-overs by an object's holder: a claim a collector accepts, or a consignment an account accepts (docs/collectors.md).",
  },
  { name: 'verification', description: 'Verify an asset; the stored verifications.' },
  { name: 'webhooks', description: 'Webhook registration and the delivery log.' },
  {
    name: 'watchlist',
    description: 'Certificates an account watches: its webhooks receive `watch.triggered` when one changes.',
  },
  {
    name: 'audit',
    description: "Who did what to the account's members, invitations and keys (docs/members.md).",
  },
  {
    name: 'tags',
    description:
      'NFC tags (NTAG 424 DNA) bound to assets, and their taps: the public /t link a tag makes at every tap (docs/tags.md).',
  },
  {
    name: 'corrections',
    description:
      'Corrections of an issued certificate the operator approves or refuses: an approval signs a new credential (docs/corrections.md).',
  },
  {
    name: 'media',
    description:
      'Images and documents of an asset: the bytes under /files/v1 (upload, download), their records under /api/v1.',
  },
  {
    name: 'inventory',
    description:
      "A gallery's whole inventory: its assets exported as CSV or XLSX under /files/v1 (docs/inventory.md).",
  },
] as const;

const uuid = { type: 'string', format: 'uuid' };

/** The schema of every path parameter, by name. */
const pathParameters: Record<string, Record<string, unknown>> = {
  planet: { type: 'string', enum: planetIds },
  // Documented as UUIDs; the service answers a non-UUID id with the same 404 as an unknown one (no oracle).
  id: uuid,
  delivery_id: uuid,
  number: { type: 'string', pattern: CERTIFICATE_NUMBER.source, maxLength: 100 },
  sequence: { type: 'integer', minimum: 1 },
  media_id: uuid,
  alert_id: uuid,
  watch_id: uuid,
  tag_id: uuid,
};

type Schema = Record<string, unknown>;
interface Header {
  description: string;
  schema: Schema;
  required?: boolean;
}
const integerHeader = (description: string): Header => ({
  description,
  schema: { type: 'integer', minimum: 0 },
});

const responseHeaders = {
  'x-request-id': {
    description:
      'The request id (the sent `x-request-id` when it is 1–128 of `A-Za-z0-9._:-`); also in error bodies.',
    schema: { type: 'string', maxLength: 128 },
    required: true,
  },
  'RateLimit-Limit': integerHeader(
    'Requests the API key may make in a window (draft-ietf-httpapi-ratelimit-headers).',
  ),
  'RateLimit-Remaining': integerHeader('Requests left in the current window.'),
  'RateLimit-Reset': integerHeader('Seconds until the window resets.'),
  'Retry-After': integerHeader('Seconds to wait before retrying (RFC 9110).'),
  'WWW-Authenticate': {
    description: 'The authentication scheme: `Bearer` (RFC 6750).',
    schema: { type: 'string', enum: ['Bearer'] },
    required: true,
  },
  'Idempotent-Replayed': {
    description:
      'Present (`true`) when the response is the stored answer to an earlier request with this Idempotency-Key.',
    schema: { type: 'string', enum: ['true'] },
  },
} satisfies Record<string, Header>;

const requestHeaderParameters = {
  requestId: {
    name: 'x-request-id',
    in: 'header',
    required: false,
    description:
      'A correlation id echoed in the response (1–128 of `A-Za-z0-9._:-`; anything else is replaced).',
    schema: { type: 'string', maxLength: 128 },
    example: 'req-7f3a',
  },
  idempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'Makes the POST safe to retry: the same key with the same request answers the stored response (docs/reliability.md).',
    schema: { type: 'string', minLength: 1, maxLength: 255 },
    example: 'c2f6f1f0-create-asset-1',
  },
};

/** The error code an error example shows for each status (a route's 404 names its own code in the description). */
const exampleCodes: Record<number, string> = {
  400: 'validation_failed',
  401: 'unauthorized',
  404: 'route_not_found',
  409: 'invalid_state',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'idempotency_key_reused',
  429: 'rate_limited',
  500: 'internal_error',
  503: 'service_unavailable',
};

function errorExample(status: number, description: string | undefined): Schema {
  const named = /\(([a-z_]+)[,)]/.exec(description ?? '')?.[1];
  const code = (named && named in errorCatalogue ? named : exampleCodes[status]) ?? 'internal_error';
  const entry = errorCatalogue[code as keyof typeof errorCatalogue];
  return { error: entry.message, code, request_id: 'req-7f3a' };
}

/**
 * JSON Schema draft-07 tuples (TypeBox's Tuple) as 2020-12 has them: `prefixItems`. TypeBox bounds the length
 * with minItems/maxItems, so `items` (any of the prefix schemas) adds no freedom; it keeps linters that want an
 * `items` object beside `type: array` (Spectral's array-items) satisfied.
 */
function toDraft2020(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) toDraft2020(item);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const schema = node as Schema;
  if (Array.isArray(schema.items)) {
    const prefix = schema.items as unknown[];
    schema.prefixItems = prefix;
    schema.items = prefix.length === 1 ? prefix[0] : { anyOf: prefix };
    delete schema.additionalItems;
  }
  for (const value of Object.values(schema)) toDraft2020(value);
}

interface Operation {
  operationId?: string;
  requestBody?: { content?: Record<string, Schema> };
  parameters?: { name: string; in: string; schema?: Schema; example?: unknown; description?: string }[];
  responses?: Record<
    string,
    { description?: string; headers?: Record<string, Header>; content?: Record<string, Schema> }
  >;
}

/** Completes the generated document with the rules every operation shares (see the comment at the top). */
export function completeDocument<T extends object>(document: T): T {
  const paths = (document as { paths?: Record<string, Record<string, Operation>> }).paths ?? {};
  toDraft2020(paths);
  for (const [path, operations] of Object.entries(paths)) {
    // /files/v1 carries the bytes of media beside /api/v1 (docs/media.md): the same rules.
    if (!path.startsWith('/api/v1/') && !path.startsWith('/files/v1/')) continue;
    for (const [method, operation] of Object.entries(operations)) {
      const examples = operation.operationId ? operationExamples[operation.operationId] : undefined;
      const parameters = operation.parameters ?? [];
      for (const parameter of parameters) {
        if (parameter.in === 'path' && pathParameters[parameter.name])
          parameter.schema = { ...parameter.schema, ...pathParameters[parameter.name] };
        const example =
          examples?.parameters?.[parameter.name] ??
          (parameter.in === 'path' ? pathParameterExamples[parameter.name] : undefined);
        if (parameter.example === undefined && example !== undefined) parameter.example = example;
      }
      parameters.push({ ...requestHeaderParameters.requestId });
      if (method === 'post') parameters.push({ ...requestHeaderParameters.idempotencyKey });
      operation.parameters = parameters;

      const requestMedia = operation.requestBody?.content?.['application/json'];
      if (requestMedia && examples?.requestForms)
        requestMedia.examples = Object.fromEntries(
          examples.requestForms.map((value, index) => [`example${index + 1}`, { value }]),
        );
      if (requestMedia && examples?.request !== undefined) requestMedia.example = examples.request;

      for (const [statusText, response] of Object.entries(operation.responses ?? {})) {
        const status = Number(statusText);
        const headers: Record<string, Header> = { 'x-request-id': responseHeaders['x-request-id'] };
        if (status !== 401) {
          headers['RateLimit-Limit'] = responseHeaders['RateLimit-Limit'];
          headers['RateLimit-Remaining'] = responseHeaders['RateLimit-Remaining'];
          headers['RateLimit-Reset'] = responseHeaders['RateLimit-Reset'];
        }
        if (status === 401) headers['WWW-Authenticate'] = responseHeaders['WWW-Authenticate'];
        if (status === 429) headers['Retry-After'] = { ...responseHeaders['Retry-After'], required: true };
        if (status === 409 || status === 503) headers['Retry-After'] = responseHeaders['Retry-After'];
        if (method === 'post' && status < 300)
          headers['Idempotent-Replayed'] = responseHeaders['Idempotent-Replayed'];
        response.headers = { ...headers, ...response.headers };
        const media = response.content?.['application/json'];
        if (media && media.example === undefined && media.examples === undefined) {
          const example =
            status >= 400 ? errorExample(status, response.description) : examples?.responses[statusText];
          if (example !== undefined) media.example = example;
        }
      }
    }
  }
  return document;
}

/** The document-level part: servers from AVS_PUBLIC_URL, declared tags, license, contact. */
export function documentHeader(publicUrl: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Asset Verification Service',
      version: '1.0.0',
      description:
        'Register assets, look up certificates, verify assets and read their tamper-evident history. ' +
        `Bodies are JSON (at most ${limits.bodyBytes / 1024} KiB); every operation needs a Bearer API key.`,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      contact: { name: 'Asset Verification Service operators', url: `${publicUrl}/docs` },
    },
    servers: [{ url: publicUrl, description: 'This instance (AVS_PUBLIC_URL).' }],
    tags: apiTags.map((tag) => ({ ...tag })),
    components: {
      securitySchemes: {
        apiKey: { type: 'http' as const, scheme: 'bearer', description: 'An API key: pk_svc_…' },
      },
    },
    security: [{ apiKey: [] }],
  };
}
