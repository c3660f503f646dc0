import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static } from '@sinclair/typebox';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { AppError } from '../../../errors/error-catalogue.js';
import { enforcePublicRateLimit } from '../../../plugins/rate-limit.js';
import { acceptInvitationWithPasskey, startInvitationPasskey } from '../../members/invitations.service.js';
import { signInWithPasskey } from '../../members/member-login.service.js';
import { endMemberSession, leaveMemberFlash } from '../../members/member-sessions.service.js';
import {
  AnswerBody,
  passkeyRegistrationRoutes,
  passkeySignInRoutes,
  throttled,
  type Answer,
} from '../../passkeys/passkey-ceremonies.routes.js';
import { relyingParty } from '../../passkeys/passkeys.service.js';
import type { LoginThrottle } from '../../web-pages/login-throttle.js';
import { memberSession, setMemberCookie } from './console-auth.js';
import { deviceToken, keepDeviceCookie } from './sign-in-device.js';

import { TokenParams } from './console-page.helpers.js';
import { text } from '../text/index.js';

const signedInJson = { memberRole: 'viewer', memberJson: true } as const;
const openJson = { memberRole: 'none', memberJson: true } as const;

function signedIn(
  request: FastifyRequest,
  reply: FastifyReply,
  result: { token: string; expiresAt: Date },
): { redirect: string } {
  setMemberCookie(reply, request, result.token, result.expiresAt);
  keepDeviceCookie(request, reply);
  return { redirect: '/console' };
}

/**
 * The passkey ceremonies console.js drives: each is `…/options` (a challenge and the options for
 * @simplewebauthn/browser), then the answer. JSON in and out, hidden from the OpenAPI document (they are
 * the console's, not the API's); the signed-in ones need the x-csrf-token header.
 */
export async function consolePasskeyRoutes(
  app: FastifyInstance,
  options: { throttle: LoginThrottle },
): Promise<void> {
  const db = app.db;
  const rp = relyingParty(app.config);

  passkeyRegistrationRoutes(app, {
    path: '/account/passkeys',
    rp,
    config: signedInJson,
    person: (request) => {
      const session = memberSession(request);
      return { id: session.personId, email: session.email, displayName: session.displayName };
    },
    audit: (request) => {
      const session = memberSession(request);
      return { accountId: session.accountId, actor: { memberId: session.memberId } };
    },
    added: async (request) => {
      await leaveMemberFlash(db, memberSession(request), { kind: 'notice', message: text.passkeys.added });
      return '/console/account';
    },
  });

  passkeySignInRoutes(app, {
    rp,
    config: openJson,
    signIn: (request, answer) =>
      signInWithPasskey(db, options.throttle, { ...answer, device: deviceToken(request) }),
    signedIn,
  });

  app.post<{ Params: Static<typeof TokenParams> }>(
    '/invitations/:token/passkey/options',
    { schema: { hide: true, params: TokenParams }, config: openJson, onRequest: enforcePublicRateLimit },
    async (request) => {
      const ceremony = await startInvitationPasskey(db, request.params.token, rp);
      return { mode: ceremony.mode, challenge_token: ceremony.challengeToken, options: ceremony.options };
    },
  );

  app.post<{ Params: Static<typeof TokenParams>; Body: Answer }>(
    '/invitations/:token/passkey',
    { schema: { hide: true, params: TokenParams, body: AnswerBody }, config: openJson },
    async (request, reply) => {
      const result = await acceptInvitationWithPasskey(db, options.throttle, {
        token: request.params.token,
        challengeToken: request.body.challenge_token,
        response: request.body.response as unknown as RegistrationResponseJSON,
        name: request.body.name,
        rp,
        address: request.ip,
      });
      switch (result.outcome) {
        case 'accepted':
          // The invitation page told a browser signed in as someone else that accepting signs them out here.
          if (request.memberSession && request.memberSession.personId !== result.personId) {
            await endMemberSession(db, request.memberSession);
          }
          return signedIn(request, reply, result);
        case 'throttled':
          throw throttled(result.retryAfterSeconds);
        case 'refused':
          throw new AppError('passkey_invalid');
      }
    },
  );
}
