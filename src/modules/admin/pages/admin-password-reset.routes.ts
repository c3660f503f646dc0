import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { languageOf } from '../../../i18n/request-language.js';
import { clientAddressBucket } from '../../../plugins/rate-limit.js';
import { mailSettings } from '../../mail/mail-settings.js';
import { mailLanguageOf } from '../../password-resets/password-resets.service.js';
import { refusal } from '../../web-pages/form-rules.js';
import { sendPage } from '../../web-pages/page-document.views.js';
import {
  openAdminPasswordReset,
  requestAdminPasswordReset,
  resetAdminPassword,
} from '../auth/admin-password-reset.service.js';
import { FormText } from './admin-page.helpers.js';
import { loginCsrf } from './admin-login.routes.js';
import {
  adminChooseNewPasswordPage,
  adminForgotPasswordPage,
  adminPasswordChangedPage,
  adminResetLinkClosedPage,
  adminResetLinkSentPage,
} from './admin-password-reset.views.js';

const ForgotBody = Type.Object({ _csrf: FormText, email: FormText }, { additionalProperties: true });
const NewPasswordBody = Type.Object(
  { _csrf: FormText, password: FormText, password_again: FormText },
  { additionalProperties: true },
);
const TokenParams = Type.Object({ token: Type.String({ maxLength: 100 }) });

/** A closed link's page: 410 for one that was a link (used, expired), 404 for one that never was. */
const closedStatus = (state: 'used' | 'expired' | 'unknown') => (state === 'unknown' ? 404 : 410);

/** The administrators' way back in (docs/admin.md): as the console's, for the admin_users table. */
export async function adminPasswordResetRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  app.get('/forgot-password', { schema: { hide: true } }, async (request, reply) =>
    sendPage(reply, adminForgotPasswordPage({ csrfToken: loginCsrf.issue(request, reply) })),
  );

  // The same page and status whether or not the address is an administrator's, and whether or not throttled.
  app.post<{ Body: Static<typeof ForgotBody> }>(
    '/forgot-password',
    { schema: { hide: true, body: ForgotBody }, preValidation: loginCsrf.check },
    async (request, reply) => {
      const email = (request.body.email ?? '').slice(0, 320);
      try {
        await requestAdminPasswordReset(db, {
          email,
          clientBucket: clientAddressBucket(request),
          language: mailLanguageOf(languageOf(request)),
          mail: mailSettings(request.server.config),
        });
      } catch (error) {
        const { flash, status } = refusal(error);
        const csrfToken = loginCsrf.issue(request, reply);
        return sendPage(reply, adminForgotPasswordPage({ csrfToken, email, flash }), status);
      }
      return sendPage(reply, adminResetLinkSentPage({ email: email.trim() }));
    },
  );

  app.get<{ Params: Static<typeof TokenParams> }>(
    '/reset-password/:token',
    { schema: { hide: true, params: TokenParams } },
    async (request, reply) => {
      const page = await openAdminPasswordReset(db, request.params.token);
      if (page.state !== 'open') {
        return sendPage(reply, adminResetLinkClosedPage({ state: page.state }), closedStatus(page.state));
      }
      const csrfToken = loginCsrf.issue(request, reply);
      return sendPage(
        reply,
        adminChooseNewPasswordPage({ token: request.params.token, email: page.email, csrfToken }),
      );
    },
  );

  app.post<{ Params: Static<typeof TokenParams>; Body: Static<typeof NewPasswordBody> }>(
    '/reset-password/:token',
    {
      schema: { hide: true, params: TokenParams, body: NewPasswordBody },
      preValidation: loginCsrf.check,
    },
    async (request, reply) => {
      const { token } = request.params;
      let result;
      try {
        result = await resetAdminPassword(db, {
          token,
          password: (request.body.password ?? '').slice(0, 1024),
          again: (request.body.password_again ?? '').slice(0, 1024),
          language: mailLanguageOf(languageOf(request)),
          mail: mailSettings(request.server.config),
        });
      } catch (error) {
        const { flash, status } = refusal(error);
        const page = await openAdminPasswordReset(db, token);
        if (page.state !== 'open') throw error;
        const csrfToken = loginCsrf.issue(request, reply);
        return sendPage(
          reply,
          adminChooseNewPasswordPage({ token, email: page.email, csrfToken, flash }),
          status,
        );
      }
      if (result.outcome === 'changed') return sendPage(reply, adminPasswordChangedPage());
      return sendPage(reply, adminResetLinkClosedPage({ state: result.state }), closedStatus(result.state));
    },
  );
}
