import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../errors/error-catalogue.js';
import { isPlanetId, planetIds, type PlanetId } from '../../../planets/planets.js';
import {
  AlertResponse,
  RaiseAlertBody,
  ResolveAlertBody,
  type RaiseAlertBodyType,
  type ResolveAlertBodyType,
} from '../../alerts/alerts.schemas.js';
import { raiseAlert, resolveAlert } from '../../alerts/alerts.service.js';
import { commitChange } from '../../../plugins/commit-change.js';
import { createAccount, listAccounts } from '../../accounts/accounts.service.js';
import {
  certificateMoveNames,
  listCertificates,
  moveCertificate,
} from '../../certificates/certificate-moves.service.js';
import { archiveAsset } from '../../assets/assets.service.js';
import { adminCorrectionRoutes } from './corrections-admin.routes.js';
import { adminHolderRoutes } from './holders-admin.routes.js';
import { createApiKey, listApiKeys, revokeApiKey } from '../../keys/keys.service.js';
import { inviteMember, listInvitations, revokeInvitation } from '../../members/invitations.service.js';
import { disableMember, listMembers } from '../../members/members.service.js';
import { publicBaseUrl } from '../../signing/issuer-identity.js';
import { mailSettings } from '../../mail/mail-settings.js';
import {
  BindTagBody,
  BoundTag,
  UnbindTagBody,
  UnboundTag,
  type BindTagBodyType,
  type UnbindTagBodyType,
} from '../../tags/tags.schemas.js';
import { bindTag, unbindTag } from '../../tags/tags.service.js';
import { authenticateAdminApi, requireAdminActor } from '../auth/admin-auth.js';
import {
  Account,
  AccountIdParams,
  AccountSummary,
  AdminSessionInfo,
  ApiKey,
  AssetParams,
  AssetRecord,
  CertificateListItem,
  CertificateListQuery,
  CertificateNumberParams,
  CreateAccountBody,
  CreatedApiKey,
  CreatedInvitation,
  CreateInvitationBody,
  CreateKeyBody,
  errorResponses,
  Invitation,
  InvitationParams,
  KeyIdParams,
  KeyListQuery,
  listOf,
  Member,
  MemberParams,
  MoveBody,
} from './admin-api.schemas.js';

// The admin API is documented in docs/admin.md, not in the /api/v1 OpenAPI document.
const hide = true;

/** The administrator's user id for what names who acted; null for AVS_ADMIN_TOKEN. */
function adminUserIdOf(request: FastifyRequest): string | null {
  const actor = requireAdminActor(request);
  return 'adminUserId' in actor ? actor.adminUserId : null;
}

