import { limits } from '../limits.js';
import type { Static } from '@sinclair/typebox';
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { DatabaseUnavailableError } from '../db/database.js';
import { prefersHtml } from '../lib/accept.js';
import { AppError, type ErrorCode } from '../errors/error-catalogue.js';
import type { ErrorResponse } from '../errors/error-response.schema.js';
import { API_SECURITY_HEADERS } from './security-headers.js';
import { addVary } from '../lib/vary.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route path the service registered, with its methods (HEAD and OPTIONS aside). */
    registeredRoutes: ReadonlyMap<string, ReadonlySet<string>>;
  }
}

export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  const body: Static<typeof ErrorResponse> = {
    error: error.message,
    code: error.code,
    request_id: String(reply.request.id),
  };
  return reply.code(error.statusCode).type('application/json; charset=utf-8').send(body);
}

/**
 * Fastify's frameworkErrors: a URL the router cannot read (a broken %-escape, a path segment over the
 * limit) is answered before any hook runs, so the request id and security headers are set here.
 */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const refusal =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new AppError('uri_too_long')
      : new AppError('validation_failed', 'unreadable_path');
  request.log.debug({ code: refusal.code, message: error.message }, 'request refused');
  void reply.headers({ ...API_SECURITY_HEADERS, 'x-request-id': String(request.id) });
  void sendError(reply, refusal);
}

/**
 * The server's clientError: bytes that are not HTTP, a header or request timeout, headers too large.
 * Node would answer a bare status line; this answers the error body with a request id and the security
 * headers, then closes the connection (what comes next on it cannot be trusted to be a request).
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const refusal =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? new AppError('request_timeout')
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? new AppError('headers_too_large')
        : new AppError('malformed_request');
  const requestId = randomUUID();
  const body = JSON.stringify({ error: refusal.message, code: refusal.code, request_id: requestId });
  const headers = {
    ...API_SECURITY_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'x-request-id': requestId,
    'cache-control': 'no-store',
    connection: 'close',
  };
  if (socket.writable) {
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`HTTP/1.1 ${refusal.statusCode} ${STATUS_CODES[refusal.statusCode]}\r\n${head}\r\n${body}`);
  }
  socket.destroy();
}

const FASTIFY_ERROR_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'validation_failed',
  FST_ERR_CTP_INVALID_TYPE: 'unsupported_media_type',
};

/** Maps anything thrown to a catalogue error with a message safe to show: no stack, no SQL. */
function classify(error: FastifyError | Error): AppError {
  // instanceof narrows a generic class to AppError<any>; every AppError has some catalogue code.
  if (error instanceof AppError) return error as AppError;
  if (error instanceof DatabaseUnavailableError) return new AppError('service_unavailable');
  const fastifyError = error as FastifyError;
  if (fastifyError.validation)
    return validationRefusal(fastifyError.validation, fastifyError.validationContext ?? 'body');
  if (fastifyError.code && FASTIFY_ERROR_CODES[fastifyError.code]) {
    return new AppError(FASTIFY_ERROR_CODES[fastifyError.code]!);
  }
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) return new AppError('invalid_json');
  if (fastifyError.statusCode === 413) return new AppError('payload_too_large');
  if (fastifyError.statusCode === 415) return new AppError('unsupported_media_type');
  if (fastifyError.statusCode === 429) return new AppError('rate_limited');
  // Statement timeouts and cancelled queries are a busy database, not a bug.
  if ((fastifyError.code as string | undefined) === '57014') return new AppError('service_unavailable');
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return new AppError('validation_failed');
  }
  return new AppError('internal_error');
}

/** The refusal of a request part that breaks its schema: the first failure, named as docs/errors.md says. */
export function validationRefusal(
  validation: FastifyError['validation'],
  context: string,
): AppError<'validation_failed'> {
  const first = validation?.[0];
  if (!first) return new AppError('validation_failed');
  const params = first.params;
  const pointer = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const location = context === 'body' ? undefined : context === 'querystring' ? 'the query string' : context;
  const rule = first.message ?? 'is invalid';
  switch (first.keyword) {
    case 'required':
      return new AppError('validation_failed', 'required', {
        field: String(params.missingProperty),
        location,
      });
    case 'additionalProperties':
      return new AppError('validation_failed', 'not_allowed', {
        field: String(params.additionalProperty),
        location,
      });
    case 'pattern':
      // The title's pattern is "1–500 characters after trimming" (assets.schemas.ts): say that, not the regex.
      if (pointer === 'title')
        return new AppError('validation_failed', 'trimmed_length', {
          field: 'title',
          min: 1,
          max: limits.titleLength,
        });
      return new AppError('validation_failed', 'breaks_rule', { field: pointer, location, rule });
    default:
      return pointer
        ? new AppError('validation_failed', 'breaks_rule', {
            field: pointer,
            location,
            rule,
            keyword: first.keyword,
            limit: typeof params.limit === 'number' ? params.limit : undefined,
          })
        : new AppError('validation_failed', 'part_breaks_rule', { part: context, rule });
  }
}

/** The JSON error body for anything thrown: the service's handler, and that of JSON routes inside page apps. */
export async function jsonErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const refusal = classify(error);
  const code: ErrorCode = refusal.code;
  if (refusal.statusCode >= 500) {
    request.log.error({ err: error, code }, 'request failed');
  } else {
    request.log.debug({ code, message: error.message }, 'request refused');
  }
  void reply.headers(refusal.headers);
  if (code === 'service_unavailable') void reply.header('retry-after', '1');
  // A 5xx message is the catalogue's own: never the error's, which may hold SQL.
  return sendError(reply, refusal.statusCode >= 500 ? new AppError(code) : refusal);
}

// The programs' addresses answer JSON whatever a client accepts (SPEC.md: the API speaks JSON).
const JSON_ONLY_PATHS = /^\/(api|files|admin\/api)(\/|$)/;

/** The page a browser gets for an address without one: 404, or 405 for a known address with another method. */
export type NoPageAnswer = (reply: FastifyReply, status: 404 | 405) => FastifyReply;

/**
 * A person's browser asking for an address outside the JSON APIs gets a page (docs/public-page.md, "Browsers get
 * pages"); whether it does depends on Accept, so the answer says so (Vary) either way.
 */
function answersWithPage(request: FastifyRequest, reply: FastifyReply, path: string): boolean {
  if (JSON_ONLY_PATHS.test(path)) return false;
  addVary(reply, 'Accept');
  return prefersHtml(request.headers.accept);
}

/** One error handler and one not-found handler for the whole service (API and admin). */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance, options: { noPage?: NoPageAnswer }) => {
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
      const page = options.noPage && answersWithPage(request, reply, path) ? options.noPage : undefined;
      if (allowed.size > 0) {
        void reply.header('allow', [...allowed].join(', '));
        if (page) return page(reply, 405);
        return sendError(reply, new AppError('method_not_allowed', 'not_here', { method: request.method }));
      }
      if (page) return page(reply, 404);
      return sendError(reply, new AppError('route_not_found', 'no_route', { method: request.method, path }));
    });

    app.setErrorHandler(jsonErrorHandler);
  },
  { name: 'error-handler' },
);
