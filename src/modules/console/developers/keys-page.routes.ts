import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { AppError } from '../../../errors/error-catalogue.js';
import { isUuid } from '../../../lib/uuid.js';
import {
  createApiKey,
  listApiKeys,
  revokeApiKey,
  type CreatedApiKey,
  type KeyActor,
} from '../../keys/keys.service.js';
import { listMembers } from '../../members/members.service.js';
import { formPlanets, readKeyForm, type KeyFormValues } from '../../web-pages/key-form.js';
import type { Flash } from '../../web-pages/page-document.views.js';
import { memberSession } from '../shell/console-auth.js';
import {
  FormBody,
  FormText,
  redirectWithFlash,
  formOnPage,
  sendConsolePage,
  IdParams,
  pageRoute,
} from '../shell/console-page.helpers.js';
import { text } from '../text/index.js';
import { keysPage, revokeKeyPage } from './keys-page.views.js';

const KeyFormBody = Type.Object(
  {
    _csrf: FormText,
    name: FormText,
    scope: FormText,
    planets: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String(), { maxItems: 20 })])),
    expires_at: FormText,
  },
  { additionalProperties: true },
);

/** /console/keys (owner): the account's keys; create (the secret shown once) and revoke, as the member. */
export async function keysPageRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const actorOf = (request: FastifyRequest): KeyActor => {
    const session = memberSession(request);
    return { memberId: session.memberId, accountId: session.accountId };
  };

  async function findKeyOfAccount(request: FastifyRequest<{ Params: Static<typeof IdParams> }>) {
    const { id } = request.params;
    const keys = isUuid(id) ? await listApiKeys(db, { accountId: memberSession(request).accountId }) : [];
    const key = keys.find((candidate) => candidate.id === id);
    // Another account's key answers as one that does not exist.
    if (!key) throw new AppError('api_key_not_found', 'no_api_key', { id: id.slice(0, 100) });
    return key;
  }

  async function sendKeysPage(
    request: FastifyRequest,
    reply: FastifyReply,
    extra: { created?: CreatedApiKey; form?: KeyFormValues; flash?: Flash; status?: number } = {},
  ) {
    const { accountId, memberId } = memberSession(request);
    const [keys, members] = await Promise.all([
      listApiKeys(db, { accountId }),
      listMembers(db, accountId, { memberId }),
    ]);
    const emails = new Map(members.map((member) => [member.id, member.email]));
    return sendConsolePage(request, reply, (frame) => keysPage({ ...extra, ...frame, keys, emails }), extra);
  }

  app.get('/keys', pageRoute('owner'), async (request, reply) => sendKeysPage(request, reply));

  app.post<{ Body: Static<typeof KeyFormBody> }>(
    '/keys',
    pageRoute('owner', { body: KeyFormBody }),
    async (request, reply) => {
      const form: KeyFormValues = { ...request.body, planets: formPlanets(request.body.planets) };
      return formOnPage(
        async () => {
          const created = await createApiKey(db, {
            accountId: memberSession(request).accountId,
            actor: actorOf(request),
            ...readKeyForm(form),
          });
          // The secret is on this answer only (the page is never cached).
          return { created, status: 201 };
        },
        { form },
        (answer) => sendKeysPage(request, reply, answer),
      );
    },
  );

  app.get<{ Params: Static<typeof IdParams> }>(
    '/keys/:id/revoke',
    pageRoute('owner', { params: IdParams }),
    async (request, reply) => {
      const key = await findKeyOfAccount(request);
      return sendConsolePage(request, reply, (frame) => revokeKeyPage({ ...frame, key }));
    },
  );

  app.post<{ Params: Static<typeof IdParams> }>(
    '/keys/:id/revoke',
    pageRoute('owner', { params: IdParams, body: FormBody }),
    async (request, reply) => {
      if (!isUuid(request.params.id)) throw new AppError('api_key_not_found');
      const key = await revokeApiKey(db, request.params.id, {
        actor: actorOf(request),
        authenticator: request.server.apiKeys,
      });
      return redirectWithFlash(request, reply, '/console/keys', {
        kind: 'notice',
        message: text.apiKeys.revoked(key.prefix),
      });
    },
  );
}
