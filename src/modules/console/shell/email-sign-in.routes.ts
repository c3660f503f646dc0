import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { enforcePublicRateLimit } from '../../../plugins/rate-limit.js';
import { mailSettings } from '../../mail/mail-settings.js';
import { endMemberSession } from '../../members/member-sessions.service.js';
import {
  openSignInLink,
  requestSignInLink,
  signInWithMailLink,
} from '../../members/proven-address.service.js';
import { sendPage } from '../../web-pages/page-document.views.js';
import { text } from '../text/index.js';
import { consoleSignInCsrf, setMemberCookie } from './console-auth.js';
import { FormText, refusal, TokenParams } from './console-page.helpers.js';
import { emailSignInOpenPage, emailSignInPage } from './email-sign-in.views.js';
import { closedLinkMessage, linkMessagePage } from './mail-link.views.js';

const AskBody = Type.Object({ email: FormText }, { additionalProperties: true });

/**
 * Sign-in by a link sent by e-mail (docs/members.md): only a proven address of an active member gets one, and the
 * page answers the same for any address. The link (single use, 15 minutes) opens a page whose button signs in.
 */
export async function emailSignInRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const open = { memberRole: 'none' } as const;

  app.get('/email-sign-in', { schema: { hide: true }, config: open }, async (request, reply) =>
    sendPage(
      reply,
      emailSignInPage({ service: app.serviceBrand, csrfToken: consoleSignInCsrf.issue(request, reply) }),
    ),
  );

  // Open to anyone and a database read (and maybe a write) each: the public pages' per-address bucket too.
  app.post<{ Body: Static<typeof AskBody> }>(
    '/email-sign-in',
    {
      schema: { hide: true, body: AskBody },
      config: open,
      onRequest: enforcePublicRateLimit,
      preValidation: consoleSignInCsrf.check,
    },
    async (request, reply) => {
      const email = (request.body.email ?? '').slice(0, 320);
      const csrfToken = consoleSignInCsrf.issue(request, reply);
      try {
        await requestSignInLink(db, { email, settings: mailSettings(app.config) });
      } catch (error) {
        // Only an address that is not one is refused (it says nothing about who has an account).
        const { flash, status } = refusal(error);
        return sendPage(
          reply,
          emailSignInPage({ service: app.serviceBrand, csrfToken, email, flash }),
          status,
        );
      }
      const flash = { kind: 'notice', message: text.addresses.emailSignInSent(email.trim()) } as const;
      return sendPage(reply, emailSignInPage({ service: app.serviceBrand, csrfToken, flash }));
    },
  );

  app.get<{ Params: Static<typeof TokenParams> }>(
    '/email-sign-in/:token',
    { schema: { hide: true, params: TokenParams }, config: open },
    async (request, reply) => {
      const opened = await openSignInLink(db, request.params.token);
      const title = text.addresses.emailSignInTitle;
      if (!opened)
        return sendPage(reply, linkMessagePage(app.serviceBrand, title, closedLinkMessage('unknown')), 404);
      if (opened.state !== 'open')
        return sendPage(
          reply,
          linkMessagePage(app.serviceBrand, title, closedLinkMessage(opened.state)),
          410,
        );
      const session = request.memberSession;
      return sendPage(
        reply,
        emailSignInOpenPage({
          service: app.serviceBrand,
          token: request.params.token,
          email: opened.email,
          csrfToken: consoleSignInCsrf.issue(request, reply),
          signedInAs: session && session.personId !== opened.personId ? session.email : undefined,
        }),
      );
    },
  );

  app.post<{ Params: Static<typeof TokenParams> }>(
    '/email-sign-in/:token',
    {
      schema: { hide: true, params: TokenParams },
      config: open,
      preValidation: consoleSignInCsrf.check,
    },
    async (request, reply) => {
      const result = await signInWithMailLink(db, request.params.token);
      const title = text.addresses.emailSignInTitle;
      if (result.outcome === 'unknown')
        return sendPage(reply, linkMessagePage(app.serviceBrand, title, closedLinkMessage('unknown')), 404);
      if (result.outcome === 'closed')
        return sendPage(reply, linkMessagePage(app.serviceBrand, title, text.addresses.linkUsed), 410);
      // The page said that signing in here ends the session of whoever this browser was signed in as.
      if (request.memberSession) await endMemberSession(db, request.memberSession);
      setMemberCookie(reply, request, result.token, result.expiresAt);
      return reply.redirect('/console', 303);
    },
  );
}
