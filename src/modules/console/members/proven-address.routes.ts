import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { AppError } from '../../../errors/error-catalogue.js';
import type { SafeHtml } from '../../../lib/html.js';
import { clientAddressBucket, enforcePublicRateLimit } from '../../../plugins/rate-limit.js';
import { mailSettings } from '../../mail/mail-settings.js';
import { leaveMemberFlash, type MemberSession } from '../../members/member-sessions.service.js';
import {
  confirmAddressProof,
  addressStanding,
  joinSignInWithPasskey,
  joinSignInWithPassword,
  openAddressProof,
  requestAddressProof,
  type JoinResult,
} from '../../members/proven-address.service.js';
import { relyingParty, startPasskeySignIn } from '../../passkeys/passkeys.service.js';
import type { LoginThrottle } from '../../web-pages/login-throttle.js';
import { sendPage } from '../../web-pages/page-document.views.js';
import { text as pageText } from '../../web-pages/text/index.js';
import { memberSession } from '../shell/console-auth.js';
import {
  changeThenRedirect,
  FormBody,
  FormText,
  pageFrame,
  redirectWithFlash,
  TokenParams,
} from '../shell/console-page.helpers.js';
import type { ConsoleFrame } from '../shell/console-layout.views.js';
import { text } from '../text/index.js';
import { closedLinkMessage, closedLinkPage, linkMessagePage } from '../shell/mail-link.views.js';
import { proveAddressPage, type AddressStatus } from './proven-address.views.js';

/** The account page's address section: proven or not, and the other sign-ins a proven person may join. */
export async function addressStatus(request: FastifyRequest, frame: ConsoleFrame): Promise<AddressStatus> {
  return addressStanding(request.server.db, frame.session.personId);
}

const JoinBody = Type.Object({ _csrf: FormText, join_password: FormText }, { additionalProperties: true });

/** The notice of a join: which accounts now open with this sign-in. */
function joinedNotice(result: Extract<JoinResult, { outcome: 'joined' }>): string {
  return text.addresses.joined(result.accounts.length, result.accounts.join(', '));
}

/**
 * Proven addresses in the console (docs/members.md): "Prove your address" on the account page mails a link, which
 * is confirmed in a browser signed in as the person who asked; a proven person joins the other sign-ins of the
 * address by signing in with each (a password form here, a passkey in provenAddressJsonRoutes).
 */
