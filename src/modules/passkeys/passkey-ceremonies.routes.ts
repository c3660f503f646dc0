import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { AppError } from '../../errors/error-catalogue.js';
import { clientAddressBucket, enforcePublicRateLimit } from '../../plugins/rate-limit.js';
import {
  finishPasskeyRegistration,
  startPasskeyRegistration,
  startPasskeySignIn,
  type PasskeyAudit,
  type RelyingParty,
} from './passkeys.service.js';

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

/** Too many failed authentications from this client: 429 with Retry-After. */
export function throttled(retryAfterSeconds: number): AppError {
  return new AppError('rate_limited', 'failed_authentications', { retryAfterSeconds }).withHeaders({
    'retry-after': String(retryAfterSeconds),
  });
}

/** A sign-in's answer as a place's sign-in service takes it. */
interface SignInAnswer {
  challengeToken: string;
  response: AuthenticationResponseJSON;
  rp: RelyingParty;
  address: string;
}

/** A session a sign-in started: its cookie's token and when it ends. */
interface StartedSession {
  token: string;
  expiresAt: Date;
}

type SignInOutcome =
  { outcome: 'throttled'; retryAfterSeconds: number } | ({ outcome: 'signed_in' } & StartedSession);

/**
 * The usernameless passkey sign-in a page's script drives (the console's and /collection's): `/passkey-sign-in/options`
 * (a challenge and the options for @simplewebauthn/browser), then `/passkey-sign-in` with the answer. `signIn` checks
 * it in the place's own rules; `signedIn` sets the place's cookie and says where the browser goes.
 */
export function passkeySignInRoutes(
  app: FastifyInstance,
  options: {
    rp: RelyingParty;
    config: FastifyContextConfig;
    signIn: (request: FastifyRequest, answer: SignInAnswer) => Promise<SignInOutcome>;
    signedIn: (
      request: FastifyRequest,
      reply: FastifyReply,
      session: StartedSession,
    ) => { redirect: string } | Promise<{ redirect: string }>;
  },
): void {
  const { rp, config } = options;
  // Open to anyone and a database write each: the public pages' per-address bucket, as /t and /c have.
  app.post(
    '/passkey-sign-in/options',
    { schema: { hide: true }, config, onRequest: enforcePublicRateLimit },
    async (request) => {
      const ceremony = await startPasskeySignIn(app.db, rp, clientAddressBucket(request));
      return { mode: 'authenticate', challenge_token: ceremony.challengeToken, options: ceremony.options };
    },
  );

  app.post<{ Body: Answer }>(
    '/passkey-sign-in',
    { schema: { hide: true, body: AnswerBody }, config },
    async (request, reply) => {
      const result = await options.signIn(request, {
        challengeToken: request.body.challenge_token,
        response: request.body.response as unknown as AuthenticationResponseJSON,
        rp,
        address: request.ip,
      });
      if (result.outcome === 'throttled') throw throttled(result.retryAfterSeconds);
      return options.signedIn(request, reply, result);
    },
  );
}

/**
 * Adding a passkey once signed in: `{path}/options`, then `{path}` with the answer (201, the passkey and where the
 * browser goes). `person` is who signs in with it; `added` leaves the place's notice and answers the next page.
 */
export function passkeyRegistrationRoutes(
  app: FastifyInstance,
  options: {
    path: string;
    rp: RelyingParty;
    config: FastifyContextConfig;
    person: (request: FastifyRequest) => { id: string; email: string; displayName: string };
    audit?: (request: FastifyRequest) => PasskeyAudit;
    added: (request: FastifyRequest) => Promise<string>;
  },
): void {
  const { path, rp, config } = options;
  app.post(`${path}/options`, { schema: { hide: true }, config }, async (request) => {
    const ceremony = await startPasskeyRegistration(app.db, { person: options.person(request), rp });
    return { mode: 'register', challenge_token: ceremony.challengeToken, options: ceremony.options };
  });

  app.post<{ Body: Answer }>(
    path,
    { schema: { hide: true, body: AnswerBody }, config },
    async (request, reply) => {
      const passkey = await finishPasskeyRegistration(app.db, {
        challengeToken: request.body.challenge_token,
        personId: options.person(request).id,
        response: request.body.response as unknown as RegistrationResponseJSON,
        name: request.body.name,
        rp,
        ...(options.audit ? { audit: options.audit(request) } : {}),
      });
      return reply.code(201).send({ passkey, redirect: await options.added(request) });
    },
  );
}
