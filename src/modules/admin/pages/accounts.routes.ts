import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { createAccount, listAccounts } from '../../accounts/accounts.service.js';
import { accountsPage } from './accounts.views.js';
import type { Flash } from './admin-layout.views.js';
import { FormText, refusal, sendPage, session } from './admin-page.helpers.js';

const AccountFormBody = Type.Object({ _csrf: FormText, name: FormText }, { additionalProperties: true });
const AccountsQuery = Type.Object(
  { created: Type.Optional(Type.String({ maxLength: 100 })) },
  { additionalProperties: true },
);

/** /admin/accounts: the accounts with their key and asset counts; create one. */
export async function accountPageRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  app.get<{ Querystring: Static<typeof AccountsQuery> }>(
    '/accounts',
    { schema: { hide: true, querystring: AccountsQuery } },
    async (request, reply) => {
      const accounts = await listAccounts(db);
      const created = accounts.find((account) => account.id === request.query.created);
      const flash: Flash | undefined = created && {
        kind: 'notice',
        message: `Account ${created.name} created.`,
      };
      return sendPage(reply, accountsPage({ session: session(request), accounts, flash }));
    },
  );

  app.post<{ Body: Static<typeof AccountFormBody> }>(
    '/accounts',
    { schema: { hide: true, body: AccountFormBody } },
    async (request, reply) => {
      try {
        const account = await createAccount(db, { name: request.body.name ?? '' });
        return reply.redirect(`/admin/accounts?created=${account.id}`, 303);
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
