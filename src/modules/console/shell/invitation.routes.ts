import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { acceptInvitation, openInvitation } from '../../members/invitations.service.js';
import type { LoginThrottle } from '../../web-pages/login-throttle.js';
import { sendPage } from '../../web-pages/page-document.views.js';
import { consoleSignInCsrf, setMemberCookie } from './console-auth.js';
import { refusal, TokenParams } from './console-page.helpers.js';
import { sendSignInRefusal } from '../../web-pages/sign-in-form.js';
import { invitationPage } from './invitation.views.js';

const AcceptBody = Type.Object(
  { password: Type.Optional(Type.String()), password_again: Type.Optional(Type.String()) },
  { additionalProperties: true },
);

/**
 * The one-time invitation link: open to anyone holding it. A used, expired or revoked link answers with a page
 * saying so (410), an unknown one 404, through the console's error page.
 */
export async function invitationRoutes(
  app: FastifyInstance,
  options: { throttle: LoginThrottle },
): Promise<void> {
  const db = app.db;

  app.get<{ Params: Static<typeof TokenParams> }>(
    '/invitations/:token',
    { schema: { hide: true, params: TokenParams }, config: { memberRole: 'none' } },
    async (request, reply) => {
      const invitation = await openInvitation(db, request.params.token);
      const csrfToken = consoleSignInCsrf.issue(request, reply);
      return sendPage(reply, invitationPage({ token: request.params.token, invitation, csrfToken }));
    },
  );

  app.post<{ Params: Static<typeof TokenParams>; Body: Static<typeof AcceptBody> }>(
    '/invitations/:token',
    {
      schema: { hide: true, params: TokenParams, body: AcceptBody },
      config: { memberRole: 'none' },
      preValidation: consoleSignInCsrf.check,
    },
    async (request, reply) => {
      const { token } = request.params;
      const csrfToken = consoleSignInCsrf.issue(request, reply);
      const input = {
        token,
        password: (request.body.password ?? '').slice(0, 1024),
        again: request.body.password_again?.slice(0, 1024),
        address: request.ip,
      };
      let result;
      try {
        result = await acceptInvitation(db, options.throttle, input);
      } catch (error) {
        const { flash, status } = refusal(error);
        // A closed or unknown link has no form to show again: the error page says what happened.
        if (status === 404 || status === 410) throw error;
        return sendPage(
          reply,
          invitationPage({ token, invitation: await openInvitation(db, token), flash, csrfToken }),
          status,
        );
      }
      if (result.outcome !== 'accepted') {
        const invitation = await openInvitation(db, token);
        return sendSignInRefusal(reply, result, {
          page: (flash) => invitationPage({ token, invitation, flash, csrfToken }),
          refused: 'Incorrect password.',
        });
      }
      setMemberCookie(reply, request, result.token, result.expiresAt);
      return reply.redirect('/console', 303);
    },
  );
}
