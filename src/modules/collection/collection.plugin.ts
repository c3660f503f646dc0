import type { FastifyInstance } from 'fastify';
import { LoginThrottle } from '../web-pages/login-throttle.js';
import { setUpPageApp } from '../web-pages/page-app.js';
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
  // Its own counters: failures here and at the console or /admin never add up.
  const throttle = new LoginThrottle({ ipv6PrefixBits: app.config.AVS_RATE_LIMIT_IPV6_PREFIX });

  await app.register(
    async (collection) => {
      await setUpPageApp(collection, '/collection', {
        files: STATIC_FILES,
        declareRoute: declareCollectionRoute(app.server),
        enforceAccess: enforceCollector,
        session: (request) => request.collectorSession,
        checkCsrf: checkCollectionCsrf,
        errorPage: collectionErrorPage,
        noSuchPage: () => text.collectionShell.noSuchPage,
        staticRoute: collectionRoute('none', 'none'),
      });
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
