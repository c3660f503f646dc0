import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors/error-catalogue.js';
import { pageErrorMessage } from './error-pages/page-error-message.js';
import { inRequestLanguage } from '../../i18n/request-language.js';
import type { SafeHtml } from '../../lib/html.js';
import { packageRoot } from '../../lib/package-root.js';
import { sendPage } from './page-document.views.js';
import { text } from './text/index.js';

const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none'; form-action 'self'; base-uri 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/** onRequest of a page app: security headers on every response; pages (which may show a secret) never cached. */
export function pageHeaders(staticPrefix: string) {
  return async function pageHeadersHook(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    void reply.headers(SECURITY_HEADERS);
    void reply.header(
      'cache-control',
      request.url.startsWith(staticPrefix) ? 'public, max-age=300' : 'no-store',
    );
  };
}

/** A page app's files from public/, read once: name → type and bytes. */
export function staticFiles(
  files: Record<string, { file: string; type: string }>,
): Record<string, { type: string; body: Buffer }> {
  return Object.fromEntries(
    Object.entries(files).map(([name, { file, type }]) => [
      name,
      { type, body: readFileSync(path.join(packageRoot, 'public', file)) },
    ]),
  );
}

/** Pages answer errors with a page, not JSON: the status and a sentence the person can act on. */
export function pageErrorHandler(
  render: (status: number, message: string, request: FastifyRequest) => SafeHtml,
) {
  return async function handlePageError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
    return inRequestLanguage(request, () => answerError(error, request, reply));
  };
  function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
    let status = 500;
    let message: string = text.errors.unexpected;
    if (error instanceof AppError && error.statusCode < 500) {
      status = error.statusCode;
      message = pageErrorMessage(error);
      void reply.headers(error.headers);
    } else if (error.validation) {
      status = 400;
      message = text.errors.formNotAsExpected;
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      message = text.errors.unreadable;
    } else {
      request.log.error({ err: error }, 'page failed');
    }
    return sendPage(reply, render(status, message, request), status);
  }
}
