import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../errors/error-response.schema.js';
import { checkPlanetParam, requirePrincipal } from '../../plugins/auth.js';
import { commitChange } from '../../plugins/commit-change.js';
import { mailSettings } from '../mail/mail-settings.js';
import { AssetParams } from '../assets/assets.schemas.js';
import {
  acceptConsignment,
  cancelHandover,
  createHandover,
  getHandover,
  listHandoversOfferedTo,
} from './holders.service.js';
import {
  AcceptedHandoverResponse,
  CreatedHandoverResponse,
  HandoverBody,
  HandoverList,
  HandoverListQuery,
  HandoverParams,
  HandoverResponse,
} from './holders.schemas.js';

const tags = ['handovers'];
const notFound =
  'No hand-over with this id that the caller made, is named in, or holds or registered the object of (handover_not_found).';
const notOpen =
  'The hand-over is no longer open: accepted, cancelled, past `expires_at`, or the object changed hands since (handover_closed).';

/** A claim's code is shown once: a replay of the request (Idempotency-Key) answers without it. */
function withoutCode<T extends { code?: string; claim_url?: string }>(
  created: T,
): Omit<T, 'code' | 'claim_url'> {
  const { code: _code, claim_url: _url, ...rest } = created;
  return rest;
}

/** Hand-overs of an object by its holder (docs/collectors.md): offer, read, cancel, accept a consignment, list. */
export async function holderRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/assets/:planet/:id/handover',
    {
      config: { holderAction: 'hand_over' },
      preValidation: checkPlanetParam,
      schema: {
        tags,
        operationId: 'handOverAsset',
        summary: 'Hand an object on: a claim for a collector, or a consignment to an account (holder only)',
        description:
          'The account that holds the object now offers it, valid 30 days; an earlier open offer of the object is cancelled. ' +
          'Without `to_account_id` it is a claim: its one-time `code` and `claim_url` are answered once (and mailed to `email` when given); ' +
          'with it, a consignment the named account accepts. Nothing changes until it is accepted: then the holder changes, an ' +
          '`OWNERSHIP_TRANSFERRED` event records both holders as salted commitments and `ownership.transferred` goes to the accounts concerned. ' +
          'The certificate must be issued and the asset not archived.',
        params: AssetParams,
        body: HandoverBody,
        response: {
          201: CreatedHandoverResponse,
          ...errorResponses([400, 403, 404, 409], {
            body: true,
            descriptions: {
              400: 'Invalid body (validation_failed): an address that is not one, `email` with a consignment, the holder as consignee; invalid_planet; planet_scope_mismatch.',
              403: 'The caller does not hold the object now: a collector or another account does (not_holder).',
              404: 'No asset with this id in this planet (asset_not_found), or no account `to_account_id` (account_not_found).',
              409: 'The asset is archived, or its certificate is not issued (invalid_state).',
            },
          }),
        },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const settings = mailSettings(request.server.config);
      const { to_account_id: toAccountId, email, language } = request.body;
      const created = await commitChange(
        request,
        201,
        async (tx) => {
          const made = await createHandover(tx, {
            planet: request.params.planet,
            assetId: request.params.id,
            actor: { kind: 'account', principal },
            kind: toAccountId === undefined ? 'claim' : 'consignment',
            toAccountId,
            email,
            language,
            baseUrl: settings.baseUrl,
            mail: settings,
          });
          return made.code === undefined
            ? { handover: made.handover }
            : { handover: made.handover, code: made.code, claim_url: made.claimUrl };
        },
        { storedResponse: withoutCode },
      );
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/handovers',
    {
      config: { holderAction: 'none' },
      schema: {
        tags,
        operationId: 'listHandovers',
        summary: 'List the open consignments offered to the account',
        description:
          'Open consignments offered to the calling account, not yet expired, newest first, in one page.',
        querystring: HandoverListQuery,
        response: { 200: HandoverList, ...errorResponses([400]) },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const offered = await listHandoversOfferedTo(app.db, principal.accountId);
      const data = offered.filter(
        (handover) => principal.planetScope.length === 0 || principal.planetScope.includes(handover.planet),
      );
      return { data, has_more: false, next_cursor: null };
    },
  );

  app.get(
    '/handovers/:id',
    {
      config: { holderAction: 'view_private_details' },
      schema: {
        tags,
        operationId: 'getHandover',
        summary: 'Read a hand-over',
        description:
          'As the holder that made it, the registrant, or the consignee sees it; never its code or address.',
        params: HandoverParams,
        response: { 200: HandoverResponse, ...errorResponses([404], { descriptions: { 404: notFound } }) },
      },
    },
    async (request) => ({
      handover: await getHandover(app.db, request.params.id, {
        kind: 'account',
        principal: requirePrincipal(request),
      }),
    }),
  );

  app.post(
    '/handovers/:id/cancel',
    {
      config: { holderAction: 'cancel_hand_over' },
      schema: {
        tags,
        operationId: 'cancelHandover',
        summary: 'Cancel an open hand-over (the holder)',
        description: 'The offer closes; its code stops working and the holder stays as it is.',
        params: HandoverParams,
        response: {
          200: HandoverResponse,
          ...errorResponses([403, 404, 409], {
            body: true,
            descriptions: {
              403: 'The caller does not hold the object now (not_holder).',
              404: notFound,
              409: notOpen,
            },
          }),
        },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      return commitChange(request, 200, async (tx) => ({
        handover: await cancelHandover(tx, {
          handoverId: request.params.id,
          actor: { kind: 'account', principal },
        }),
      }));
    },
  );

  app.post(
    '/handovers/:id/accept',
    {
      config: { holderAction: 'accept_consignment' },
      schema: {
        tags,
        operationId: 'acceptHandover',
        summary: 'Accept a consignment (the consignee account)',
        description:
          'The calling account becomes the holder: the giving holding ends, an `OWNERSHIP_TRANSFERRED` event records both holders as commitments, ' +
          'and `ownership.transferred` goes to the registrant and the accounts that gave and received it, in one transaction. ' +
          'Of two acceptances at once exactly one wins. A claim is accepted by a collector at `/collection/claim/{code}`, not here.',
        params: HandoverParams,
        response: {
          200: AcceptedHandoverResponse,
          ...errorResponses([403, 404, 409], {
            body: true,
            descriptions: {
              403: 'The caller is not the consignee named by the hand-over (not_holder).',
              404: notFound,
              409: notOpen,
            },
          }),
        },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      return commitChange(request, 200, (tx) =>
        acceptConsignment(tx, { handoverId: request.params.id, principal }),
      );
    },
  );
}
