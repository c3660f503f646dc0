import { readFileSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { limits } from '../../limits.js';
import { AppError } from '../../errors/error-catalogue.js';
import { packageRoot } from '../../lib/package-root.js';
import { loadAdminSession } from './auth/admin-auth.js';
import { adminApiRoutes } from './api/admin-api.routes.js';
import { errorPage } from './pages/admin-layout.views.js';
import { adminLoginRoutes } from './pages/admin-login.routes.js';
import { sendPage } from './pages/admin-page.helpers.js';
import { adminPageRoutes } from './pages/admin-pages.routes.js';
import { adminSetupRoutes } from './pages/admin-setup.routes.js';
import { LoginThrottle } from './auth/login-throttle.js';

const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none'; form-action 'self'; base-uri 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

const STATIC_FILES: Record<string, { file: string; type: string }> = {
  'admin.css': { file: 'admin.css', type: 'text/css; charset=utf-8' },
  'admin.js': { file: 'admin.js', type: 'text/javascript; charset=utf-8' },
};

/** Security headers on every /admin response; pages (which may show a key) are never cached. */
async function adminHeaders(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  void reply.headers(SECURITY_HEADERS);
  const isStatic = request.url.startsWith('/admin/static/');
  void reply.header('cache-control', isStatic ? 'public, max-age=300' : 'no-store');
}

/** Admin pages answer errors with a page, not JSON (the admin API keeps the JSON error body). */
async function pageErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  let status = 500;
  let message = 'Something went wrong; the error was logged.';
  if (error instanceof AppError && error.statusCode < 500) {
    status = error.statusCode;
    message = error.message;
  } else if (error.validation) {
    status = 400;
    message = 'The form was not filled in as expected; go back and try again.';
  } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    status = error.statusCode;
    message = 'The request could not be read.';
  } else {
    request.log.error({ err: error }, 'admin page failed');
  }
  return sendPage(reply, errorPage(status, message, request.adminSession), status);
}

/** The main application: /admin pages, /admin/api JSON, and their stylesheet and script. */
export async function adminPlugin(app: FastifyInstance): Promise<void> {
  const assets = Object.fromEntries(
    Object.entries(STATIC_FILES).map(([name, { file, type }]) => [
      name,
      { type, body: readFileSync(path.join(packageRoot, 'public', 'admin', file)) },
    ]),
  );
  const throttle = new LoginThrottle();

  await app.register(
    async (admin) => {
      await admin.register(cookie);
      admin.addHook('onRequest', adminHeaders);

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
        pages.setErrorHandler(pageErrorHandler);
        pages.addHook('onRequest', loadAdminSession);
        await pages.register(adminLoginRoutes, { throttle });
        await pages.register(adminSetupRoutes);
        await pages.register(adminPageRoutes);
      });
    },
    { prefix: '/admin' },
  );
}
