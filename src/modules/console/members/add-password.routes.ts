import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { addPassword } from '../../members/password-reset.service.js';
import { memberSession } from '../shell/console-auth.js';
import { FormText } from '../shell/console-page.helpers.js';
import { text } from '../text/index.js';
import { accountForm } from './account-page.routes.js';

const AddPasswordBody = Type.Object(
  { _csrf: FormText, password: FormText, password_again: FormText },
  { additionalProperties: true },
);

/**
 * "Add a password" on the account page: a person who signs in with passkeys only, signed in with one, chooses a
 * first password (docs/members.md, "A way back in"); a mailed link never gives them one.
 */
export async function addPasswordRoutes(app: FastifyInstance): Promise<void> {
  accountForm(
    app,
    '/account/add-password',
    { body: AddPasswordBody },
    {
      act: (request) =>
        addPassword(app.db, memberSession(request), {
          password: (request.body.password ?? '').slice(0, 1024),
          again: (request.body.password_again ?? '').slice(0, 1024),
        }),
      notice: () => text.passwordReset.added,
    },
  );
}
