import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import FindMyWay from 'find-my-way';

type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';

interface OpenApiOperation {
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
}
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Partial<Record<Lowercase<HttpMethod>, OpenApiOperation>>>;
}

/** One response that does not match the OpenAPI document. */
export interface ConformanceViolation {
  method: string;
  url: string;
  status: number;
  problem: string;
}

interface DocumentedOperation {
  path: string;
  validators: Map<number, ValidateFunction | null>;
}

// One Ajv and one compiled validator per distinct schema for the whole worker: every test file's app publishes the
// same document, and compiling it again for each file was a tenth of the suite's CPU (docs/testing.md).
const sharedAjv = new Ajv({ strict: false, allErrors: true });
addFormats.default(sharedAjv);
const compiledByText = new Map<string, ValidateFunction>();

function validatorOf(schema: object): ValidateFunction {
  const text = JSON.stringify(schema);
  let validate = compiledByText.get(text);
  if (!validate) {
    validate = sharedAjv.compile(schema);
    compiledByText.set(text, validate);
  }
  return validate;
}

/**
 * Checks real responses against the OpenAPI document the service publishes: the status must be
 * documented for the operation, and a JSON body must validate against that status's schema.
 */
export class OpenApiConformance {
  readonly violations: ConformanceViolation[] = [];
  // As the service routes: /api/v1/webhooks/ is the list, not a webhook with an empty id.
  private readonly router = FindMyWay({ ignoreTrailingSlash: true });

  constructor(document: OpenApiDocument) {
    for (const [path, operations] of Object.entries(document.paths)) {
      const routePath = path.replace(/\{([^}]+)\}/g, ':$1');
      for (const [method, operation] of Object.entries(operations)) {
        const validators = new Map<number, ValidateFunction | null>();
        for (const [status, response] of Object.entries(operation?.responses ?? {})) {
          const schema = response.content?.['application/json']?.schema;
          validators.set(Number(status), schema ? validatorOf(schema) : null);
        }
        const documented: DocumentedOperation = { path, validators };
        this.router.on(method.toUpperCase() as HttpMethod, routePath, () => documented);
      }
    }
  }

  static async of(app: FastifyInstance): Promise<OpenApiConformance> {
    const response = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    return new OpenApiConformance(response.json<OpenApiDocument>());
  }

  /** Records a violation when a /api/v1 or /files/v1 response is undocumented or does not match its schema. */
  check(method: string, url: string, response: LightMyRequestResponse): void {
    // inject() resolves dot segments as a URL parser does (`/webhooks/.` is `/webhooks/`); so must we.
    const path = new URL(url.split('?')[0] ?? url, 'http://localhost').pathname;
    if (!/^\/(api|files)\/v1\//.test(path) || path === '/api/v1/openapi.json') return;
    const found = this.router.find(method.toUpperCase() as HttpMethod, path);
    // Unknown routes and wrong methods are answered by the shared 404/405 handler, checked elsewhere.
    if (!found) return;
    const operation = (found.handler as unknown as () => DocumentedOperation)();
    const status = response.statusCode;
    // Paths the router resolves elsewhere (`..` segments) are answered by the shared 404/405 handler.
    if (
      (status === 404 || status === 405) &&
      /"code":"(route_not_found|method_not_allowed)"/.test(response.body)
    )
      return;
    const problem = (text: string) => this.violations.push({ method, url: path, status, problem: text });
    if (!operation.validators.has(status)) {
      problem(`status ${status} is not documented for ${method} ${operation.path}`);
      return;
    }
    const validate = operation.validators.get(status);
    if (!validate) return;
    let body: unknown;
    try {
      body = response.json();
    } catch {
      problem('the body is not JSON');
      return;
    }
    if (!validate(body)) problem(sharedAjv.errorsText(validate.errors));
  }

  /** Makes every app.inject call of this app check its response; chained inject calls are left alone. */
  watch(app: FastifyInstance): void {
    const inject = app.inject.bind(app) as (options: InjectOptions) => Promise<LightMyRequestResponse>;
    const watched = async (options: InjectOptions | string) => {
      const request: InjectOptions = typeof options === 'string' ? { url: options } : options;
      const response = await inject(request);
      const url = typeof request.url === 'string' ? request.url : (request.path as string | undefined);
      if (url) this.check(request.method ?? 'GET', url, response);
      return response;
    };
    (app as { inject: unknown }).inject = watched;
  }
}
