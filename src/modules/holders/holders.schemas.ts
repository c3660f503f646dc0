import { Type, type Static } from '@sinclair/typebox';
import { LANGUAGES } from '../../i18n/locales.js';
import { Page } from '../../lib/page-schema.js';
import { AssetRecord } from '../assets/assets.schemas.js';

const uuid = (description: string) => Type.String({ format: 'uuid', description });

const handoverStatuses = ['open', 'accepted', 'cancelled', 'expired'] as const;

/** A hand-over as the API shows it: never its code (shown once, when made) nor the buyer's address. */
export const Handover = Type.Object(
  {
    id: uuid('This hand-over.'),
    planet: Type.String({ description: 'The planet of the asset.' }),
    asset_id: uuid('The asset handed over.'),
    kind: Type.Union([Type.Literal('claim'), Type.Literal('consignment')], {
      description:
        '`claim`: a one-time code a collector accepts at `/collection/claim/{code}`; `consignment`: offered to the account `to_account_id`, which accepts.',
    }),
    to_account_id: Type.Union([uuid('The consignee account.'), Type.Null()], {
      description: 'The consignee account of a consignment; null for a claim.',
    }),
    status: Type.Union(
      handoverStatuses.map((status) => Type.Literal(status)),
      {
        description:
          '`open` until it is accepted, cancelled (by the holder, or by a newer offer of the same object) or `expires_at` passes (`expired`).',
      },
    ),
    created_at: Type.String({ format: 'date-time' }),
    expires_at: Type.String({ format: 'date-time', description: '30 days after the offer.' }),
    accepted_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    cancelled_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { additionalProperties: false },
);
export type HandoverRecord = Static<typeof Handover>;

export const HandoverBody = Type.Object(
  {
    to_account_id: Type.Optional(
      uuid(
        'Consign the object to this account (it accepts with `POST /api/v1/handovers/{id}/accept`). Absent: a claim.',
      ),
    ),
    email: Type.Optional(
      Type.String({
        minLength: 3,
        maxLength: 320,
        description:
          "A claim only: mail the claim link to the buyer's address (kept only until the hand-over ends, never in the history).",
      }),
    ),
    language: Type.Optional(
      Type.Union(
        LANGUAGES.map((language) => Type.Literal(language)),
        { description: "The language of the claim's mail; English when absent." },
      ),
    ),
  },
  { additionalProperties: false },
);
export type HandoverBodyType = Static<typeof HandoverBody>;

export const HandoverParams = Type.Object({
  // Any string is accepted here: an id that is not a UUID names no hand-over and gets 404 handover_not_found.
  id: Type.String({ description: 'Hand-over identifier.' }),
});

export const HandoverResponse = Type.Object({ handover: Handover }, { additionalProperties: false });

export const CreatedHandoverResponse = Type.Object(
  {
    handover: Handover,
    code: Type.Optional(
      Type.String({
        description:
          'A claim only: its one-time code (256 bits, base64url). Shown once; only its SHA-256 is kept.',
      }),
    ),
    claim_url: Type.Optional(
      Type.String({ description: 'A claim only: the link the buyer opens to accept it. Shown once.' }),
    ),
  },
  { additionalProperties: false },
);

export const AcceptedHandoverResponse = Type.Object(
  { handover: Handover, asset: AssetRecord },
  { additionalProperties: false },
);

export const HandoverListQuery = Type.Object({
  offered_to_us: Type.Optional(
    Type.Boolean({
      default: true,
      description: 'The open consignments offered to the calling account (the only list there is).',
    }),
  ),
});

export const HandoverList = Page(Handover, {
  additionalProperties: false,
  dataDescription: 'Newest first.',
});
