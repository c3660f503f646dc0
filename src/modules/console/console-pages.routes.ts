import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { changePassword } from '../members/member-login.service.js';
import { listPasskeys, removePasskey } from '../passkeys/passkeys.service.js';
import { sendPage } from '../web-pages/page-document.views.js';
import { memberSession } from './console-auth.js';
import { accountPage } from './account.views.js';
import { FormBody, FormText, pageFrame, redirectWithFlash, refusal } from './console-page.helpers.js';
import { consoleHomeFigures } from './console-home.service.js';
import { homePage } from './home.views.js';

const PasskeyParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

/** What the account page shows around a flash: the frame and the person's passkeys. */
async function accountParts(request: FastifyRequest) {
  const [frame, passkeys] = await Promise.all([
    pageFrame(request),
    listPasskeys(request.server.db, memberSession(request).personId),
  ]);
  return { ...frame, passkeys };
}

const PasswordBody = Type.Object(
  { _csrf: FormText, current_password: FormText, password: FormText, password_again: FormText },
  { additionalProperties: true },
);

/** The signed-in pages: the home and your account. */
export async function consolePageRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  app.get('/', { schema: { hide: true }, config: { memberRole: 'viewer' } }, async (request, reply) => {
    const session = memberSession(request);
    const [frame, figures] = await Promise.all([
      pageFrame(request),
      consoleHomeFigures(db, session.accountId),
    ]);
    return sendPage(reply, homePage({ session, ...frame, figures }));
  });

  app.get(
    '/account',
    { schema: { hide: true }, config: { memberRole: 'viewer' } },
    async (request, reply) => {
      return sendPage(
        reply,
        accountPage({ session: memberSession(request), ...(await accountParts(request)) }),
      );
    },
  );

  app.post<{ Body: Static<typeof PasswordBody> }>(
    '/account/password',
    { schema: { hide: true, body: PasswordBody }, config: { memberRole: 'viewer' } },
    async (request, reply) => {
      const session = memberSession(request);
      try {
        await changePassword(db, session, {
          current: request.body.current_password ?? '',
          password: request.body.password ?? '',
          again: request.body.password_again ?? '',
        });
      } catch (error) {
        const { flash, status } = refusal(error);
        return sendPage(reply, accountPage({ session, ...(await accountParts(request)), flash }), status);
      }
      return redirectWithFlash(request, reply, '/console/account', {
        kind: 'notice',
        message: 'Password changed; your other sessions have ended.',
      });
    },
  );

  app.post<{ Params: Static<typeof PasskeyParams> }>(
    '/account/passkeys/:id/remove',
    { schema: { hide: true, params: PasskeyParams, body: FormBody }, config: { memberRole: 'viewer' } },
    async (request, reply) => {
      const session = memberSession(request);
      try {
        await removePasskey(db, session.personId, request.params.id, {
          accountId: session.accountId,
          actor: { memberId: session.memberId },
        });
      } catch (error) {
        // The last way to sign in (409) or not a passkey of yours (404): said on the page, which is shown again.
        const { flash, status } = refusal(error);
        return sendPage(reply, accountPage({ session, ...(await accountParts(request)), flash }), status);
      }
      return redirectWithFlash(request, reply, '/console/account', {
        kind: 'notice',
        message: 'Passkey removed.',
      });
    },
  );
}