export async function provenAddressRoutes(
  app: FastifyInstance,
  options: {
    throttle: LoginThrottle;
    /** The account page drawn in a frame, with why the last form was refused. */
    accountPage: (request: FastifyRequest, frame: ConsoleFrame) => Promise<SafeHtml>;
  },
): Promise<void> {
  const db = app.db;
  // The page of a proof link: its address, and the button that confirms it for the person who asked.
  const proofPage = (token: string, email: string, session?: MemberSession) =>
    proveAddressPage({ service: app.serviceBrand, token, email, session });

  app.post(
    '/account/prove-address',
    { schema: { hide: true, body: FormBody }, config: { memberRole: 'viewer' } },
    async (request, reply) => {
      const session = memberSession(request);
      return changeThenRedirect(request, reply, {
        run: () =>
          requestAddressProof(db, { personId: session.personId, settings: mailSettings(app.config) }),
        url: '/console/account',
        done: (outcome) => ({
          kind: 'notice',
          message:
            outcome === 'sent' ? text.addresses.proofSent(session.email) : text.addresses.alreadyProven,
        }),
        refused: async ({ flash, status }) => {
          const frame = await pageFrame(request);
          return sendPage(reply, await options.accountPage(request, { ...frame, flash }), status);
        },
      });
    },
  );

  // Open: the link may be opened in a browser signed in as someone else, or not at all; only its person confirms.
  app.get<{ Params: Static<typeof TokenParams> }>(
    '/prove-address/:token',
    { schema: { hide: true, params: TokenParams }, config: { memberRole: 'none' } },
    async (request, reply) => {
      const opened = await openAddressProof(db, request.params.token, request.memberSession?.personId);
      const closed = closedLinkPage(app.serviceBrand, text.addresses.proveTitle, opened);
      if (closed) return sendPage(reply, closed.page, closed.status);
      const session = opened!.yours ? request.memberSession : undefined;
      return sendPage(reply, proofPage(request.params.token, opened!.email, session));
    },
  );

  app.post<{ Params: Static<typeof TokenParams> }>(
    '/prove-address/:token',
    {
      schema: { hide: true, params: TokenParams, body: FormBody },
      config: { memberRole: 'viewer' },
    },
    async (request, reply) => {
      const session = memberSession(request);
      const outcome = await confirmAddressProof(db, {
        token: request.params.token,
        personId: session.personId,
      });
      const title = text.addresses.proveTitle;
      switch (outcome) {
        case 'proven':
          return redirectWithFlash(request, reply, '/console/account', {
            kind: 'notice',
            message: text.addresses.confirmed,
          });
        case 'other_proven':
          return redirectWithFlash(request, reply, '/console/account', {
            kind: 'error',
            message: text.addresses.otherConfirmed,
          });
        case 'not_yours': {
          const opened = await openAddressProof(db, request.params.token, session.personId);
          return sendPage(reply, proofPage(request.params.token, opened!.email), 403);
        }
        case 'closed':
          return sendPage(reply, linkMessagePage(app.serviceBrand, title, text.addresses.linkUsed), 410);
        case 'unknown':
          return sendPage(reply, linkMessagePage(app.serviceBrand, title, closedLinkMessage('unknown')), 404);
      }
    },
  );

  app.post<{ Body: Static<typeof JoinBody> }>(
    '/account/join-sign-in',
    { schema: { hide: true, body: JoinBody }, config: { memberRole: 'viewer' } },
    async (request, reply) => {
      const session = memberSession(request);
      const result = await joinSignInWithPassword(db, options.throttle, {
        personId: session.personId,
        password: (request.body.join_password ?? '').slice(0, 1024),
        address: request.ip,
      });
      if (result.outcome === 'joined')
        return redirectWithFlash(request, reply, '/console/account', {
          kind: 'notice',
          message: joinedNotice(result),
        });
      const frame = await pageFrame(request);
      if (result.outcome === 'throttled') {
        void reply.header('retry-after', String(result.retryAfterSeconds));
        const message = pageText.signIn.throttled(Math.ceil(result.retryAfterSeconds / 60));
        return sendPage(
          reply,
          await options.accountPage(request, { ...frame, flash: { kind: 'error', message } }),
          429,
        );
      }
      const flash = { kind: 'error', message: text.addresses.joinRefused } as const;
      return sendPage(reply, await options.accountPage(request, { ...frame, flash }), 401);
    },
  );
}

/** The passkey half of joining a sign-in, driven by console.js: JSON, the session's CSRF token in a header. */
export async function provenAddressJsonRoutes(
  app: FastifyInstance,
  options: { throttle: LoginThrottle },
): Promise<void> {
  const db = app.db;
  const rp = relyingParty(app.config);
  const signedInJson = { memberRole: 'viewer', memberJson: true } as const;
  const AnswerBody = Type.Object(
    {
      challenge_token: Type.String({ maxLength: 100 }),
      response: Type.Object({}, { additionalProperties: true }),
    },
    { additionalProperties: true },
  );

  app.post(
    '/account/join-sign-in/passkey/options',
    { schema: { hide: true }, config: signedInJson, onRequest: enforcePublicRateLimit },
    async (request) => {
      const standing = await addressStanding(db, memberSession(request).personId);
      if (!standing.provenAt) throw new AppError('validation_failed', 'address_not_proven');
      const ceremony = await startPasskeySignIn(db, rp, clientAddressBucket(request));
      return { mode: 'authenticate', challenge_token: ceremony.challengeToken, options: ceremony.options };
    },
  );

  app.post<{ Body: Static<typeof AnswerBody> }>(
    '/account/join-sign-in/passkey',
    { schema: { hide: true, body: AnswerBody }, config: signedInJson },
    async (request) => {
      const session = memberSession(request);
      const result = await joinSignInWithPasskey(db, options.throttle, {
        personId: session.personId,
        challengeToken: request.body.challenge_token,
        response: request.body.response as unknown as AuthenticationResponseJSON,
        rp,
        address: request.ip,
      });
      if (result.outcome === 'throttled') {
        throw new AppError('rate_limited', 'failed_authentications', {
          retryAfterSeconds: result.retryAfterSeconds,
        }).withHeaders({ 'retry-after': String(result.retryAfterSeconds) });
      }
      if (result.outcome !== 'joined') throw new AppError('passkey_invalid');
      await leaveMemberFlash(db, session, { kind: 'notice', message: joinedNotice(result) });
      return { redirect: '/console/account' };
    },
  );
}
