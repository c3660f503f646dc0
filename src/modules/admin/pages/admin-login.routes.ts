import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { SignInBody, sendSignInRefusal, signInFields } from '../../web-pages/sign-in-form.js';
import { FormBody, FormText } from './admin-page.helpers.js';
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
import { loginPage, SWITCH_CONFIRMED } from './login.views.js';
import { signInCsrf } from '../../web-pages/sign-in-csrf.js';
import { adminText } from '../text/index.js';

// Before a session there is no session token: the log-in form's is a signed double-submit cookie.
export const loginCsrf = signInCsrf({ name: 'avs_admin_sign_in', path: '/admin' });
const LogInBody = Type.Composite([SignInBody, Type.Object({ switch: FormText })], {
  additionalProperties: true,
});

/** The log-in page (the only admin page reachable without a session) and log-out. */
export async function adminLoginRoutes(
  app: FastifyInstance,
  options: { throttle: LoginThrottle },
): Promise<void> {
  app.get('/login', { schema: { hide: true } }, async (request, reply) => {
    if (request.adminSession) return reply.redirect('/admin', 303);
    return sendPage(reply, loginPage({ csrfToken: loginCsrf.issue(request, reply) }));
  });

  app.post<{ Body: Static<typeof LogInBody> }>(
    '/login',
    { schema: { hide: true, body: LogInBody }, preValidation: loginCsrf.check },
    async (request, reply) => {
      const { email, password } = signInFields(request.body);
      const switchConfirmed = request.body.switch === SWITCH_CONFIRMED;
      const result = await logIn(request.server.db, options.throttle, {
        email,
        password,
        address: request.ip,
        replacing: request.adminSession,
        switchConfirmed,
      });
      const csrfToken = () => loginCsrf.issue(request, reply);
      if (result.outcome === 'confirm_switch') {
        return sendPage(reply, loginPage({ csrfToken: csrfToken(), email, signedInAs: result.signedInAs }));
      }
      // Asked to confirm a switch, the person stays on that question until they confirm or leave.
      const signedInAs = switchConfirmed ? request.adminSession?.email : undefined;
      if (result.outcome !== 'signed_in') {
        return sendSignInRefusal(reply, result, {
          page: (flash) => loginPage({ csrfToken: csrfToken(), email, flash, signedInAs }),
          throttled: adminText.login.throttled,
        });
      }
      setSessionCookie(reply, request, result.token, result.session.expiresAt);
      return reply.redirect('/admin', 303);
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
