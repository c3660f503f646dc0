import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { limits } from '../../limits.js';
import { errorResponses } from '../../errors/error-response.schema.js';
import { checkPlanetParam, requirePrincipal } from '../../plugins/auth.js';
import { commitChange, sendChange } from '../../plugins/commit-change.js';
import { AssetParams, ownedAssetNotFound } from '../assets/assets.schemas.js';
import { acceptTransfer, closeTransfer, listTransfers, offerTransfer } from './transfers.service.js';
import {
  AcceptedTransferResponse,
  TransferBody,
  TransferList,
  TransferListQuery,
  TransferParams,
  TransferResponse,
} from './transfers.schemas.js';

const tags = ['transfers'];
const notFound =
  'No transfer with this id of which the caller is the receiver (accept, decline) or the sender (cancel) (transfer_not_found).';
const notOpen =
  'The offer is no longer pending: accepted, declined or cancelled (invalid_state, naming it), or past `expires_at` (transfer_expired).';

/** Ownership changes with the receiver's consent (docs/api.md): offer, accept, decline, cancel, list. */
export async function transferRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/assets/:planet/:id/transfer',
    {
      preValidation: checkPlanetParam,
      schema: {
        tags,
        operationId: 'transferAsset',
        summary: 'Offer an asset to another account (owner only)',
        description:
          `Creates a pending transfer offer, valid ${limits.transferOfferDays} days. Nothing about the asset changes until the receiving account accepts it ` +
          '(`POST /api/v1/transfers/{id}/accept`); then `account_id` moves, an `OWNERSHIP_TRANSFERRED` event is written and both accounts get an `ownership.transferred` webhook event. ' +
          'An account that does not exist gets the same answer (the offer simply expires).',
        params: AssetParams,
        body: TransferBody,
        response: {
          202: TransferResponse,
          ...errorResponses([400, 403, 404, 409], {
            body: true,
            descriptions: {
              400: 'Invalid body, or the target is the owner (validation_failed); invalid_planet; planet_scope_mismatch.',
              403: 'A collector or another account holds the object now: only a registrant that holds it may transfer it (not_holder).',
              ...ownedAssetNotFound,
              409: 'The asset is archived (invalid_state), or already has an open offer (transfer_pending).',
            },
          }),
        },
      },
    },
    async (request, reply) =>
      sendChange(request, reply, 202, (tx, principal) =>
        offerTransfer(tx, principal, request.params.planet, request.params.id, request.body.to_account_id),
      ),
  );

  app.get(
    '/transfers',
    {
      schema: {
        tags,
        operationId: 'listTransfers',
        summary: 'List open transfer offers the account receives or made',
        description:
          'Pending offers not yet expired, newest first, of assets in the planets of the key; `role` narrows to one side.',
        querystring: TransferListQuery,
        response: { 200: TransferList, ...errorResponses([400]) },
      },
    },
    async (request) => listTransfers(app.db, requirePrincipal(request), request.query),
  );

  app.post(
    '/transfers/:id/accept',
    {
      schema: {
        tags,
        operationId: 'acceptTransfer',
        summary: 'Accept a transfer offer (the receiving account)',
        description:
          "The asset becomes the caller's: `account_id` and `updated_by` change, an `OWNERSHIP_TRANSFERRED` event is written and both accounts get an `ownership.transferred` webhook event, in one transaction.",
        params: TransferParams,
        response: {
          200: AcceptedTransferResponse,
          ...errorResponses([403, 404, 409], {
            body: true,
            descriptions: {
              403: 'The account that offered it no longer holds the object (not_holder).',
              404: notFound,
              409: `${notOpen} Also invalid_state when the asset was archived meanwhile.`,
            },
          }),
        },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      return commitChange(request, 200, (tx) => acceptTransfer(tx, principal, request.params.id));
    },
  );

  for (const move of ['decline', 'cancel'] as const) {
    app.post(
      `/transfers/:id/${move}`,
      {
        schema: {
          tags,
          operationId: `${move}Transfer`,
          summary:
            move === 'decline'
              ? 'Decline a transfer offer (the receiving account)'
              : 'Cancel a transfer offer (the account that made it)',
          description: 'The offer closes; the asset stays with its owner.',
          params: TransferParams,
          response: {
            200: TransferResponse,
            ...errorResponses([404, 409], { body: true, descriptions: { 404: notFound, 409: notOpen } }),
          },
        },
      },
      async (request) => {
        const principal = requirePrincipal(request);
        return commitChange(request, 200, (tx) => closeTransfer(tx, principal, request.params.id, move));
      },
    );
  }
}
