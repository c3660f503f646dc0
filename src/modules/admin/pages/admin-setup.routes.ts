import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { AppError } from '../../../errors/error-catalogue.js';
import { CSRF_FIELD } from '../../web-pages/web-sessions.js';
import { checkSetupLink, completeSetup, SETUP_PATH } from '../auth/admin-setup.service.js';
import { secretsMatch } from '../../../lib/secrets.js';
import { MIN_PASSWORD_LENGTH } from '../../web-pages/passwords.js';
import { refusal } from './admin-page.helpers.js';
import { sendPage } from '../../web-pages/page-document.views.js';
import type { Flash } from '../../web-pages/page-document.views.js';
import { setupPage } from './admin-setup.views.js';
import { adminText } from '../text/index.js';

// No session exists yet, so the form's CSRF token is a double-submit cookie: set with the page, matched on post.
const SETUP_CSRF_COOKIE = 'avs_setup_csrf';

const Params = Type.Object({ token: Type.String({ maxLength: 100 }) });
const SetupBody = Type.Object(
  {
    _csrf: Type.Optional(Type.String({ maxLength: 100 })),
    email: Type.Optional(Type.String({ maxLength: 320 })),
    password: Type.Optional(Type.String({ maxLength: 1024 })),
    password_confirm: Type.Optional(Type.String({ maxLength: 1024 })),
  },
  { additionalProperties: true },
);

function csrfCookie(reply: FastifyReply, request: FastifyRequest, token: string): void {
  void reply.setCookie(SETUP_CSRF_COOKIE, token, {
    path: '/admin/setup',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
  });
}

/** `/admin/setup/{token}`: the first administrator's one-time page (docs/admin.md); 404 once used or expired. */
export async function adminSetupRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: Static<typeof Params> }>(
    '/setup/:token',
    { schema: { hide: true, params: Params } },
    async (request, reply) => {
      await checkSetupLink(request.server.db, request.params.token);
      const csrfToken = randomBytes(32).toString('base64url');
      csrfCookie(reply, request, csrfToken);
      return sendPage(
        reply,
        setupPage({
          action: `${SETUP_PATH}${request.params.token}`,
          csrfToken,
          minPasswordLength: MIN_PASSWORD_LENGTH,
        }),
      );
    },
  );

  app.post<{ Params: Static<typeof Params>; Body: Static<typeof SetupBody> }>(
    '/setup/:token',
    { schema: { hide: true, params: Params, body: SetupBody } },
    async (request, reply) => {
      const { token } = request.params;
      await checkSetupLink(request.server.db, token);
      const csrfToken = request.cookies[SETUP_CSRF_COOKIE];
      if (!csrfToken || !secretsMatch(request.body[CSRF_FIELD], csrfToken)) throw new AppError('csrf_failed');
      const email = request.body.email ?? '';
      const again = (flash: Flash, status: number) =>
        sendPage(
          reply,
          setupPage({
            action: `${SETUP_PATH}${token}`,
            csrfToken,
            minPasswordLength: MIN_PASSWORD_LENGTH,
            email,
            flash,
          }),
          status,
        );
      if ((request.body.password ?? '') !== (request.body.password_confirm ?? '')) {
        return again({ kind: 'error', message: adminText.setup.passwordsDiffer }, 400);
      }
      try {
        await completeSetup(request.server.db, token, { email, password: request.body.password ?? '' });
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 404) throw error;
        const { flash, status } = refusal(error);
        return again(flash, status);
      }
      void reply.clearCookie(SETUP_CSRF_COOKIE, { path: '/admin/setup' });
      return reply.redirect('/admin/login', 303);
    },
  );
}
