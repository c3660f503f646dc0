import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { AppError } from '../../../errors/error-catalogue.js';
import { clientAddressBucket, enforcePublicRateLimit } from '../../../plugins/rate-limit.js';
import { acceptInvitationWithPasskey, startInvitationPasskey } from '../../members/invitations.service.js';
import { signInWithPasskey } from '../../members/member-login.service.js';
import { endMemberSession, leaveMemberFlash } from '../../members/member-sessions.service.js';
import {
  finishPasskeyRegistration,
  relyingParty,
  startPasskeyRegistration,
  startPasskeySignIn,
} from '../../passkeys/passkeys.service.js';
import type { LoginThrottle } from '../../web-pages/login-throttle.js';
import { memberSession, setMemberCookie } from './console-auth.js';
import { deviceToken, keepDeviceCookie } from './sign-in-device.js';

import { TokenParams } from './console-page.helpers.js';
import { text } from '../text/index.js';

/**
 * A browser's answer to a ceremony: the challenge token travels back in the body beside it (no cookie to
 * keep, two tabs never overwrite each other's). The token only names a challenge; the authenticator's
 * signature over that challenge is what proves anything.
 */
export const AnswerBody = Type.Object(
  {
    challenge_token: Type.String({ maxLength: 100 }),
    response: Type.Object({}, { additionalProperties: true }),
    name: Type.Optional(Type.String({ maxLength: 400 })),
  },
  { additionalProperties: false },
);
export type Answer = Static<typeof AnswerBody>;

const signedInJson = { memberRole: 'viewer', memberJson: true } as const;
const openJson = { memberRole: 'none', memberJson: true } as const;

/** Too many failed authentications from this client: 429 with Retry-After (also /collection's). */
export function throttled(retryAfterSeconds: number): AppError {
  return new AppError('rate_limited', 'failed_authentications', { retryAfterSeconds }).withHeaders({
    'retry-after': String(retryAfterSeconds),
  });
}

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

  app.post('/account/passkeys/options', { schema: { hide: true }, config: signedInJson }, async (request) => {
    const session = memberSession(request);
    const ceremony = await startPasskeyRegistration(db, {
      person: { id: session.personId, email: session.email, displayName: session.displayName },
      rp,
    });
    return { mode: 'register', challenge_token: ceremony.challengeToken, options: ceremony.options };
  });

  app.post<{ Body: Answer }>(
    '/account/passkeys',
    { schema: { hide: true, body: AnswerBody }, config: signedInJson },
    async (request, reply) => {
      const session = memberSession(request);
      const passkey = await finishPasskeyRegistration(db, {
        challengeToken: request.body.challenge_token,
        personId: session.personId,
        response: request.body.response as unknown as RegistrationResponseJSON,
        name: request.body.name,
        rp,
        audit: { accountId: session.accountId, actor: { memberId: session.memberId } },
      });
      await leaveMemberFlash(db, session, { kind: 'notice', message: text.passkeys.added });
      return reply.code(201).send({ passkey, redirect: '/console/account' });
    },
  );

  // Open to anyone and a database write each: the public pages' per-address bucket, as /t and /c have.
  app.post(
    '/passkey-sign-in/options',
    { schema: { hide: true }, config: openJson, onRequest: enforcePublicRateLimit },
    async (request) => {
      const ceremony = await startPasskeySignIn(db, rp, clientAddressBucket(request));
      return { mode: 'authenticate', challenge_token: ceremony.challengeToken, options: ceremony.options };
    },
  );

  app.post<{ Body: Answer }>(
    '/passkey-sign-in',
    { schema: { hide: true, body: AnswerBody }, config: openJson },
    async (request, reply) => {
      const result = await signInWithPasskey(db, options.throttle, {
        challengeToken: request.body.challenge_token,
        response: request.body.response as unknown as AuthenticationResponseJSON,
        rp,
        address: request.ip,
        device: deviceToken(request),
      });
      if (result.outcome === 'throttled') throw throttled(result.retryAfterSeconds);
      return signedIn(request, reply, result);
    },
  );

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
