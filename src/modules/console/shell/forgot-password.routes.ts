import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { languageOf } from '../../../i18n/request-language.js';
import {
  openPasswordReset,
  requestPasswordReset,
  resetPassword,
} from '../../members/password-reset.service.js';
import { mailSettings } from '../../mail/mail-settings.js';
import { mailLanguageOf } from '../../password-resets/password-resets.service.js';
import { clientAddressBucket } from '../../../plugins/rate-limit.js';
import { sendPage } from '../../web-pages/page-document.views.js';
import { consoleSignInCsrf } from './console-auth.js';
import { FormText, refusal, TokenParams } from './console-page.helpers.js';
import {
  chooseNewPasswordPage,
  forgotPasswordPage,
  passkeyOnlyPage,
  passwordChangedPage,
  resetLinkClosedPage,
  resetLinkSentPage,
} from './forgot-password.views.js';

const ForgotBody = Type.Object({ _csrf: FormText, email: FormText }, { additionalProperties: true });
const NewPasswordBody = Type.Object(
  { _csrf: FormText, password: FormText, password_again: FormText },
  { additionalProperties: true },
);

/** A closed link's page: 410 for one that was a link (used, expired), 404 for one that never was. */
const closedStatus = (state: 'used' | 'expired' | 'unknown') => (state === 'unknown' ? 404 : 410);

/**
 * The way back in (docs/members.md): "Forgot your password?" mails a one-time link to the address, the link's page
 * sets a new password; a person who signs in with passkeys only is sent to sign in with one (and may then add a
 * password on the account page).
 */
export async function forgotPasswordRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const open = { memberRole: 'none' } as const;

  app.get('/forgot-password', { schema: { hide: true }, config: open }, async (request, reply) =>
    sendPage(
      reply,
      forgotPasswordPage({ service: app.serviceBrand, csrfToken: consoleSignInCsrf.issue(request, reply) }),
    ),
  );

  // The same page and status whether or not the address signs in here, and whether or not the throttle held it.
  app.post<{ Body: Static<typeof ForgotBody> }>(
    '/forgot-password',
    { schema: { hide: true, body: ForgotBody }, config: open, preValidation: consoleSignInCsrf.check },
    async (request, reply) => {
      const email = (request.body.email ?? '').slice(0, 320);
      try {
        await requestPasswordReset(db, {
          email,
          clientBucket: clientAddressBucket(request),
          language: mailLanguageOf(languageOf(request)),
          mail: mailSettings(request.server.config),
        });
      } catch (error) {
        const { flash, status } = refusal(error);
        const csrfToken = consoleSignInCsrf.issue(request, reply);
        return sendPage(
          reply,
          forgotPasswordPage({ service: app.serviceBrand, csrfToken, email, flash }),
          status,
        );
      }
      return sendPage(reply, resetLinkSentPage({ service: app.serviceBrand, email: email.trim() }));
    },
  );

  app.get<{ Params: Static<typeof TokenParams> }>(
    '/reset-password/:token',
    { schema: { hide: true, params: TokenParams }, config: open },
    async (request, reply) => {
      const page = await openPasswordReset(db, request.params.token);
      if (page.state === 'open') {
        const csrfToken = consoleSignInCsrf.issue(request, reply);
        return sendPage(
          reply,
          chooseNewPasswordPage({
            service: app.serviceBrand,
            token: request.params.token,
            email: page.email,
            csrfToken,
          }),
        );
      }
      if (page.state === 'passkey_only')
        return sendPage(reply, passkeyOnlyPage({ service: app.serviceBrand }));
      return sendPage(
        reply,
        resetLinkClosedPage({ service: app.serviceBrand, state: page.state }),
        closedStatus(page.state),
      );
    },
  );

  app.post<{ Params: Static<typeof TokenParams>; Body: Static<typeof NewPasswordBody> }>(
    '/reset-password/:token',
    {
      schema: { hide: true, params: TokenParams, body: NewPasswordBody },
      config: open,
      preValidation: consoleSignInCsrf.check,
    },
    async (request, reply) => {
      const { token } = request.params;
      let result;
      try {
        result = await resetPassword(db, {
          token,
          password: (request.body.password ?? '').slice(0, 1024),
          again: (request.body.password_again ?? '').slice(0, 1024),
          language: mailLanguageOf(languageOf(request)),
          mail: mailSettings(request.server.config),
        });
      } catch (error) {
        const { flash, status } = refusal(error);
        const page = await openPasswordReset(db, token);
        if (page.state !== 'open') throw error;
        const csrfToken = consoleSignInCsrf.issue(request, reply);
        return sendPage(
          reply,
          chooseNewPasswordPage({ service: app.serviceBrand, token, email: page.email, csrfToken, flash }),
          status,
        );
      }
      if (result.outcome === 'changed')
        return sendPage(reply, passwordChangedPage({ service: app.serviceBrand }));
      if (result.outcome === 'passkey_only')
        return sendPage(reply, passkeyOnlyPage({ service: app.serviceBrand }));
      return sendPage(
        reply,
        resetLinkClosedPage({ service: app.serviceBrand, state: result.state }),
        closedStatus(result.state),
      );
    },
  );
}
