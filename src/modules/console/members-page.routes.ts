import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { AppError } from '../../errors/error-catalogue.js';
import { listKeysCreatedBy, revokeApiKey } from '../keys/keys.service.js';
import { inviteMember, listInvitations, revokeInvitation } from '../members/invitations.service.js';
import {
  changeRole,
  disableMember,
  enableMember,
  listMembers,
  type MemberActor,
} from '../members/members.service.js';
import { publicBaseUrl } from '../signing/issuer-identity.js';
import type { SessionFlash } from '../web-pages/web-sessions.js';
import { sendPage, type Flash } from '../web-pages/page-document.views.js';
import { memberSession } from './console-auth.js';
import { changeThenRedirect, FormBody, FormText, pageFrame, refusal } from './console-page.helpers.js';
import { disableMemberPage, membersPage, type InviteFormValues } from './members-page.views.js';

const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
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

  async function sendMembersPage(
    request: FastifyRequest,
    reply: FastifyReply,
    extra: { createdUrl?: string; form?: InviteFormValues; flash?: Flash; status?: number } = {},
  ) {
    const session = memberSession(request);
    const [frame, members, invitations] = await Promise.all([
      pageFrame(request),
      listMembers(db, session.accountId, actorOf(request)),
      listInvitations(db, session.accountId, actorOf(request)),
    ]);
    const flash = extra.flash ?? frame.flash;
    return sendPage(
      reply,
      membersPage({ session, memberships: frame.memberships, members, invitations, ...extra, flash }),
      extra.status,
    );
  }

  /** A change, then back to the list with a notice; a refusal (409 last_owner, 404, …) is shown on the list. */
  const change = (
    request: FastifyRequest,
    reply: FastifyReply,
    act: () => Promise<unknown>,
    done: SessionFlash,
  ) =>
    changeThenRedirect(request, reply, {
      act,
      done,
      url: '/console/members',
      showRefusal: (refused) => sendMembersPage(request, reply, refused),
    });

  app.get('/members', { schema: { hide: true }, config: { memberRole: 'owner' } }, async (request, reply) =>
    sendMembersPage(request, reply),
  );

  app.post<{ Body: Static<typeof InviteBody> }>(
    '/members',
    { schema: { hide: true, body: InviteBody }, config: { memberRole: 'owner' } },
    async (request, reply) => {
      const session = memberSession(request);
      try {
        const { url } = await inviteMember(db, {
          accountId: session.accountId,
          email: request.body.email ?? '',
          role: request.body.role ?? '',
          displayName: request.body.display_name,
          actor: actorOf(request),
          baseUrl: publicBaseUrl(request.server.config),
        });
        // The link is on this answer only: never in the session's notice, which is stored in the database.
        return sendMembersPage(request, reply, { createdUrl: url, status: 201 });
      } catch (error) {
        const { flash, status } = refusal(error);
        return sendMembersPage(request, reply, { form: request.body, flash, status });
      }
    },
  );

  app.post<{ Params: Static<typeof IdParams>; Body: Static<typeof RoleBody> }>(
    '/members/:id/role',
    { schema: { hide: true, params: IdParams, body: RoleBody }, config: { memberRole: 'owner' } },
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
        { kind: 'notice', message: 'Role changed.' },
      ),
  );

  app.post<{ Params: Static<typeof IdParams>; Body: Static<typeof DisableBody> }>(
    '/members/:id/disable',
    { schema: { hide: true, params: IdParams, body: DisableBody }, config: { memberRole: 'owner' } },
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
        const frame = await pageFrame(request);
        return sendPage(reply, disableMemberPage({ session, ...frame, member, keys }));
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
        {
          kind: 'notice',
          message:
            toRevoke.length === 0
              ? `${member.email} disabled.`
              : `${member.email} disabled; ${toRevoke.length} key${toRevoke.length === 1 ? '' : 's'} revoked.`,
        },
      );
    },
  );

  app.post(
    '/members/:id/enable',
    { schema: { hide: true, params: IdParams, body: FormBody }, config: { memberRole: 'owner' } },
    async (request: IdRequest, reply) =>
      change(
        request,
        reply,
        () =>
          enableMember(db, {
            accountId: memberSession(request).accountId,
            memberId: request.params.id,
            actor: actorOf(request),
          }),
        { kind: 'notice', message: 'Member enabled.' },
      ),
  );

  app.post(
    '/members/invitations/:id/revoke',
    { schema: { hide: true, params: IdParams, body: FormBody }, config: { memberRole: 'owner' } },
    async (request: IdRequest, reply) =>
      change(
        request,
        reply,
        () =>
          revokeInvitation(db, {
            accountId: memberSession(request).accountId,
            invitationId: request.params.id,
            actor: actorOf(request),
          }),
        { kind: 'notice', message: 'Invitation revoked.' },
      ),
  );
}
