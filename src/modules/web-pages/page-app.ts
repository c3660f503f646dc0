import { readFileSync } from 'node:fs';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preHandlerHookHandler,
  preValidationAsyncHookHandler,
  RouteOptions,
  RouteShorthandOptions,
} from 'fastify';
import { AppError } from '../../errors/error-catalogue.js';
import type { Language } from '../../i18n/locales.js';
import { inRequestLanguage, speakRequestLanguage } from '../../i18n/request-language.js';
import type { SafeHtml } from '../../lib/html.js';
import type { ServiceBrand } from '../../lib/service-brand.js';
import { limits } from '../../limits.js';
import { passkeyBrowserBundlePath } from '../passkeys/passkeys-browser-bundle.js';
import { sendPage } from './page-document.views.js';
import { pageErrorHandler, pageHeaders, staticFiles } from './page-hooks.js';
import { refuseCrossSiteWrites } from './same-origin-writes.js';

/** What makes a signed-in page app (the console, /collection) its own: its sessions, rules, pages and files. */
export interface PageAppParts {
  /** Its files under `{prefix}/static/`, beside the passkey script every page app's sign-in uses. */
  files: Record<string, { file: string; type: string }>;
  /** Checks each route's declared access as it is added. */
  declareRoute: (route: RouteOptions) => void;
  /** Reads the app's session cookie and refuses a request its route's access does not allow. */
  enforceAccess: onRequestAsyncHookHandler;
  /** The request's session, once enforceAccess read it: the language its person chose. */
  session: (request: FastifyRequest) => { language?: Language | null } | undefined;
  /** A preHandler of the app's own, run after the language is set. */
  preHandler?: preHandlerHookHandler;
  checkCsrf: preValidationAsyncHookHandler;
  /** An error page, offering the app's home to a signed-in request, else its sign-in. */
  errorPage: (service: ServiceBrand, status: number, message: string, signedIn: boolean) => SafeHtml;
  /** The sentence of the 404 page, read in the request's language. */
  noSuchPage: () => string;
  /** The route options of `GET /static/:name` (open to anyone). */
  staticRoute: RouteShorthandOptions;
}

/**
 * The frame of a page app, in its own scope: cookies and forms, the security headers, cross-site writes refused,
 * its access and CSRF checks, its language, error and 404 pages, and its static files.
 */
export async function setUpPageApp(
  scope: FastifyInstance,
  prefix: string,
  parts: PageAppParts,
): Promise<void> {
  const assets: Record<string, { type: string; body: Buffer }> = {
    ...staticFiles(parts.files),
    'simplewebauthn-browser.js': {
      type: 'text/javascript; charset=utf-8',
      body: readFileSync(passkeyBrowserBundlePath),
    },
  };
  scope.addHook('onRoute', parts.declareRoute);
  await scope.register(cookie);
  await scope.register(formbody, { bodyLimit: limits.bodyBytes });
  scope.addHook('onRequest', pageHeaders(`${prefix}/static/`));
  scope.addHook('onRequest', refuseCrossSiteWrites);
  scope.addHook('onRequest', parts.enforceAccess);
  speakRequestLanguage(scope, (request) => parts.session(request)?.language);
  if (parts.preHandler) scope.addHook('preHandler', parts.preHandler);
  scope.addHook('preValidation', parts.checkCsrf);
  const errorPage = (request: FastifyRequest, status: number, message: string) =>
    parts.errorPage(request.server.serviceBrand, status, message, Boolean(parts.session(request)));
  scope.setErrorHandler(pageErrorHandler((status, message, request) => errorPage(request, status, message)));
  scope.setNotFoundHandler(async (request, reply) =>
    sendPage(
      reply,
      inRequestLanguage(request, () => errorPage(request, 404, parts.noSuchPage())),
      404,
    ),
  );

  scope.get<{ Params: { name: string } }>(
    '/static/:name',
    parts.staticRoute,
    async (request, reply: FastifyReply) => {
      const asset = assets[request.params.name];
      if (!asset) throw new AppError('route_not_found', 'no_route', { method: 'GET', path: request.url });
      return reply.type(asset.type).send(asset.body);
    },
  );
}
