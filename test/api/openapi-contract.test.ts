import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiTags } from '../../src/openapi/contract.js';
import { useTestContext } from '../helpers/test-app.js';

// The rules every /api/v1 operation of the served document follows (how a route meets them:
// the comment at the top of src/openapi/contract.ts and docs/api.md, "The OpenAPI document").
interface Media {
  schema?: object;
  example?: unknown;
}
interface Operation {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: { name: string; in: string; schema?: Record<string, unknown>; example?: unknown }[];
  requestBody?: { content?: Record<string, Media> };
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, Media> }>;
}
interface Document {
  servers?: { url: string }[];
  info: { license?: { name: string }; contact?: object };
  tags?: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
}

describe('the OpenAPI document as a contract', () => {
  const context = useTestContext();
  let document: Document;
  const operations: [string, Operation][] = [];
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);

  beforeAll(async () => {
    document = (await context.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    for (const [path, methods] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(methods))
        operations.push([`${method.toUpperCase()} ${path}`, operation]);
    // 23 operations of the original API, plus a create and an update per planet in place of the `{planet}` ones.
    expect(operations.length).toBeGreaterThanOrEqual(29);
  });

  const valid = (schema: object | undefined, value: unknown) => {
    const validate = ajv.compile(schema ?? {});
    return validate(value) ? 'valid' : ajv.errorsText(validate.errors);
  };

  it('has servers (AVS_PUBLIC_URL), license, contact and the declared tags', () => {
    expect(document.servers?.[0]?.url).toBe('http://localhost:8080');
    expect(document.info.license?.name).toBeTruthy();
    expect(document.info.contact).toBeTruthy();
    expect(document.tags?.map((tag) => tag.name)).toEqual(apiTags.map((tag) => tag.name));
  });

  it('gives every operation a unique camelCase operationId, a declared tag, a summary and a description', () => {
    const declared = new Set(apiTags.map((tag) => tag.name));
    const ids = new Set<string>();
    for (const [name, operation] of operations) {
      expect(operation.operationId, name).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(ids.has(operation.operationId!), `${name}: duplicate operationId`).toBe(false);
      ids.add(operation.operationId!);
      expect(operation.tags?.length, name).toBe(1);
      expect(declared.has(operation.tags![0]! as never), `${name}: tag ${operation.tags?.[0]}`).toBe(true);
      expect(operation.summary, name).toBeTruthy();
      expect(operation.description, name).toBeTruthy();
    }
  });

  it('types every path parameter (planet enum, uuid, number pattern) and gives it an example', () => {
    for (const [name, operation] of operations)
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in !== 'path') continue;
        const schema = parameter.schema ?? {};
        expect(
          schema.enum ?? schema.format ?? schema.pattern ?? schema.type,
          `${name} ${parameter.name}`,
        ).toBeTruthy();
        if (parameter.name === 'planet')
          expect(schema.enum, name).toEqual(['artworks', 'collectibles', 'watches', 'jewelry']);
        if (parameter.name === 'id') expect(schema.format, name).toBe('uuid');
        expect(valid(schema, parameter.example), `${name} ${parameter.name}`).toBe('valid');
      }
  });

  it('declares the headers: x-request-id, Idempotency-Key on POSTs, RateLimit-*, Retry-After, WWW-Authenticate', () => {
    for (const [name, operation] of operations) {
      const headerParameters = (operation.parameters ?? [])
        .filter((p) => p.in === 'header')
        .map((p) => p.name);
      expect(headerParameters, name).toContain('x-request-id');
      if (name.startsWith('POST ')) expect(headerParameters, name).toContain('Idempotency-Key');
      for (const [status, response] of Object.entries(operation.responses)) {
        const headers = Object.keys(response.headers ?? {});
        expect(headers, `${name} ${status}`).toContain('x-request-id');
        if (status === '401') expect(headers, name).toContain('WWW-Authenticate');
        else expect(headers, `${name} ${status}`).toContain('RateLimit-Remaining');
        if (status === '429') expect(headers, name).toContain('Retry-After');
        if (name.startsWith('POST ') && Number(status) < 300)
          expect(headers, name).toContain('Idempotent-Replayed');
      }
    }
  });

  it('has a request example and an example for every response status, each valid against its schema', () => {
    for (const [name, operation] of operations) {
      const body = operation.requestBody?.content?.['application/json'];
      if (body) {
        expect(body.example, `${name}: request example`).toBeDefined();
        expect(valid(body.schema, body.example), `${name} request`).toBe('valid');
      }
      for (const [status, response] of Object.entries(operation.responses)) {
        const media = response.content?.['application/json'];
        // A media download (/files/v1, docs/media.md) answers bytes: its success is binary media types, no JSON.
        const binary = Object.values(response.content ?? {}).map(
          (entry) => (entry.schema as { format?: string } | undefined)?.format,
        );
        if (name.includes(' /files/v1/') && !media && binary.length > 0) {
          expect(
            binary.every((format) => format === 'binary'),
            `${name} ${status}`,
          ).toBe(true);
          continue;
        }
        expect(media, `${name} ${status}`).toBeDefined();
        expect(media!.example, `${name} ${status}: example`).toBeDefined();
        expect(valid(media!.schema, media!.example), `${name} ${status}`).toBe('valid');
      }
    }
  });

  it('publishes one create and one update operation per planet, each with its typed fields', () => {
    for (const planet of ['artworks', 'collectibles', 'watches', 'jewelry']) {
      const create = document.paths[`/api/v1/assets/${planet}`]?.post;
      const update = document.paths[`/api/v1/assets/${planet}/{id}`]?.patch;
      expect(create?.operationId).toBe(`create${planet[0]!.toUpperCase()}${planet.slice(1)}Asset`);
      expect(update?.operationId).toBe(`update${planet[0]!.toUpperCase()}${planet.slice(1)}Asset`);
      const schema = create!.requestBody!.content!['application/json']!.schema as {
        required: string[];
        properties: Record<string, { type?: string }>;
      };
      expect(schema.required).toEqual(['title']);
      expect(Object.keys(schema.properties).length).toBeGreaterThan(4);
    }
    const artworks =
      document.paths['/api/v1/assets/artworks']!.post!.requestBody!.content!['application/json']!;
    expect(valid(artworks.schema, { title: 'T', year: '1916' })).not.toBe('valid');
    expect(valid(artworks.schema, { title: '   ' })).not.toBe('valid');
    expect(valid(artworks.schema, { title: ` ${'x'.repeat(500)} ` })).toBe('valid');
    expect(valid(artworks.schema, { title: 'x'.repeat(501) })).not.toBe('valid');
  });
});
