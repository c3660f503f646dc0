import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { AppError } from '../../errors/error-catalogue.js';
import { isPlanetId } from '../../planets/planets.js';
import { createAccount, listAccounts } from '../accounts/accounts.service.js';
import { certificateStatuses, type CertificateMove } from '../assets/asset-states.js';
import {
  certificateCounts,
  certificateMoveNames,
  listCertificates,
  moveCertificate,
} from '../certificates/certificate-moves.service.js';
import { createApiKey, listApiKeys, revokeApiKey, type ApiKey } from '../keys/keys.service.js';
import { findApiKeyById } from '../keys/keys.repository.js';
import { toApiKey } from '../keys/keys.service.js';
import { commitChange } from '../../plugins/commit-change.js';
import { checkFormCsrf, clearSessionCookie, requirePageSession } from './admin-auth.js';
import type { AdminSession } from './admin-sessions.service.js';
import { endAdminSession } from './admin-sessions.service.js';
import { accountsPage } from './accounts.views.js';
import type { Flash } from './admin-layout.views.js';
import { sendPage } from './admin-login.routes.js';
import {
  apiKeysPage,
  KEY_STATUSES,
  keyCreatedPage,
  revokeKeyPage,
  type KeyFormValues,
} from './api-keys.views.js';
import { certificatesPage, type CertificateView } from './certificates.views.js';
import { dashboardPage } from './dashboard.views.js';

const FormText = Type.Optional(Type.String({ maxLength: 4000 }));
const FormBody = Type.Object({ _csrf: FormText }, { additionalProperties: true });
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
const AccountFormBody = Type.Object({ _csrf: FormText, name: FormText }, { additionalProperties: true });
const MoveFormBody = Type.Object(
  { _csrf: FormText, reason: FormText, view_status: FormText, view_planet: FormText },
  { additionalProperties: true },
);
const KeyIdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
const CertificateParams = Type.Object({ number: Type.String({ maxLength: 100 }) });
const KeysQuery = Type.Object(
  {
    account: Type.Optional(Type.String({ maxLength: 100 })),
    status: Type.Optional(Type.String({ maxLength: 20 })),
    revoked: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: true },
);
const AccountsQuery = Type.Object(
  { created: Type.Optional(Type.String({ maxLength: 100 })) },
  { additionalProperties: true },
);
const CertificatesQuery = Type.Object(
  {
    status: Type.Optional(Type.String({ maxLength: 20 })),
    planet: Type.Optional(Type.String({ maxLength: 50 })),
    done: Type.Optional(Type.String({ maxLength: 20 })),
    number: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: true },
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MOVE_DONE: Record<CertificateMove, string> = {
  issue: 'issued',
  reject: 'rejected',
  suspend: 'suspended',
  reinstate: 'reinstated',
  revoke: 'revoked',
};

function session(request: FastifyRequest): AdminSession {
  return request.adminSession!;
}

function refusal(error: unknown): { flash: Flash; status: number } {
  if (error instanceof AppError && error.statusCode < 500) {
    return { flash: { kind: 'error', message: error.message }, status: error.statusCode };
  }
  throw error;
}

/** A datetime-local value ("2026-12-01T10:00") read as UTC; an explicit offset is kept. */
function parseExpiry(value: string | undefined): Date | null {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') return null;
  const date = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(trimmed) ? trimmed : `${trimmed}Z`);
  if (Number.isNaN(date.getTime())) {
    throw new AppError('validation_failed', 'The expiry is not a valid date and time.');
  }
  return date;
}

function certificateView(query: { status?: string; planet?: string }): CertificateView {
  return {
    status: (certificateStatuses as readonly string[]).includes(query.status ?? '')
      ? query.status!
      : 'pending',
    planet: isPlanetId(query.planet) ? query.planet : undefined,
  };
}

