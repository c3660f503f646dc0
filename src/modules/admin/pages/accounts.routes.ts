import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { AppError } from '../../../errors/error-catalogue.js';
import { isUuid } from '../../../lib/uuid.js';
import { createAccount, getAccount, listAccounts } from '../../accounts/accounts.service.js';
import { inviteMember, listInvitations, revokeInvitation } from '../../members/invitations.service.js';
import { disableMember, listMembers } from '../../members/members.service.js';
import { mailSettings } from '../../mail/mail-settings.js';
import type { Flash } from '../../web-pages/page-document.views.js';
import { accountMembersPage } from './account-members.views.js';
import { accountsPage } from './accounts.views.js';
import { FormText, redirectWithFlash, refusal, session, takeFlash } from './admin-page.helpers.js';
import { sendPage } from '../../web-pages/page-document.views.js';
import { adminText } from '../text/index.js';

const AccountFormBody = Type.Object({ _csrf: FormText, name: FormText }, { additionalProperties: true });
const InviteFormBody = Type.Object(
  { _csrf: FormText, email: FormText, role: FormText, display_name: FormText },
  { additionalProperties: true },
);
const admin = { admin: true } as const;

/** /admin/accounts: the accounts with their key and asset counts; create one; an account's people. */
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
          message: adminText.accounts.created(account.name),
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

  const showAccount = async (
    request: FastifyRequest,
    accountId: string,
    extra: {
      createdUrl?: string;
      createdFor?: string;
      form?: Static<typeof InviteFormBody>;
      flash?: Flash;
    } = {},
  ) => {
    const account = isUuid(accountId) ? await getAccount(db, accountId) : undefined;
    if (!account) throw new AppError('account_not_found', 'no_account', { id: accountId.slice(0, 100) });
    const [members, invitations, flash] = await Promise.all([
      listMembers(db, account.id, admin),
      listInvitations(db, account.id, admin),
      extra.flash ? Promise.resolve(extra.flash) : takeFlash(request),
    ]);
    return accountMembersPage({ session: session(request), account, members, invitations, ...extra, flash });
  };

  app.get<{ Params: { id: string } }>('/accounts/:id', { schema: { hide: true } }, async (request, reply) =>
    sendPage(reply, await showAccount(request, request.params.id)),
  );

  app.post<{ Params: { id: string }; Body: Static<typeof InviteFormBody> }>(
    '/accounts/:id/invitations',
    { schema: { hide: true, body: InviteFormBody } },
    async (request, reply) => {
      const { id } = request.params;
      try {
        const { url, invitation } = await inviteMember(db, {
          accountId: id,
          email: request.body.email ?? '',
          role: request.body.role ?? '',
          displayName: request.body.display_name,
          actor: admin,
          ...mailSettings(request.server.config),
        });
        // The link is shown on this answer only: it never goes into the session's notice (stored in the database).
        return sendPage(
          reply,
          await showAccount(request, id, { createdUrl: url, createdFor: invitation.email }),
          201,
        );
      } catch (error) {
        const { flash, status } = refusal(error);
        return sendPage(reply, await showAccount(request, id, { form: request.body, flash }), status);
      }
    },
  );

  /** A one-button change on one of an account's members or invitations (`:target`), then back to its page. */
  function accountAction(
    url: string,
    done: () => string,
    act: (accountId: string, target: string) => Promise<unknown>,
  ) {
    app.post<{ Params: { id: string; target: string } }>(
      url,
      { schema: { hide: true } },
      async (request, reply) => {
        const { id, target } = request.params;
        try {
          await act(id, target);
        } catch (error) {
          const { flash, status } = refusal(error);
          return sendPage(reply, await showAccount(request, id, { flash }), status);
        }
        return redirectWithFlash(request, reply, `/admin/accounts/${id}`, {
          kind: 'notice',
          message: done(),
        });
      },
    );
  }

  accountAction(
    '/accounts/:id/members/:target/disable',
    () => adminText.accountPeople.memberDisabled,
    (accountId, memberId) => disableMember(db, { accountId, memberId, actor: admin }),
  );
  accountAction(
    '/accounts/:id/invitations/:target/revoke',
    () => adminText.accountPeople.invitationRevoked,
    (accountId, invitationId) => revokeInvitation(db, { accountId, invitationId, actor: admin }),
  );
}
