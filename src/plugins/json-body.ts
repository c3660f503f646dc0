import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors/error-catalogue.js';

/** Keys that reach an object's prototype when a body is later merged with Object.assign or `obj[key] = …`. */
function forbiddenKey(key: string, value: unknown): boolean {
  if (key === '__proto__') return true;
  // As secure-json-parse (Fastify's parser): `constructor` is refused when it carries a `prototype`.
  return (
    key === 'constructor' && typeof value === 'object' && value !== null && Object.hasOwn(value, 'prototype')
  );
}

/** Parses a JSON body: an empty body is no body; a prototype key is a 400 naming it, not "not JSON". */
function parseJsonBody(text: string): unknown {
  // Content-Type: application/json with nothing after it is what many clients send on a bodiless POST or DELETE.
  if (text.trim() === '') return undefined;
  // The reviver costs a walk of the whole body: only texts that could spell such a key (maybe \u-escaped) pay it.
  if (!text.includes('__proto__') && !text.includes('constructor') && !text.includes('\\u'))
    return JSON.parse(text);
  return JSON.parse(text, (key, value: unknown) => {
    if (forbiddenKey(key, value)) throw new AppError('validation_failed', 'forbidden_key', { field: key });
    return value;
  });
}

/** Replaces Fastify's JSON parser for the whole app (the API and the admin application's JSON). */
export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (
      _request: FastifyRequest,
      body: string | Buffer,
      done: (error: Error | null, body?: unknown) => void,
    ) => {
      try {
        done(null, parseJsonBody(typeof body === 'string' ? body : body.toString('utf8')));
      } catch (error) {
        done(error instanceof SyntaxError ? new AppError('invalid_json') : (error as Error));
      }
    },
  );
}
