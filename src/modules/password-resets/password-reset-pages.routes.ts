import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import type { Database, Queryable } from '../../db/database.js';
import type { SafeHtml } from '../../lib/html.js';
import { languageOf } from '../../i18n/request-language.js';
import { clientAddressBucket } from '../../plugins/rate-limit.js';
import { mailSettings } from '../mail/mail-settings.js';
import { FormText, refusal } from '../web-pages/form-rules.js';
import { sendPage } from '../web-pages/page-document.views.js';
import type { PasswordResetPages } from '../web-pages/password-reset.views.js';
import { mailLanguageOf, type NewPasswordByLink, type ResetRequest } from './password-resets.service.js';

const ForgotBody = Type.Object({ _csrf: FormText, email: FormText }, { additionalProperties: true });
const NewPasswordBody = Type.Object(
  { _csrf: FormText, password: FormText, password_again: FormText },
  { additionalProperties: true },
);
const TokenParams = Type.Object({ token: Type.String({ maxLength: 100 }) });

type ClosedState = 'used' | 'expired' | 'unknown';

/** What a link's page shows: the form, the passkey-only answer (the console's people), or why it is closed. */
type LinkPage =
  { state: 'open'; email: string } | { state: 'passkey_only'; email: string } | { state: ClosedState };

type ResetResult =
  | { outcome: 'changed'; email: string }
  | { outcome: 'passkey_only'; email: string }
  | { outcome: 'closed'; state: ClosedState };

/** One app's "Forgot your password?" (/admin's administrators, /console's people): its rules, pages and form cookie. */
export interface PasswordResetFlow {
  csrf: {
    issue: (request: FastifyRequest, reply: FastifyReply) => string;
    check: (request: FastifyRequest) => Promise<void>;
  };
  /** The routes' config (the console's: open to anyone). */
  config?: FastifyContextConfig;
  request: (db: Database, input: ResetRequest) => Promise<void>;
  open: (db: Queryable, token: string) => Promise<LinkPage>;
  reset: (db: Database, input: NewPasswordByLink) => Promise<ResetResult>;
  pages: PasswordResetPages & { passkeyOnly?: () => SafeHtml };
}

/** A closed link's page: 410 for one that was a link (used, expired), 404 for one that never was. */
const closedStatus = (state: ClosedState) => (state === 'unknown' ? 404 : 410);

/**
 * The way back in (docs/members.md, docs/admin.md): "Forgot your password?" mails a one-time link to the address,
 * the link's page sets a new password; a person who signs in with passkeys only is sent to sign in with one.
 */
export async function passwordResetPagesRoutes(app: FastifyInstance, flow: PasswordResetFlow): Promise<void> {
  const db = app.db;
  const { csrf, config, pages } = flow;
  const mailOf = (request: FastifyRequest) => ({
    language: mailLanguageOf(languageOf(request)),
    mail: mailSettings(request.server.config),
  });

  /** A link's page that has no form: the passkey-only answer (only a flow with one says so), or why it is closed. */
  const sendNoForm = (reply: FastifyReply, state: 'passkey_only' | ClosedState) =>
    state === 'passkey_only'
      ? sendPage(reply, pages.passkeyOnly!())
      : sendPage(reply, pages.closed({ state }), closedStatus(state));

  app.get('/forgot-password', { schema: { hide: true }, config }, async (request, reply) =>
    sendPage(reply, pages.forgot({ csrfToken: csrf.issue(request, reply) })),
  );

  // The same page and status whether or not the address signs in here, and whether or not the throttle held it.
  app.post<{ Body: Static<typeof ForgotBody> }>(
    '/forgot-password',
    { schema: { hide: true, body: ForgotBody }, config, preValidation: csrf.check },
    async (request, reply) => {
      const email = (request.body.email ?? '').slice(0, 320);
      try {
        await flow.request(db, { email, clientBucket: clientAddressBucket(request), ...mailOf(request) });
      } catch (error) {
        const { flash, status } = refusal(error);
        return sendPage(reply, pages.forgot({ csrfToken: csrf.issue(request, reply), email, flash }), status);
      }
      return sendPage(reply, pages.sent({ email: email.trim() }));
    },
  );

  app.get<{ Params: Static<typeof TokenParams> }>(
    '/reset-password/:token',
    { schema: { hide: true, params: TokenParams }, config },
    async (request, reply) => {
      const { token } = request.params;
      const page = await flow.open(db, token);
      if (page.state !== 'open') return sendNoForm(reply, page.state);
      return sendPage(
        reply,
        pages.choose({ token, email: page.email, csrfToken: csrf.issue(request, reply) }),
      );
    },
  );

  app.post<{ Params: Static<typeof TokenParams>; Body: Static<typeof NewPasswordBody> }>(
    '/reset-password/:token',
    { schema: { hide: true, params: TokenParams, body: NewPasswordBody }, config, preValidation: csrf.check },
    async (request, reply) => {
      const { token } = request.params;
      let result;
      try {
        result = await flow.reset(db, {
          token,
          password: (request.body.password ?? '').slice(0, 1024),
          again: (request.body.password_again ?? '').slice(0, 1024),
          ...mailOf(request),
        });
      } catch (error) {
        const { flash, status } = refusal(error);
        const page = await flow.open(db, token);
        if (page.state !== 'open') throw error;
        const csrfToken = csrf.issue(request, reply);
        return sendPage(reply, pages.choose({ token, email: page.email, csrfToken, flash }), status);
      }
      if (result.outcome === 'changed') return sendPage(reply, pages.changed());
      return sendNoForm(reply, result.outcome === 'passkey_only' ? 'passkey_only' : result.state);
    },
  );
}
