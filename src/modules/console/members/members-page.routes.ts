import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { AppError } from '../../../errors/error-catalogue.js';
import { listKeysCreatedBy, revokeApiKey } from '../../keys/keys.service.js';
import { inviteMember, listInvitations, revokeInvitation } from '../../members/invitations.service.js';
import {
  changeRole,
  disableMember,
  enableMember,
  listMembers,
  type Member,
  type MemberActor,
} from '../../members/members.service.js';
import { mailSettings } from '../../mail/mail-settings.js';
import { sendPage } from '../../web-pages/page-document.views.js';
import { memberSession } from '../shell/console-auth.js';
import {
  afterForm,
  FormBody,
  FormText,
  pageFrame,
  formOnPage,
  sendConsolePage,
  IdParams,
  pageRoute,
} from '../shell/console-page.helpers.js';
import type { ConsoleFrame } from '../shell/console-layout.views.js';
import type { PeopleLists } from '../../web-pages/people.views.js';
import { text } from '../text/index.js';
import { disableMemberPage, membersPage } from './members-page.views.js';

const InviteBody = Type.Object(
  { _csrf: FormText, email: FormText, role: FormText, display_name: FormText },
  { additionalProperties: true },
);
const RoleBody = Type.Object({ _csrf: FormText, role: FormText }, { additionalProperties: true });
const DisableBody = Type.Object(
  {
    _csrf: FormText,
    keys_decided: FormText,
    revoke_all: FormText,
    keep_all: FormText,
    revoke: Type.Optional(
      Type.Union([
        Type.String({ maxLength: 100 }),
        Type.Array(Type.String({ maxLength: 100 }), { maxItems: 1000 }),
      ]),
    ),
  },
  { additionalProperties: true },
);

type IdRequest = FastifyRequest<{ Params: Static<typeof IdParams> }>;

/** /console/members (owner): the account's members and invitations, every change through the members service. */
export async function membersPageRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const actorOf = (request: FastifyRequest): MemberActor => ({ memberId: memberSession(request).memberId });

  /** The members page in its frame: the lists read now, and what the last answer adds (link, form, refusal). */
  async function membersView(
    request: FastifyRequest,
    frame: ConsoleFrame,
    extra: Partial<PeopleLists<Member>> = {},
  ) {
    const { accountId } = frame.session;
    const [members, invitations] = await Promise.all([
      listMembers(db, accountId, actorOf(request)),
      listInvitations(db, accountId, actorOf(request)),
    ]);
    return membersPage({ ...frame, members, invitations, ...extra, flash: extra.flash ?? frame.flash });
  }

  async function sendMembersPage(
    request: FastifyRequest,
    reply: FastifyReply,
    extra: Partial<PeopleLists<Member>> & { status?: number } = {},
  ) {
    const frame = await pageFrame(request);
    return sendPage(reply, await membersView(request, frame, extra), extra.status);
  }

  /** A change, then back to the list with a notice; a refusal (409 last_owner, 404, …) is shown on the list. */
  function change(request: FastifyRequest, reply: FastifyReply, act: () => Promise<unknown>, notice: string) {
    return afterForm(request, reply, act, { url: '/console/members', notice }, (frame) =>
      membersView(request, frame),
    );
  }

  app.get('/members', pageRoute('owner'), async (request, reply) => sendMembersPage(request, reply));

  app.post<{ Body: Static<typeof InviteBody> }>(
    '/members',
    pageRoute('owner', { body: InviteBody }),
    async (request, reply) => {
      const session = memberSession(request);
      return formOnPage(
        async () => {
          const { url, invitation } = await inviteMember(db, {
            accountId: session.accountId,
            email: request.body.email ?? '',
            role: request.body.role ?? '',
            displayName: request.body.display_name,
            actor: actorOf(request),
            ...mailSettings(request.server.config),
          });
          // The link is on this answer only: never in the session's notice, which is stored in the database.
          return { createdUrl: url, createdFor: invitation.email, status: 201 };
        },
        { form: request.body },
        (answer) => sendMembersPage(request, reply, answer),
      );
    },
  );

  app.post<{ Params: Static<typeof IdParams>; Body: Static<typeof RoleBody> }>(
    '/members/:id/role',
    pageRoute('owner', { params: IdParams, body: RoleBody }),
    async (request, reply) =>
      change(
        request,
        reply,
        () =>
          changeRole(db, {
            accountId: memberSession(request).accountId,
            memberId: request.params.id,
            role: request.body.role ?? '',
            actor: actorOf(request),
          }),
        text.members.roleChanged,
      ),
  );

  app.post<{ Params: Static<typeof IdParams>; Body: Static<typeof DisableBody> }>(
    '/members/:id/disable',
    pageRoute('owner', { params: IdParams, body: DisableBody }),
    async (request, reply) => {
      const session = memberSession(request);
      const actor = actorOf(request);
      const members = await listMembers(db, session.accountId, actor);
      const member = members.find((candidate) => candidate.id === request.params.id);
      if (!member) throw new AppError('member_not_found');
      const keys = (await listKeysCreatedBy(db, session.accountId, member.id)).filter(
        (key) => key.status === 'active',
      );
      const body = request.body;
      // Keys are never revoked silently: a member who made active keys is disabled only once the owner chose.
      if (keys.length > 0 && body.keys_decided !== 'yes') {
        return sendConsolePage(request, reply, (frame) => disableMemberPage({ ...frame, member, keys }));
      }
      const ticked = typeof body.revoke === 'string' ? [body.revoke] : (body.revoke ?? []);
      const toRevoke =
        body.keep_all === 'yes'
          ? []
          : keys.filter((key) => body.revoke_all === 'yes' || ticked.includes(key.id));
      return change(
        request,
        reply,
        async () => {
          // Disabled first: a refusal (the last owner) leaves the keys as they were.
          await disableMember(db, { accountId: session.accountId, memberId: member.id, actor });
          for (const key of toRevoke) {
            await revokeApiKey(db, key.id, {
              actor: { memberId: session.memberId, accountId: session.accountId },
              authenticator: request.server.apiKeys,
            });
          }
        },
        toRevoke.length === 0
          ? text.members.disabled(member.email)
          : text.members.disabledAndRevoked(member.email, toRevoke.length),
      );
    },
  );

  /** A one-button change on one member or invitation of the account, then back to the list. */
  function oneButton(
    url: string,
    act: (target: { accountId: string; id: string; actor: MemberActor }) => Promise<unknown>,
    message: string,
  ) {
    app.post(
      url,
      pageRoute('owner', { params: IdParams, body: FormBody }),
      async (request: IdRequest, reply) => {
        const target = {
          accountId: memberSession(request).accountId,
          id: request.params.id,
          actor: actorOf(request),
        };
        return change(request, reply, () => act(target), message);
      },
    );
  }

  oneButton(
    '/members/:id/enable',
    ({ accountId, id, actor }) => enableMember(db, { accountId, memberId: id, actor }),
    text.members.enabled,
  );
  oneButton(
    '/members/invitations/:id/revoke',
    ({ accountId, id, actor }) => revokeInvitation(db, { accountId, invitationId: id, actor }),
    text.members.invitationRevoked,
  );
}
