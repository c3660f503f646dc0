import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { enforcePublicRateLimit } from '../../../plugins/rate-limit.js';
import { jsonErrorHandler } from '../../../plugins/error-handler.js';
import { mailSettings } from '../../mail/mail-settings.js';
import { passkeyRegistrationRoutes, passkeySignInRoutes } from '../../passkeys/passkey-ceremonies.routes.js';
import { relyingParty } from '../../passkeys/passkeys.service.js';
import { FormText, refusal } from '../../web-pages/form-rules.js';
import type { LoginThrottle } from '../../web-pages/login-throttle.js';
import { sendPage } from '../../web-pages/page-document.views.js';
import { text } from '../text/index.js';
import {
  clearCollectorCookie,
  collectionSignInCsrf,
  collectorSession,
  keepPendingClaim,
  setCollectorCookie,
  takePendingClaim,
} from './collection-auth.js';
import { collectionRoute } from './collection-page.helpers.js';
import { endCollectorSession, leaveCollectorFlash } from './collector-sessions.service.js';
import {
  openCollectionSignInLink,
  requestCollectionSignInLink,
  signInCollectorWithPasskey,
  signInWithCollectionLink,
} from './collector-sign-in.service.js';
import { closedLinkPage, signInLinkPage, signInPage } from './sign-in.views.js';

const AskBody = Type.Object({ email: FormText, claim: FormText }, { additionalProperties: true });
const TokenParams = Type.Object({ token: Type.String({ maxLength: 100 }) });

const CLAIM_CODE = /^[A-Za-z0-9_-]{16,100}$/;

/** Where a collector lands after signing in: the hand-over they were accepting, else their collection. */
function landing(request: FastifyRequest, reply: FastifyReply): string {
  const claim = takePendingClaim(request, reply);
  return claim ? `/collection/claim/${claim}` : '/collection';
}

/**
 * Signing in to /collection: a link mailed to any address (it proves the address and makes the collector), or a
 * passkey; adding a passkey once signed in; signing out. Never a console or admin session (its own cookie).
 */
export async function collectionSignInRoutes(
  app: FastifyInstance,
  options: { throttle: LoginThrottle },
): Promise<void> {
  const db = app.db;
  const rp = relyingParty(app.config);
  const pageOptions = (request: FastifyRequest, reply: FastifyReply) => ({
    service: app.serviceBrand,
    csrfToken: collectionSignInCsrf.issue(request, reply),
  });

  app.get('/sign-in', collectionRoute('none', 'none'), async (request, reply) => {
    if (request.collectorSession) return reply.redirect('/collection', 303);
    return sendPage(reply, signInPage(pageOptions(request, reply)));
  });

  app.post<{ Body: Static<typeof AskBody> }>(
    '/sign-in',
    {
      ...collectionRoute('none', 'none', { body: AskBody }),
      onRequest: enforcePublicRateLimit,
      preValidation: collectionSignInCsrf.check,
    },
    async (request, reply) => {
      const email = (request.body.email ?? '').slice(0, 320);
      try {
        await requestCollectionSignInLink(db, { email, settings: mailSettings(app.config) });
      } catch (error) {
        const { flash, status } = refusal(error);
        return sendPage(reply, signInPage({ ...pageOptions(request, reply), email, flash }), status);
      }
      const claim = request.body.claim;
      if (claim !== undefined && CLAIM_CODE.test(claim)) keepPendingClaim(request, reply, claim);
      const flash = { kind: 'notice', message: text.collectionSignIn.sent(email.trim()) } as const;
      return sendPage(reply, signInPage({ ...pageOptions(request, reply), flash }));
    },
  );
  app.get<{ Params: Static<typeof TokenParams> }>(
    '/sign-in/:token',
    collectionRoute('none', 'none', { params: TokenParams }),
    async (request, reply) => {
      const opened = await openCollectionSignInLink(db, request.params.token);
      if (!opened) return sendPage(reply, closedLinkPage(app.serviceBrand, 'unknown'), 404);
      if (opened.state !== 'open')
        return sendPage(reply, closedLinkPage(app.serviceBrand, opened.state), 410);
      return sendPage(
        reply,
        signInLinkPage({ ...pageOptions(request, reply), token: request.params.token, email: opened.email }),
      );
    },
  );

  app.post<{ Params: Static<typeof TokenParams> }>(
    '/sign-in/:token',
    {
      ...collectionRoute('none', 'none', { params: TokenParams }),
      preValidation: collectionSignInCsrf.check,
    },
    async (request, reply) => {
      const result = await signInWithCollectionLink(db, request.params.token);
      if (result.outcome === 'unknown')
        return sendPage(reply, closedLinkPage(app.serviceBrand, 'unknown'), 404);
      if (result.outcome === 'closed') return sendPage(reply, closedLinkPage(app.serviceBrand, 'used'), 410);
      if (request.collectorSession) await endCollectorSession(db, request.collectorSession);
      setCollectorCookie(reply, request, result.token, result.expiresAt);
      return reply.redirect(landing(request, reply), 303);
    },
  );

  app.post('/sign-out', collectionRoute('collector', 'none'), async (request, reply) => {
    await endCollectorSession(db, collectorSession(request));
    clearCollectorCookie(reply, request);
    return reply.redirect('/collection/sign-in', 303);
  });

  await app.register(async (json) => {
    // The passkey ceremonies are fetched by the page's script: their refusals are the JSON error body.
    json.setErrorHandler(jsonErrorHandler);
    const signedInJson = { collectorAccess: 'collector', collectorJson: true, holderAction: 'none' } as const;
    const openJson = { collectorAccess: 'none', collectorJson: true, holderAction: 'none' } as const;

    passkeySignInRoutes(json, {
      rp,
      config: openJson,
      signIn: (_request, answer) => signInCollectorWithPasskey(db, options.throttle, answer),
      signedIn: async (request, reply, result) => {
        if (request.collectorSession) await endCollectorSession(db, request.collectorSession);
        setCollectorCookie(reply, request, result.token, result.expiresAt);
        return { redirect: landing(request, reply) };
      },
    });

    passkeyRegistrationRoutes(json, {
      path: '/passkeys',
      rp,
      config: signedInJson,
      person: (request) => {
        const session = collectorSession(request);
        return { id: session.personId, email: session.email, displayName: session.publicName ?? '' };
      },
      added: async (request) => {
        await leaveCollectorFlash(db, collectorSession(request), {
          kind: 'notice',
          message: text.collectionSignIn.passkeyAdded,
        });
        return '/collection/details';
      },
    });
  });
}
