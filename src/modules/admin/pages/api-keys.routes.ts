import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { AppError } from '../../../errors/error-catalogue.js';
import { isUuid } from '../../../lib/uuid.js';
import { listAccounts } from '../../accounts/accounts.service.js';
import { createApiKey, findApiKey, listApiKeys, revokeApiKey, type ApiKey } from '../../keys/keys.service.js';
import { formPlanets, readKeyForm } from '../../web-pages/key-form.js';
import type { Flash } from '../../web-pages/page-document.views.js';
import {
  FormBody,
  FormText,
  redirectWithFlash,
  refusal,
  sendAdminPage,
  session,
} from './admin-page.helpers.js';
import { sendPage } from '../../web-pages/page-document.views.js';
import { adminText } from '../text/index.js';
import {
  apiKeysPage,
  KEY_STATUSES,
  keyCreatedPage,
  revokeKeyPage,
  type KeyFormValues,
} from './api-keys.views.js';

const KeyFormBody = Type.Object(
  {
    _csrf: FormText,
    account_id: FormText,
    name: FormText,
    scope: FormText,
    planets: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String(), { maxItems: 20 })])),
    expires_at: FormText,
  },
  { additionalProperties: true },
);
const KeyIdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
const KeysQuery = Type.Object(
  {
    account: Type.Optional(Type.String({ maxLength: 100 })),
    status: Type.Optional(Type.String({ maxLength: 20 })),
    revoked: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: true },
);

/** /admin/api-keys: the keys with filters; create one (shown once); revoke after a confirmation page. */
export async function apiKeyPageRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  /** The keys as they are now under `filter`, to be drawn with a notice; `form`: the create form as typed. */
  async function keysPageOf(
    request: FastifyRequest,
    filter: { account?: string; status?: string },
    form?: KeyFormValues,
  ) {
    const account = filter.account && isUuid(filter.account) ? filter.account : undefined;
    const status = (KEY_STATUSES as readonly string[]).includes(filter.status ?? '')
      ? (filter.status as ApiKey['status'])
      : undefined;
    const [keys, accounts] = await Promise.all([
      listApiKeys(db, { accountId: account, status }),
      listAccounts(db),
    ]);
    return (flash: Flash | undefined) =>
      apiKeysPage({ session: session(request), keys, accounts, filter: { account, status }, form, flash });
  }

  app.get<{ Querystring: Static<typeof KeysQuery> }>(
    '/api-keys',
    { schema: { hide: true, querystring: KeysQuery } },
    async (request, reply) => sendAdminPage(request, reply, await keysPageOf(request, request.query)),
  );

  app.post<{ Body: Static<typeof KeyFormBody> }>(
    '/api-keys',
    { schema: { hide: true, body: KeyFormBody } },
    async (request, reply) => {
      const body = request.body;
      const form: KeyFormValues = { ...body, planets: formPlanets(body.planets) };
      try {
        if (!body.account_id || !isUuid(body.account_id)) {
          throw new AppError('validation_failed', 'choose_account');
        }
        const created = await createApiKey(db, {
          actor: { admin: true },
          accountId: body.account_id,
          ...readKeyForm(form),
        });
        const accounts = await listAccounts(db);
        const account = accounts.find((candidate) => candidate.id === created.account_id)?.name ?? '';
        return sendPage(reply, keyCreatedPage(session(request), created, account), 201);
      } catch (error) {
        return sendAdminPage(request, reply, await keysPageOf(request, {}, form), refusal(error));
      }
    },
  );

  app.get<{ Params: Static<typeof KeyIdParams> }>(
    '/api-keys/:id/revoke',
    { schema: { hide: true, params: KeyIdParams } },
    async (request, reply) => {
      const key = isUuid(request.params.id) ? await findApiKey(db, request.params.id) : undefined;
      if (!key) throw new AppError('api_key_not_found');
      const accounts = await listAccounts(db);
      const account = accounts.find((candidate) => candidate.id === key.account_id)?.name ?? '';
      return sendPage(reply, revokeKeyPage(session(request), key, account));
    },
  );

  app.post<{ Params: Static<typeof KeyIdParams> }>(
    '/api-keys/:id/revoke',
    { schema: { hide: true, params: KeyIdParams, body: FormBody } },
    async (request, reply) => {
      if (!isUuid(request.params.id)) throw new AppError('api_key_not_found');
      const key = await revokeApiKey(db, request.params.id, {
        actor: { admin: true },
        authenticator: request.server.apiKeys,
      });
      return redirectWithFlash(request, reply, '/admin/api-keys', {
        kind: 'notice',
        message: adminText.apiKeys.revoked(key.prefix),
      });
    },
  );
}
