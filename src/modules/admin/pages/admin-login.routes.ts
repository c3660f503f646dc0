import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { FormBody } from './admin-page.helpers.js';
import { sendPage } from '../../web-pages/page-document.views.js';
import {
  checkFormCsrf,
  clearSessionCookie,
  requirePageSession,
  setSessionCookie,
} from '../auth/admin-auth.js';
import { logIn } from '../auth/admin-login.service.js';
import { endAdminSession } from '../auth/admin-sessions.service.js';
import type { LoginThrottle } from '../../web-pages/login-throttle.js';
import { loginPage } from './login.views.js';

const LoginBody = Type.Object(
  { email: Type.Optional(Type.String()), password: Type.Optional(Type.String()) },
  { additionalProperties: true },
);

/** The log-in page (the only admin page reachable without a session) and log-out. */
export async function adminLoginRoutes(
  app: FastifyInstance,
  options: { throttle: LoginThrottle },
): Promise<void> {
  app.get('/login', { schema: { hide: true } }, async (request, reply) => {
    if (request.adminSession) return reply.redirect('/admin', 303);
    return sendPage(reply, loginPage());
  });

  app.post<{ Body: Static<typeof LoginBody> }>(
    '/login',
    { schema: { hide: true, body: LoginBody } },
    async (request: FastifyRequest<{ Body: Static<typeof LoginBody> }>, reply) => {
      const email = (request.body.email ?? '').slice(0, 320);
      const password = (request.body.password ?? '').slice(0, 1024);
      const result = await logIn(request.server.db, options.throttle, {
        email,
        password,
        address: request.ip,
      });
      switch (result.outcome) {
        case 'signed_in':
          setSessionCookie(reply, request, result.token, result.session.expiresAt);
          return reply.redirect('/admin', 303);
        case 'throttled': {
          const minutes = Math.ceil(result.retryAfterSeconds / 60);
          void reply.header('retry-after', String(result.retryAfterSeconds));
          return sendPage(
            reply,
            loginPage({
              email,
              flash: {
                kind: 'error',
                message: `Too many failed log-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
              },
            }),
            429,
          );
        }
        case 'refused':
          return sendPage(
            reply,
            loginPage({ email, flash: { kind: 'error', message: 'Incorrect email or password.' } }),
            401,
          );
      }
    },
  );

  app.post(
    '/logout',
    {
      schema: { hide: true, body: FormBody },
      onRequest: requirePageSession,
      preValidation: checkFormCsrf,
    },
    async (request, reply) => {
      await endAdminSession(request.server.db, request.adminSession!);
      clearSessionCookie(reply, request);
      return reply.redirect('/admin/login', 303);
    },
  );
}