/** JSON admin API for scripts and automation: /admin/api/... */
export async function adminApiRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', authenticateAdminApi);
  const db = app.db;

  app.get(
    '/session',
    { schema: { hide, response: { 200: AdminSessionInfo, ...errorResponses } } },
    async (request) => {
      const session = request.adminSession;
      if (!session) throw new AppError('validation_failed', 'no_session');
      return {
        admin_user_id: session.adminUserId,
        email: session.email,
        csrf_token: session.csrfToken,
        expires_at: session.expiresAt.toISOString(),
      };
    },
  );

  app.get(
    '/accounts',
    { schema: { hide, response: { 200: listOf(AccountSummary), ...errorResponses } } },
    async () => ({ data: await listAccounts(db) }),
  );

  app.post<{ Body: CreateAccountBody }>(
    '/accounts',
    { schema: { hide, body: CreateAccountBody, response: { 201: Account, ...errorResponses } } },
    async (request, reply) => reply.code(201).send(await createAccount(db, request.body)),
  );

  // People in accounts (docs/members.md): the operator invites, lists, disables and revokes; the last-owner
  // rule holds for the operator too.
  const admin = { admin: true } as const;
  app.get<{ Params: { id: string } }>(
    '/accounts/:id/members',
    { schema: { hide, params: AccountIdParams, response: { 200: listOf(Member), ...errorResponses } } },
    async (request) => ({ data: await listMembers(db, request.params.id, admin) }),
  );

  app.get<{ Params: { id: string } }>(
    '/accounts/:id/invitations',
    { schema: { hide, params: AccountIdParams, response: { 200: listOf(Invitation), ...errorResponses } } },
    async (request) => ({ data: await listInvitations(db, request.params.id, admin) }),
  );

  app.post<{ Params: { id: string }; Body: CreateInvitationBody }>(
    '/accounts/:id/invitations',
    {
      schema: {
        hide,
        params: AccountIdParams,
        body: CreateInvitationBody,
        response: { 201: CreatedInvitation, ...errorResponses },
      },
    },
    async (request, reply) => {
      const created = await inviteMember(db, {
        accountId: request.params.id,
        email: request.body.email,
        role: request.body.role,
        displayName: request.body.display_name,
        actor: admin,
        ...mailSettings(request.server.config),
      });
      return reply.code(201).send(created);
    },
  );

  app.post<{ Params: { id: string; member_id: string } }>(
    '/accounts/:id/members/:member_id/disable',
    { schema: { hide, params: MemberParams, response: { 200: Member, ...errorResponses } } },
    async (request) =>
      disableMember(db, { accountId: request.params.id, memberId: request.params.member_id, actor: admin }),
  );

  app.post<{ Params: { id: string; invitation_id: string } }>(
    '/accounts/:id/invitations/:invitation_id/revoke',
    { schema: { hide, params: InvitationParams, response: { 200: Invitation, ...errorResponses } } },
    async (request) =>
      revokeInvitation(db, {
        accountId: request.params.id,
        invitationId: request.params.invitation_id,
        actor: admin,
      }),
  );

  app.get<{ Querystring: KeyListQuery }>(
    '/keys',
    { schema: { hide, querystring: KeyListQuery, response: { 200: listOf(ApiKey), ...errorResponses } } },
    async (request) => ({
      data: await listApiKeys(db, { accountId: request.query.account_id, status: request.query.status }),
    }),
  );

  app.post<{ Body: CreateKeyBody }>(
    '/keys',
    { schema: { hide, body: CreateKeyBody, response: { 201: CreatedApiKey, ...errorResponses } } },
    async (request, reply) => {
      const body = request.body;
      const created = await createApiKey(db, {
        actor: { admin: true },
        accountId: body.account_id,
        name: body.name ?? null,
        planetScope: body.planet_scope ?? [],
        expiresAt: body.expires_at ? new Date(body.expires_at) : null,
      });
      return reply.code(201).send(created);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/keys/:id/revoke',
    { schema: { hide, params: KeyIdParams, response: { 200: ApiKey, ...errorResponses } } },
    async (request) =>
      revokeApiKey(db, request.params.id, { actor: { admin: true }, authenticator: request.server.apiKeys }),
  );

  app.get<{ Querystring: CertificateListQuery }>(
    '/certificates',
    {
      schema: {
        hide,
        querystring: CertificateListQuery,
        response: { 200: listOf(CertificateListItem), ...errorResponses },
      },
    },
    async (request) => {
      const { planet, status, limit } = request.query;
      if (planet !== undefined && !isPlanetId(planet)) {
        throw new AppError('invalid_planet', 'unknown', { planet, expected: planetIds });
      }
      return { data: await listCertificates(db, { status, planet, limit }) };
    },
  );

  for (const move of certificateMoveNames) {
    app.post<{ Params: { number: string }; Body: MoveBody }>(
      `/certificates/:number/${move}`,
      {
        schema: {
          hide,
          params: CertificateNumberParams,
          body: MoveBody,
          response: { 200: AssetRecord, ...errorResponses },
        },
      },
      async (request) => {
        const actor = requireAdminActor(request);
        const { asset } = await commitChange(request, 200, (tx) =>
          moveCertificate(tx, {
            certificateNumber: request.params.number,
            move,
            reason: request.body?.reason,
            actor,
            credentialSigner: request.server.credentialSigner,
          }),
        );
        return asset;
      },
    );
  }

  app.post<{ Params: { planet: string; id: string } }>(
    '/assets/:planet/:id/archive',
    { schema: { hide, params: AssetParams, response: { 200: AssetRecord, ...errorResponses } } },
    async (request) => {
      const adminUserId = adminUserIdOf(request);
      const { planet, id } = request.params;
      if (!isPlanetId(planet)) {
        throw new AppError('invalid_planet', 'unknown', { planet, expected: planetIds });
      }
      return commitChange(request, 200, (tx) => archiveAsset(tx, { adminUserId }, planet, id));
    },
  );

  // Corrections after issue (docs/corrections.md): the operator approves or refuses a member's request.
  await app.register(adminCorrectionRoutes);
  // The operator's hand-over on proof (docs/collectors.md).
  await app.register(adminHolderRoutes);

  // Stolen and lost (docs/alerts.md): an administrator raises or resolves an alert on any asset.
  const planetOfParams = (planet: string): PlanetId => {
    if (!isPlanetId(planet)) throw new AppError('invalid_planet', 'unknown', { planet, expected: planetIds });
    return planet;
  };
  app.post<{ Params: { planet: string; id: string }; Body: RaiseAlertBodyType }>(
    '/assets/:planet/:id/alerts',
    {
      schema: {
        hide,
        params: AssetParams,
        body: RaiseAlertBody,
        response: { 201: AlertResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const adminUserId = adminUserIdOf(request);
      const planet = planetOfParams(request.params.planet);
      const result = await commitChange(request, 201, (tx) =>
        raiseAlert(tx, { adminUserId }, { planet, assetId: request.params.id }, request.body),
      );
      return reply.code(201).send(result);
    },
  );
  app.post<{ Params: { planet: string; id: string; alert_id: string }; Body: ResolveAlertBodyType }>(
    '/assets/:planet/:id/alerts/:alert_id/resolve',
    { schema: { hide, body: ResolveAlertBody, response: { 200: AlertResponse, ...errorResponses } } },
    async (request) => {
      const adminUserId = adminUserIdOf(request);
      const planet = planetOfParams(request.params.planet);
      const { id, alert_id: alertId } = request.params;
      return commitChange(request, 200, (tx) =>
        resolveAlert(tx, { adminUserId }, { planet, assetId: id, alertId }, request.body),
      );
    },
  );

  // NFC tags (docs/tags.md): an administrator binds a tag to any asset, and unbinds it.
  const tagSettings = { masterKey: app.config.AVS_MASTER_KEY, publicBaseUrl: publicBaseUrl(app.config) };
  app.post<{ Params: { planet: string; id: string }; Body: BindTagBodyType }>(
    '/assets/:planet/:id/tags',
    {
      schema: {
        hide,
        params: AssetParams,
        body: BindTagBody,
        response: { 201: BoundTag, ...errorResponses },
      },
    },
    async (request, reply) => {
      const adminUserId = adminUserIdOf(request);
      const planet = planetOfParams(request.params.planet);
      const bound = await commitChange(request, 201, (tx) =>
        bindTag(tx, { adminUserId }, tagSettings, { planet, assetId: request.params.id }, request.body),
      );
      return reply.code(201).send(bound);
    },
  );
  app.post<{ Params: { planet: string; id: string; tag_id: string }; Body: UnbindTagBodyType }>(
    '/assets/:planet/:id/tags/:tag_id/unbind',
    { schema: { hide, body: UnbindTagBody, response: { 200: UnboundTag, ...errorResponses } } },
    async (request) => {
      const adminUserId = adminUserIdOf(request);
      const planet = planetOfParams(request.params.planet);
      const { id, tag_id: tagId } = request.params;
      return commitChange(request, 200, (tx) =>
        unbindTag(tx, { adminUserId }, { planet, assetId: id, tagId }, request.body),
      );
    },
  );
}
