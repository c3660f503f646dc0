import { beforeAll, describe, expect, it } from 'vitest';
import { planetIds } from '../../src/planets/planets.js';
import { OpenApiConformance, type OpenApiDocument } from '../helpers/openapi-conformance.js';
import { useTestContext } from '../helpers/test-app.js';

describe('the OpenAPI document at /api/v1/openapi.json', () => {
  const context = useTestContext();
  let document: OpenApiDocument;

  beforeAll(async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    document = response.json();
  });

  const openApiPath = (route: string) => route.replace(/:([A-Za-z_]+)/g, '{$1}');

  it('is OpenAPI 3.1, served without an API key', () => {
    expect(document.openapi).toBe('3.1.0');
  });

  it('documents every registered /api/v1 and /files/v1 route with each of its methods, and nothing else', () => {
    const registered = new Set<string>();
    for (const [route, methods] of context.app.registeredRoutes) {
      if (!/^\/(api|files)\/v1\//.test(route) || route === '/api/v1/openapi.json') continue;
      for (const method of methods) registered.add(`${method} ${openApiPath(route)}`);
    }
    // A `{planet}` route that also exists per planet (create, update) only answers unknown planets: hidden.
    for (const entry of [...registered])
      if (
        planetIds.every((planet) => registered.has(entry.replace('{planet}', planet))) &&
        entry.includes('{planet}')
      )
        registered.delete(entry);
    const documented = new Set<string>();
    for (const [path, operations] of Object.entries(document.paths))
      for (const method of Object.keys(operations)) documented.add(`${method.toUpperCase()} ${path}`);
    expect(registered.size).toBeGreaterThanOrEqual(15);
    expect([...documented].sort()).toEqual([...registered].sort());
  });

  it("types an artwork's date as written (date_text) beside its integer year, on create and on update", () => {
    type BodySchema = {
      properties: Record<string, { type?: string; maxLength?: number; anyOf?: unknown[] }>;
    };
    const bodyOf = (path: string, method: 'post' | 'patch') => {
      const operation = (document.paths as Record<string, Record<string, unknown>>)[path]![method] as {
        requestBody: { content: { 'application/json': { schema: BodySchema } } };
      };
      return operation.requestBody.content['application/json'].schema.properties;
    };
    const create = bodyOf('/api/v1/assets/artworks', 'post');
    expect(create.year).toMatchObject({ type: 'integer' });
    expect(create.date_text).toMatchObject({ type: 'string', maxLength: 100 });
    expect(bodyOf('/api/v1/assets/artworks/{id}', 'patch').date_text!.anyOf).toEqual([
      expect.objectContaining({ type: 'string', maxLength: 100 }),
      { type: 'null' },
    ]);
    expect(bodyOf('/api/v1/assets/watches', 'post')).not.toHaveProperty('date_text');
  });

  it('documents on every operation the statuses every route can return, each with the error body', () => {
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const responses = operation?.responses ?? {};
        const statuses = Object.keys(responses);
        for (const status of ['401', '429', '500', '503'])
          expect(statuses, `${method} ${path}`).toContain(status);
        if (path.includes('{planet}')) expect(statuses, `${method} ${path}`).toContain('400');
        if (path.includes('{id}') || path.includes('{number}'))
          expect(statuses, `${method} ${path}`).toContain('404');
        for (const status of statuses.filter((code) => Number(code) >= 400)) {
          const schema = responses[status]?.content?.['application/json']?.schema as {
            required?: string[];
          };
          expect(schema?.required, `${method} ${path} ${status}`).toEqual(['error', 'code', 'request_id']);
        }
      }
    }
  });

  it('flags a response whose status is undocumented or whose body breaks its schema', async () => {
    const checker = new OpenApiConformance(document);
    const { auth } = await context.createAccountWithKey();
    const created = await context.app.inject({
      method: 'POST',
      url: '/api/v1/assets/artworks',
      headers: auth,
      payload: { title: 'Checked against the document' },
    });
    checker.check('POST', '/api/v1/assets/artworks', created);
    expect(checker.violations).toEqual([]);

    // A copy whose body breaks the schema; json() is generic in light-my-request, hence `as T`.
    const broken = {
      ...created,
      json: <T>() => ({ ...created.json<object>(), certificate_status: 'lost' }) as T,
    };
    checker.check('POST', '/api/v1/assets/artworks', broken);
    const teapot = { ...created, statusCode: 418 };
    checker.check('POST', '/api/v1/assets/artworks', teapot);
    expect(checker.violations.map((violation) => violation.status)).toEqual([201, 418]);
  });
  // The /docs reference UI served offline is checked in test/security/api8-security-misconfiguration.test.ts.
});
