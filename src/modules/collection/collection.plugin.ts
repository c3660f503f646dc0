import { readFileSync } from 'node:fs';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors/error-catalogue.js';
import { inRequestLanguage, speakRequestLanguage } from '../../i18n/request-language.js';
import { limits } from '../../limits.js';
import { passkeyBrowserBundlePath } from '../passkeys/passkeys-browser-bundle.js';
import { LoginThrottle } from '../web-pages/login-throttle.js';
import { sendPage } from '../web-pages/page-document.views.js';
import { pageErrorHandler, pageHeaders, staticFiles } from '../web-pages/page-hooks.js';
import { refuseCrossSiteWrites } from '../web-pages/same-origin-writes.js';
import { collectorDetailsRoutes } from './details/collector-details.routes.js';
import { heldObjectRoutes } from './objects/held-objects.routes.js';
import { holdingProofRoutes } from './holding-proof.routes.js';
import {
  checkCollectionCsrf,
  collectorSession,
  declareCollectionRoute,
  enforceCollector,
} from './shell/collection-auth.js';
import { collectionErrorPage, collectionPage } from './shell/collection-layout.views.js';
import { collectionRoute } from './shell/collection-page.helpers.js';
import { collectionSignInRoutes } from './shell/sign-in.routes.js';
import { text } from './text/index.js';

// The console's stylesheet and passkey script: one look, one script to keep accessible.
const STATIC_FILES = {
  'collection.css': { file: 'admin/admin.css', type: 'text/css; charset=utf-8' },
  'collection.js': { file: 'console/console.js', type: 'text/javascript; charset=utf-8' },
};

/**
 * The collector's place at /collection (docs/collectors.md, "The collector's place"): people who hold objects sign in
 * by a mailed link or a passkey, see and act on what they hold. Its own cookie and sessions: a collector session opens
 * no console or admin page, and a member's or operator's session opens nothing here.
 */
export async function collectionPlugin(app: FastifyInstance): Promise<void> {
  const assets: Record<string, { type: string; body: Buffer }> = {
    ...staticFiles(STATIC_FILES),
    'simplewebauthn-browser.js': {
      type: 'text/javascript; charset=utf-8',
      body: readFileSync(passkeyBrowserBundlePath),
    },
  };
  // Its own counters: failures here and at the console or /admin never add up.
  const throttle = new LoginThrottle({ ipv6PrefixBits: app.config.AVS_RATE_LIMIT_IPV6_PREFIX });

  await app.register(
    async (collection) => {
      collection.addHook('onRoute', declareCollectionRoute(app.server));
      await collection.register(cookie);
      await collection.register(formbody, { bodyLimit: limits.bodyBytes });
      collection.addHook('onRequest', pageHeaders('/collection/static/'));
      collection.addHook('onRequest', refuseCrossSiteWrites);
      collection.addHook('onRequest', enforceCollector);
      speakRequestLanguage(collection, (request) => request.collectorSession?.language);
      collection.addHook('preValidation', checkCollectionCsrf);
      collection.setErrorHandler(
        pageErrorHandler((status, message, request) =>
          collectionErrorPage(
            request.server.serviceBrand,
            status,
            message,
            Boolean(request.collectorSession),
          ),
        ),
      );
      collection.setNotFoundHandler(async (request, reply) =>
        sendPage(
          reply,
          inRequestLanguage(request, () =>
            collectionErrorPage(
              request.server.serviceBrand,
              404,
              text.collectionShell.noSuchPage,
              Boolean(request.collectorSession),
            ),
          ),
          404,
        ),
      );

      collection.get<{ Params: { name: string } }>(
        '/static/:name',
        collectionRoute('none', 'none'),
        async (request, reply) => {
          const asset = assets[request.params.name];
          if (!asset) throw new AppError('route_not_found', 'no_route', { method: 'GET', path: request.url });
          return reply.type(asset.type).send(asset.body);
        },
      );
      await collection.register(collectionSignInRoutes, { throttle });
      await collection.register(heldObjectRoutes);
      await collection.register(collectorDetailsRoutes);
      await collection.register(holdingProofRoutes, {
        collectorIdOf: (request) => request.collectorSession?.collectorId,
        page: (request, page) =>
          collectionPage(
            { session: collectorSession(request), service: request.server.serviceBrand },
            { ...page, section: 'collection' },
          ),
      });
    },
    { prefix: '/collection' },
  );
}
