import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { signInWithPassword } from '../../members/member-login.service.js';
import {
  endAllSessionsOfPerson,
  endMemberSession,
  switchAccount,
} from '../../members/member-sessions.service.js';
import type { LoginThrottle } from '../../web-pages/login-throttle.js';
import { sendPage } from '../../web-pages/page-document.views.js';
import { clearMemberCookie, consoleSignInCsrf, memberSession, setMemberCookie } from './console-auth.js';
import { consoleLoginPage, SWITCH_CONFIRMED } from './console-login.views.js';
import { deviceToken, keepDeviceCookie } from './sign-in-device.js';
import { text } from '../text/index.js';
import { FormBody, FormText, pageRoute } from './console-page.helpers.js';
import { SignInBody, sendSignInRefusal, signInFields } from '../../web-pages/sign-in-form.js';

/** The sign-in form, and the account chosen when the e-mail and password open sign-ins in several. */
const ConsoleSignInBody = Type.Composite(
  [SignInBody, Type.Object({ account_id: FormText, switch: FormText })],
  { additionalProperties: true },
);
const SwitchBody = Type.Object({ _csrf: FormText, account_id: FormText }, { additionalProperties: true });

/** The sign-in page under a fresh form token, with what this answer adds (the e-mail typed, a notice, a choice). */
function loginPage(
  request: FastifyRequest,
  reply: FastifyReply,
  form: Omit<Parameters<typeof consoleLoginPage>[0], 'service' | 'csrfToken'> = {},
) {
  return consoleLoginPage({
    service: request.server.serviceBrand,
    csrfToken: consoleSignInCsrf.issue(request, reply),
    ...form,
  });
}

/** Sign-in, sign-out (here or everywhere) and the account switcher. */
export async function consoleLoginRoutes(
  app: FastifyInstance,
  options: { throttle: LoginThrottle },
): Promise<void> {
  const db = app.db;

  app.get('/login', pageRoute('none'), async (request, reply) => {
    if (request.memberSession) return reply.redirect('/console', 303);
    return sendPage(reply, loginPage(request, reply));
  });

  app.post<{ Body: Static<typeof ConsoleSignInBody> }>(
    '/login',
    { ...pageRoute('none', { body: ConsoleSignInBody }), preValidation: consoleSignInCsrf.check },
    async (request, reply) => {
      const { email, password } = signInFields(request.body);
      const accountId = request.body.account_id?.slice(0, 100);
      const switchConfirmed = request.body.switch === SWITCH_CONFIRMED;
      const result = await signInWithPassword(db, options.throttle, {
        email,
        password,
        address: request.ip,
        accountId,
        replacing: request.memberSession,
        switchConfirmed,
        device: deviceToken(request),
      });
      // Asked to confirm a switch, the person stays on that question until they confirm or leave.
      const signedInAs = switchConfirmed ? request.memberSession?.email : undefined;
      if (result.outcome === 'choose_account') {
        const flash = { kind: 'notice', message: text.signIn.chooseAccount } as const;
        return sendPage(
          reply,
          loginPage(request, reply, { email, flash, accounts: result.accounts, signedInAs }),
        );
      }
      if (result.outcome === 'confirm_switch') {
        return sendPage(reply, loginPage(request, reply, { email, signedInAs: result.signedInAs }));
      }
      if (result.outcome !== 'signed_in') {
        return sendSignInRefusal(reply, result, {
          page: (flash) => loginPage(request, reply, { email, flash, signedInAs }),
        });
      }
      setMemberCookie(reply, request, result.token, result.expiresAt);
      keepDeviceCookie(request, reply);
      return reply.redirect('/console', 303);
    },
  );

  app.post('/logout', pageRoute('viewer', { body: FormBody }), async (request, reply) => {
    await endMemberSession(db, memberSession(request));
    clearMemberCookie(reply, request);
    return reply.redirect('/console/login', 303);
  });

  app.post('/logout-everywhere', pageRoute('viewer', { body: FormBody }), async (request, reply) => {
    await endAllSessionsOfPerson(db, memberSession(request).personId);
    clearMemberCookie(reply, request);
    return reply.redirect('/console/login', 303);
  });

  app.post<{ Body: Static<typeof SwitchBody> }>(
    '/switch',
    pageRoute('viewer', { body: SwitchBody }),
    async (request, reply) => {
      await switchAccount(db, memberSession(request), request.body.account_id ?? '');
      return reply.redirect('/console', 303);
    },
  );
}
