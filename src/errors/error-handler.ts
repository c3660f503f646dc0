import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { DatabaseUnavailableError } from '../db/database.js';
import { AppError, errorCatalogue, type ErrorCode } from './error-catalogue.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route path the service registered, with its methods (HEAD and OPTIONS aside). */
    registeredRoutes: ReadonlyMap<string, ReadonlySet<string>>;
  }
}

export interface ErrorBody {
  error: string;
  code: string;
  request_id: string;
}

export function sendError(reply: FastifyReply, code: ErrorCode, message?: string): FastifyReply {
  const body: ErrorBody = {
    error: message ?? errorCatalogue[code].message,
    code,
    request_id: String(reply.request.id),
  };
  return reply.code(errorCatalogue[code].status).type('application/json; charset=utf-8').send(body);
}

const FASTIFY_ERROR_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'validation_failed',
  FST_ERR_CTP_INVALID_TYPE: 'unsupported_media_type',
};

/** Maps anything thrown to a catalogue code and a message safe to show: no stack, no SQL. */
function classify(error: FastifyError | Error): {
  code: ErrorCode;
  message?: string;
  headers?: Record<string, string>;
} {
  if (error instanceof AppError) return { code: error.code, message: error.message, headers: error.headers };
  if (error instanceof DatabaseUnavailableError) return { code: 'service_unavailable' };
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const context = fastifyError.validationContext ?? 'body';
    return { code: 'validation_failed', message: describeValidation(fastifyError, context) };
  }
  if (fastifyError.code && FASTIFY_ERROR_CODES[fastifyError.code]) {
    return { code: FASTIFY_ERROR_CODES[fastifyError.code]! };
  }
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) return { code: 'invalid_json' };
  if (fastifyError.statusCode === 413) return { code: 'payload_too_large' };
  if (fastifyError.statusCode === 415) return { code: 'unsupported_media_type' };
  if (fastifyError.statusCode === 429) return { code: 'rate_limited' };
  // Statement timeouts and cancelled queries are a busy database, not a bug.
  if ((fastifyError.code as string | undefined) === '57014') return { code: 'service_unavailable' };
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return { code: 'validation_failed' };
  }
  return { code: 'internal_error' };
}

function describeValidation(error: FastifyError, context: string): string {
  const first = error.validation?.[0];
  if (!first) return 'The request is invalid.';
  const params = first.params;
  const pointer = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const field =
    first.keyword === 'required'
      ? String(params.missingProperty)
      : first.keyword === 'additionalProperties'
        ? String(params.additionalProperty)
        : pointer;
  const where = context === 'body' ? '' : ` in ${context === 'querystring' ? 'the query string' : context}`;
  switch (first.keyword) {
    case 'required':
      return `\`${field}\` is required${where}.`;
    case 'additionalProperties':
      return `\`${field}\` is not allowed${where}.`;
    default:
      return field
        ? `\`${field}\`${where} ${first.message ?? 'is invalid'}.`
        : `The ${context} ${first.message ?? 'is invalid'}.`;
  }
}

/** One error handler and one not-found handler for the whole service (API and admin). */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    // A second router with every route, so an unknown method on a known path gets 405, not 404.
    const knownRoutes = FindMyWay();
    const methodsByPath = new Map<string, Set<string>>();
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        const set = methodsByPath.get(route.url) ?? new Set<string>();
        if (!set.has(method)) {
          set.add(method);
          methodsByPath.set(route.url, set);
          knownRoutes.on(method as HTTPMethod, route.url, () => undefined, { allowed: set });
        }
      }
    });

    app.decorate('registeredRoutes', methodsByPath);

    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?', 1)[0] ?? '/';
      const allowed = new Set<string>();
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        if (method === request.method) continue;
        const found = knownRoutes.find(method, path);
        if (found) allowed.add(method);
      }
      if (allowed.size > 0) {
        void reply.header('allow', [...allowed].join(', '));
        return sendError(reply, 'method_not_allowed', `Method ${request.method} is not allowed here.`);
      }
      return sendError(reply, 'route_not_found', `No route ${request.method} ${path}.`);
    });

    app.setErrorHandler(async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const { code, message, headers } = classify(error);
      const status = errorCatalogue[code].status;
      if (status >= 500) {
        request.log.error({ err: error, code }, 'request failed');
      } else {
        request.log.debug({ code, message: error.message }, 'request refused');
      }
      if (headers) void reply.headers(headers);
      if (code === 'service_unavailable') void reply.header('retry-after', '1');
      // A 5xx message is the catalogue's own: never the error's, which may hold SQL.
      return sendError(reply, code, status >= 500 ? undefined : message);
    });
  },
  { name: 'error-handler' },
);