/** The signed-in pages: dashboard, API keys, accounts, certificates and log-out. */
export async function adminPageRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', requirePageSession);
  app.addHook('preValidation', checkFormCsrf);
  const db = app.db;

  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    const [accounts, activeKeys, counts] = await Promise.all([
      listAccounts(db),
      listApiKeys(db, { status: 'active' }),
      certificateCounts(db),
    ]);
    return sendPage(
      reply,
      dashboardPage({
        session: session(request),
        accountCount: accounts.length,
        activeKeyCount: activeKeys.length,
        certificateCounts: counts,
      }),
    );
  });

  app.post('/logout', { schema: { hide: true, body: FormBody } }, async (request, reply) => {
    await endAdminSession(db, session(request));
    clearSessionCookie(reply, request);
    return reply.redirect('/admin/login', 303);
  });

  async function renderKeys(
    request: FastifyRequest,
    reply: FastifyReply,
    filter: { account?: string; status?: string },
    extra: { form?: KeyFormValues; flash?: Flash; status?: number } = {},
  ) {
    const account = filter.account && UUID.test(filter.account) ? filter.account : undefined;
    const status = (KEY_STATUSES as readonly string[]).includes(filter.status ?? '')
      ? (filter.status as ApiKey['status'])
      : undefined;
    const [keys, accounts] = await Promise.all([
      listApiKeys(db, { accountId: account, status }),
      listAccounts(db),
    ]);
    return sendPage(
      reply,
      apiKeysPage({
        session: session(request),
        keys,
        accounts,
        filter: { account, status },
        form: extra.form,
        flash: extra.flash,
      }),
      extra.status,
    );
  }

  app.get<{ Querystring: Static<typeof KeysQuery> }>(
    '/api-keys',
    { schema: { hide: true, querystring: KeysQuery } },
    async (request, reply) => {
      let flash: Flash | undefined;
      if (request.query.revoked && UUID.test(request.query.revoked)) {
        const revoked = await findApiKeyById(db, request.query.revoked);
        if (revoked) flash = { kind: 'notice', message: `Key ${revoked.display_prefix}… revoked.` };
      }
      return renderKeys(request, reply, request.query, { flash });
    },
  );

  app.post<{ Body: Static<typeof KeyFormBody> }>(
    '/api-keys',
    { schema: { hide: true, body: KeyFormBody } },
    async (request, reply) => {
      const body = request.body;
      const planets = typeof body.planets === 'string' ? [body.planets] : (body.planets ?? []);
      const form: KeyFormValues = { ...body, planets };
      try {
        if (!body.account_id || !UUID.test(body.account_id)) {
          throw new AppError('validation_failed', 'Choose the account the key belongs to.');
        }
        if (body.scope === 'chosen' && planets.length === 0) {
          throw new AppError('validation_failed', 'Choose at least one planet, or "All planets".');
        }
        const created = await createApiKey(db, {
          accountId: body.account_id,
          name: body.name,
          planetScope: body.scope === 'chosen' ? planets : [],
          expiresAt: parseExpiry(body.expires_at),
        });
        const accounts = await listAccounts(db);
        const account = accounts.find((candidate) => candidate.id === created.account_id)?.name ?? '';
        return sendPage(reply, keyCreatedPage(session(request), created, account), 201);
      } catch (error) {
        const { flash, status } = refusal(error);
        return renderKeys(request, reply, {}, { form, flash, status });
      }
    },
  );

  app.get<{ Params: Static<typeof KeyIdParams> }>(
    '/api-keys/:id/revoke',
    { schema: { hide: true, params: KeyIdParams } },
    async (request, reply) => {
      const row = UUID.test(request.params.id) ? await findApiKeyById(db, request.params.id) : undefined;
      if (!row) throw new AppError('api_key_not_found');
      const accounts = await listAccounts(db);
      const account = accounts.find((candidate) => candidate.id === row.account_id)?.name ?? '';
      return sendPage(reply, revokeKeyPage(session(request), toApiKey(row), account));
    },
  );

  app.post<{ Params: Static<typeof KeyIdParams> }>(
    '/api-keys/:id/revoke',
    { schema: { hide: true, params: KeyIdParams, body: FormBody } },
    async (request, reply) => {
      if (!UUID.test(request.params.id)) throw new AppError('api_key_not_found');
      const key = await revokeApiKey(db, request.params.id);
      request.server.apiKeys.forget();
      return reply.redirect(`/admin/api-keys?revoked=${key.id}`, 303);
    },
  );

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

  async function renderCertificates(
    request: FastifyRequest,
    reply: FastifyReply,
    view: CertificateView,
    extra: { flash?: Flash; status?: number } = {},
  ) {
    const items = await listCertificates(db, { status: view.status, planet: view.planet, limit: 500 });
    return sendPage(
      reply,
      certificatesPage({ session: session(request), items, view, flash: extra.flash }),
      extra.status,
    );
  }

  app.get<{ Querystring: Static<typeof CertificatesQuery> }>(
    '/certificates',
    { schema: { hide: true, querystring: CertificatesQuery } },
    async (request, reply) => {
      const { done, number } = request.query;
      const flash: Flash | undefined =
        done && number && (certificateMoveNames as string[]).includes(done)
          ? { kind: 'notice', message: `Certificate ${number} ${MOVE_DONE[done as CertificateMove]}.` }
          : undefined;
      return renderCertificates(request, reply, certificateView(request.query), { flash });
    },
  );

  for (const move of certificateMoveNames) {
    app.post<{ Params: Static<typeof CertificateParams>; Body: Static<typeof MoveFormBody> }>(
      `/certificates/:number/${move}`,
      { schema: { hide: true, params: CertificateParams, body: MoveFormBody } },
      async (request, reply) => {
        const view = certificateView({ status: request.body.view_status, planet: request.body.view_planet });
        try {
          await commitChange(request, 200, (tx) =>
            moveCertificate(tx, {
              certificateNumber: request.params.number,
              move,
              reason: request.body.reason,
              actor: { adminUserId: session(request).adminUserId },
              credentialSigner: request.server.credentialSigner,
            }),
          );
        } catch (error) {
          const { flash, status } = refusal(error);
          return renderCertificates(request, reply, view, {
            flash: { ...flash, message: `${request.params.number}: ${String(flash.message)}` },
            status,
          });
        }
        const query = new URLSearchParams({ status: view.status, done: move, number: request.params.number });
        if (view.planet) query.set('planet', view.planet);
        return reply.redirect(`/admin/certificates?${query.toString()}`, 303);
      },
    );
  }
}
