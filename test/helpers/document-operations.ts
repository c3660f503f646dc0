import type { FastifyInstance, InjectOptions } from 'fastify';

/** One operation of the served OpenAPI document, with what a request to it needs. */
export interface DocumentOperation {
  method: string;
  path: string;
  /** The document's security requirements; `[{}]` among them means a request without a key is allowed. */
  security: Record<string, string[]>[];
  parameters: { name: string; in: string; required?: boolean; schema?: { format?: string; type?: string } }[];
  requestContentTypes: string[];
  /** The first example of the JSON request body, where the document gives one. */
  bodyExample?: unknown;
}

interface OpenApiDocument {
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, unknown>>;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** The OpenAPI document the app serves, read as the caller's view of it. */
export async function servedDocument<T = OpenApiDocument>(app: FastifyInstance): Promise<T> {
  const response = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  return response.json<T>();
}

/** Every operation of the document the service serves: tests built on it cover a route the day it is added. */
export async function documentOperations(app: FastifyInstance): Promise<DocumentOperation[]> {
  const document = await servedDocument(app);
  const operations: DocumentOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const operation = raw as {
        security?: Record<string, string[]>[];
        parameters?: DocumentOperation['parameters'];
        requestBody?: {
          content: Record<string, { example?: unknown; examples?: Record<string, { value: unknown }> }>;
        };
      };
      const json = operation.requestBody?.content['application/json'];
      operations.push({
        method: method.toUpperCase(),
        path,
        security: operation.security ?? document.security ?? [],
        parameters: operation.parameters ?? [],
        requestContentTypes: Object.keys(operation.requestBody?.content ?? {}),
        bodyExample: json?.example ?? Object.values(json?.examples ?? {})[0]?.value,
      });
    }
  }
  return operations;
}

export function requiresKey(operation: DocumentOperation): boolean {
  return (
    operation.security.length > 0 && !operation.security.some((entry) => Object.keys(entry).length === 0)
  );
}

/** The planet an operation's path names, literally (`/assets/artworks`) or through `{planet}`. */
export function pathPlanet(operation: DocumentOperation, planetForParameter: string): string | undefined {
  const match = /\/assets\/([a-z]+|\{planet\})(\/|$)/.exec(operation.path);
  if (!match) return undefined;
  return match[1] === '{planet}' ? planetForParameter : match[1];
}

/**
 * A request to the operation with its path filled from `values` (by parameter name; a uuid otherwise) and a
 * body the document describes, so that what answers is the rule under test, not a missing field.
 */
export function requestFor(
  operation: DocumentOperation,
  values: Record<string, string>,
  fallbackId: () => string,
): InjectOptions {
  const url = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(values[name] ?? fallbackId()),
  );
  const contentType = operation.requestContentTypes[0];
  if (contentType === undefined) return { method: operation.method, url };
  if (contentType === 'application/json')
    return {
      method: operation.method,
      url,
      payload: operation.bodyExample ?? {},
    };
  return {
    method: operation.method,
    url,
    headers: { 'content-type': contentType },
    payload: Buffer.from('not really an image'),
  };
}
