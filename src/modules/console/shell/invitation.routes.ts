import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { acceptInvitation, openInvitation, type OpenInvitation } from '../../members/invitations.service.js';
import { endMemberSession, type MemberSession } from '../../members/member-sessions.service.js';
import type { LoginThrottle } from '../../web-pages/login-throttle.js';
import { sendPage } from '../../web-pages/page-document.views.js';
import { consoleSignInCsrf, setMemberCookie } from './console-auth.js';
import { refusal, TokenParams, pageRoute } from './console-page.helpers.js';
import { sendSignInRefusal } from '../../web-pages/sign-in-form.js';
import { invitationPage } from './invitation.views.js';
import { text } from '../text/index.js';

const AcceptBody = Type.Object(
  { password: Type.Optional(Type.String()), password_again: Type.Optional(Type.String()) },
  { additionalProperties: true },
);

/** Who the browser is signed in as, when that is not the invited person: accepting signs them out here. */
function otherSignedIn(
  session: MemberSession | undefined,
  invitation: OpenInvitation,
): MemberSession | undefined {
  return session && session.personId !== invitation.personId ? session : undefined;
}

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
    pageRoute('none', { params: TokenParams }),
    async (request, reply) => {
      const invitation = await openInvitation(db, request.params.token);
      const csrfToken = consoleSignInCsrf.issue(request, reply);
      const signedInAs = otherSignedIn(request.memberSession, invitation)?.email;
      return sendPage(
        reply,
        invitationPage({
          service: app.serviceBrand,
          token: request.params.token,
          invitation,
          csrfToken,
          signedInAs,
        }),
      );
    },
  );

  app.post<{ Params: Static<typeof TokenParams>; Body: Static<typeof AcceptBody> }>(
    '/invitations/:token',
    {
      ...pageRoute('none', { params: TokenParams, body: AcceptBody }),
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
        const invitation = await openInvitation(db, token);
        const signedInAs = otherSignedIn(request.memberSession, invitation)?.email;
        return sendPage(
          reply,
          invitationPage({ service: app.serviceBrand, token, invitation, flash, csrfToken, signedInAs }),
          status,
        );
      }
      if (result.outcome !== 'accepted') {
        const invitation = await openInvitation(db, token);
        const signedInAs = otherSignedIn(request.memberSession, invitation)?.email;
        return sendSignInRefusal(reply, result, {
          page: (flash) =>
            invitationPage({ service: app.serviceBrand, token, invitation, flash, csrfToken, signedInAs }),
          refused: text.invitation.incorrectPassword,
        });
      }
      // The person was told on the page they accepted from: the session they replace ends.
      if (request.memberSession && request.memberSession.personId !== result.personId) {
        await endMemberSession(db, request.memberSession);
      }
      setMemberCookie(reply, request, result.token, result.expiresAt);
      return reply.redirect('/console', 303);
    },
  );
}
