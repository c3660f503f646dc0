import { Type, type Static } from '@sinclair/typebox';
import { limits } from '../../limits.js';
import { AssetRecord } from '../assets/assets.schemas.js';
import { Page } from '../../lib/page-schema.js';

const uuid = (description: string) => Type.String({ format: 'uuid', description });

const transferStatuses = ['pending', 'accepted', 'declined', 'cancelled', 'expired'] as const;
export type TransferStatus = (typeof transferStatuses)[number];

export const TransferBody = Type.Object({
  to_account_id: uuid(
    'The account offered the asset; it must accept. An account that does not exist gets the same answer (the offer expires).',
  ),
});

// Any string is accepted here: an id that is not a UUID names no transfer and gets 404 transfer_not_found.
export const TransferParams = Type.Object({
  id: Type.String({ description: 'Transfer identifier (the `id` of the offer).' }),
});

const Transfer = Type.Object(
  {
    id: uuid('This transfer offer.'),
    planet: Type.String({ description: 'The planet of the asset.' }),
    asset_id: uuid('The asset offered.'),
    from_account_id: uuid('The owning account that made the offer.'),
    to_account_id: uuid('The account offered the asset.'),
    status: Type.Union(
      transferStatuses.map((status) => Type.Literal(status)),
      {
        description:
          '`pending` until the receiver accepts or declines, the sender cancels, or `expires_at` passes (`expired`).',
      },
    ),
    created_at: Type.String({ format: 'date-time' }),
    expires_at: Type.String({
      format: 'date-time',
      description: `${limits.transferOfferDays} days after the offer; an expired offer cannot be accepted.`,
    }),
    decided_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'When it was accepted, declined or cancelled; null while pending or expired.',
    }),
  },
  { additionalProperties: false },
);
export type TransferType = Static<typeof Transfer>;

export const TransferResponse = Type.Object({ transfer: Transfer }, { additionalProperties: false });
export type TransferResponseType = Static<typeof TransferResponse>;

export const AcceptedTransferResponse = Type.Object(
  {
    transfer: Transfer,
    asset: AssetRecord,
  },
  { additionalProperties: false },
);
export type AcceptedTransferResponseType = Static<typeof AcceptedTransferResponse>;

export const TransferListQuery = Type.Object({
  role: Type.Optional(
    Type.Union([Type.Literal('incoming'), Type.Literal('outgoing')], {
      description: '`incoming`: offers to the caller; `outgoing`: offers the caller made; absent: both.',
    }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: limits.pageSize, default: 50 })),
  cursor: Type.Optional(Type.String({ maxLength: limits.cursorLength })),
});
export type TransferListQueryType = Static<typeof TransferListQuery>;

export const TransferList = Page(Transfer, { additionalProperties: false });
