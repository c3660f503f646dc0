import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { createAccount, listAccounts } from '../../accounts/accounts.service.js';
import { accountsPage } from './accounts.views.js';
import { FormText, redirectWithFlash, refusal, session, takeFlash } from './admin-page.helpers.js';
import { sendPage } from '../../web-pages/page-document.views.js';

const AccountFormBody = Type.Object({ _csrf: FormText, name: FormText }, { additionalProperties: true });

/** /admin/accounts: the accounts with their key and asset counts; create one. */
export async function accountPageRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  app.get('/accounts', { schema: { hide: true } }, async (request, reply) => {
    const accounts = await listAccounts(db);
    const flash = await takeFlash(request);
    return sendPage(reply, accountsPage({ session: session(request), accounts, flash }));
  });

  app.post<{ Body: Static<typeof AccountFormBody> }>(
    '/accounts',
    { schema: { hide: true, body: AccountFormBody } },
    async (request, reply) => {
      try {
        const account = await createAccount(db, { name: request.body.name ?? '' });
        return redirectWithFlash(request, reply, '/admin/accounts', {
          kind: 'notice',
          message: `Account ${account.name} created.`,
        });
      } catch (error) {
        const { flash, status } = refusal(error);
        const accounts = await listAccounts(db);
        return sendPage(
          reply,
          accountsPage({ session: session(request), accounts, name: request.body.name, flash }),
          status,
        );
      }
    },
  );
}
