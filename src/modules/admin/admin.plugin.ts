import { speakRequestLanguage } from '../../i18n/request-language.js';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { limits } from '../../limits.js';
import { AppError } from '../../errors/error-catalogue.js';
import { loadAdminSession } from './auth/admin-auth.js';
import { adminApiRoutes } from './api/admin-api.routes.js';
import { errorPage } from './pages/admin-layout.views.js';
import { adminLoginRoutes } from './pages/admin-login.routes.js';
import { adminPasswordResetRoutes } from './pages/admin-password-reset.routes.js';
import { pageErrorHandler, pageHeaders, staticFiles } from '../web-pages/page-hooks.js';
import { refuseCrossSiteWrites } from '../web-pages/same-origin-writes.js';
import { adminPageRoutes } from './pages/admin-pages.routes.js';
import { adminSetupRoutes } from './pages/admin-setup.routes.js';
import { LoginThrottle } from '../web-pages/login-throttle.js';

const STATIC_FILES: Record<string, { file: string; type: string }> = {
  'admin.css': { file: 'admin/admin.css', type: 'text/css; charset=utf-8' },
  'admin.js': { file: 'admin/admin.js', type: 'text/javascript; charset=utf-8' },
};

/** The main application: /admin pages, /admin/api JSON, and their stylesheet and script. */
export async function adminPlugin(app: FastifyInstance): Promise<void> {
  const assets = staticFiles(STATIC_FILES);
  const throttle = new LoginThrottle({ ipv6PrefixBits: app.config.AVS_RATE_LIMIT_IPV6_PREFIX });

  await app.register(
    async (admin) => {
      await admin.register(cookie);
      admin.addHook('onRequest', pageHeaders('/admin/static/'));
      // Pages, set-up and the API alike: no write under /admin is made by another site's page.
      admin.addHook('onRequest', refuseCrossSiteWrites);

      admin.get<{ Params: { name: string } }>(
        '/static/:name',
        { schema: { hide: true } },
        async (request, reply) => {
          const asset = assets[request.params.name];
          if (!asset) throw new AppError('route_not_found', 'no_route', { method: 'GET', path: request.url });
          return reply.type(asset.type).send(asset.body);
        },
      );

      await admin.register(adminApiRoutes, { prefix: '/api' });

      await admin.register(async (pages) => {
        await pages.register(formbody, { bodyLimit: limits.bodyBytes });
        pages.setErrorHandler(
          // Admin pages answer errors with a page, not JSON (the admin API keeps the JSON error body).
          pageErrorHandler((status, message, request) => errorPage(status, message, request.adminSession)),
        );
        pages.addHook('onRequest', loadAdminSession);
        speakRequestLanguage(pages);
        await pages.register(adminLoginRoutes, { throttle });
        await pages.register(adminPasswordResetRoutes);
        await pages.register(adminSetupRoutes);
        await pages.register(adminPageRoutes);
      });
    },
    { prefix: '/admin' },
  );
}
