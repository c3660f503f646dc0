import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { changePassword } from '../members/member-login.service.js';
import { sendPage } from '../web-pages/page-document.views.js';
import { memberSession } from './console-auth.js';
import { accountPage } from './account.views.js';
import { FormText, pageFrame, redirectWithFlash, refusal } from './console-page.helpers.js';
import { homePage } from './home.views.js';

const PasswordBody = Type.Object(
  { _csrf: FormText, current_password: FormText, password: FormText, password_again: FormText },
  { additionalProperties: true },
);

/** The signed-in pages: the home and your account. */
export async function consolePageRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  app.get('/', { schema: { hide: true }, config: { memberRole: 'viewer' } }, async (request, reply) => {
    const frame = await pageFrame(request);
    return sendPage(reply, homePage({ session: memberSession(request), ...frame }));
  });

  app.get(
    '/account',
    { schema: { hide: true }, config: { memberRole: 'viewer' } },
    async (request, reply) => {
      const frame = await pageFrame(request);
      return sendPage(reply, accountPage({ session: memberSession(request), ...frame }));
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
        const frame = await pageFrame(request);
        return sendPage(reply, accountPage({ session, ...frame, flash }), status);
      }
      return redirectWithFlash(request, reply, '/console/account', {
        kind: 'notice',
        message: 'Password changed; your other sessions have ended.',
      });
    },
  );
}
