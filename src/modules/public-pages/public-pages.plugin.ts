import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DatabaseUnavailableError } from '../../db/database.js';
import { AppError } from '../../errors/error-catalogue.js';
import { pageErrorMessage } from '../web-pages/error-pages/page-error-message.js';
import { inRequestLanguage, speakRequestLanguage } from '../../i18n/request-language.js';
import { packageRoot } from '../../lib/package-root.js';
import { enforcePublicRateLimit } from '../../plugins/rate-limit.js';
import { logoFileRoutes } from './logo-files.routes.js';
import { homePageRoutes, publicPageRoutes, sendPage } from './public-pages.routes.js';
import { errorView, notFoundView, pageNotFoundView, STYLESHEET_PATH } from './public-pages.views.js';
import { text } from './text/index.js';

// No script at all; the one stylesheet is ours; forms only to ourselves; never framed (no click-jacking).
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
};

/** The pages' security headers (the tap page of docs/tags.md has them too). */
export async function publicPageHeaders(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  void reply.headers(SECURITY_HEADERS);
}

/**
 * For Fastify's frameworkErrors: a path under /c/ the router cannot even decode (a broken %-escape) is
 * a number no certificate has, so it gets the 404 page too (with the pages' headers: no hook ran).
 */
export function sendUndecodablePage(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
  if (!request.url.startsWith('/c/')) return undefined;
  void reply.headers(SECURITY_HEADERS).header('cache-control', 'no-store');
  return sendPage(
    reply,
    inRequestLanguage(request, () =>
      notFoundView(request.server.serviceBrand, request.url.slice('/c/'.length, 60)),
    ),
    404,
  );
}

/**
 * The service's not-found handler's page for a browser (error-handler.ts): an address without a page, in the public
 * pages' look and with their headers (no hook of theirs ran).
 */
export function sendNoPage(reply: FastifyReply, status: 404 | 405): FastifyReply {
  void reply.headers(SECURITY_HEADERS).header('cache-control', 'no-store');
  return sendPage(
    reply,
    inRequestLanguage(reply.request, () => pageNotFoundView(reply.server.serviceBrand, status === 405)),
    status,
  );
}

/** A person reads these pages: errors are pages too, never JSON, in the person's language. */
async function pageErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return inRequestLanguage(request, () => answerError(error, request, reply));
}

/** A 5xx says nothing of its cause. */
function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const brand = request.server.serviceBrand;
  void reply.header('cache-control', 'no-store');
  if (error instanceof AppError && error.statusCode < 500) {
    void reply.headers(error.headers);
    const message = pageErrorMessage(error);
    return sendPage(reply, errorView(brand, error.statusCode, message), error.statusCode);
  }
  if (error.validation || (error.statusCode && error.statusCode >= 400 && error.statusCode < 500))
    return sendPage(reply, errorView(brand, 400, text.page.error.addressUnreadable), 400);
  if (error instanceof DatabaseUnavailableError) {
    void reply.header('retry-after', '1');
    return sendPage(reply, errorView(brand, 503, text.page.error.busy), 503);
  }
  request.log.error({ err: error }, 'public page failed');
  return sendPage(reply, errorView(brand, 500, text.page.error.failed), 500);
}

/** The public certificate pages under /c: no key, rate limited per client address, cacheable for seconds. */
export async function publicPagesPlugin(app: FastifyInstance): Promise<void> {
  const stylesheet = readFileSync(path.join(packageRoot, 'public', 'public-pages', 'certificate.css'));
  await app.register(
    async (pages) => {
      pages.addHook('onRequest', publicPageHeaders);
      speakRequestLanguage(pages);
      pages.addHook('onRequest', enforcePublicRateLimit);
      pages.setErrorHandler(pageErrorHandler);
      pages.get(STYLESHEET_PATH.slice('/c'.length), { schema: { hide: true } }, async (_request, reply) =>
        reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=300').send(stylesheet),
      );
      await pages.register(publicPageRoutes);
      await pages.register(logoFileRoutes);
    },
    { prefix: '/c' },
  );
  // The home page: static, so not behind the per-address bucket (as the service's 404 answers are not).
  await app.register(async (home) => {
    home.addHook('onRequest', publicPageHeaders);
    speakRequestLanguage(home);
    await home.register(homePageRoutes);
  });
}
