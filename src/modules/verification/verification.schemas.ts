import { Type, type Static } from '@sinclair/typebox';
import { VerificationReceipt } from '../credentials/credentials.schemas.js';
import { assetStatuses, certificateStatuses } from '../assets/asset-states.js';
import { Page } from '../../lib/page-schema.js';

export const VerifyBody = Type.Object(
  {
    planet: Type.Optional(Type.String({ description: 'Planet ID; with `asset_id`.' })),
    asset_id: Type.Optional(
      Type.String({ format: 'uuid', description: 'Asset identifier (UUID); with `planet`.' }),
    ),
    certificate_number: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: 'A certificate number (`ART-2026-000042`), instead of `planet` and `asset_id`.',
      }),
    ),
  },
  {
    additionalProperties: true,
    description:
      'Exactly one of two forms: `planet` and `asset_id`, or `certificate_number` alone. Anything else is 400.',
  },
);
export type VerifyBodyType = Static<typeof VerifyBody>;

const checkNames = [
  'certificate_issued',
  'asset_not_archived',
  'history_intact',
  'history_logged',
  'no_open_alert',
] as const;

const VerificationCheck = Type.Object(
  {
    name: Type.Union(checkNames.map((name) => Type.Literal(name))),
    passed: Type.Boolean(),
    detail: Type.Optional(Type.String({ description: 'Why the check failed; present only when it failed.' })),
  },
  { additionalProperties: false },
);
export type VerificationCheckType = Static<typeof VerificationCheck>;

const LogFact = Type.Object(
  {
    checkpoint: Type.String({
      description:
        'The log checkpoint the history was checked against: a C2SP signed note, with the log’s signature and the witnesses’ cosignature lines (C2SP tlog-cosignature), to check offline.',
    }),
    log_index: Type.Integer({ minimum: 0, description: 'The log index of the asset’s last event.' }),
    witnesses: Type.Array(
      Type.Object(
        {
          name: Type.String(),
          vkey: Type.String({ description: 'The witness’s cosignature/v1 verifier key.' }),
          time: Type.String({ format: 'date-time', description: 'When the witness cosigned.' }),
        },
        { additionalProperties: false },
      ),
      {
        description:
          'The configured witnesses (AVS_WITNESSES) whose valid cosignature the checkpoint carries.',
      },
    ),
    quorum: Type.Integer({
      minimum: 0,
      description: 'How many cosignatures the service requires (AVS_WITNESS_QUORUM).',
    }),
    witnessed: Type.Boolean({
      description: 'At least `quorum` witnesses cosigned (false when none are configured).',
    }),
  },
  { additionalProperties: false },
);

/** What the answer states beside its checks, for the client to weigh: facts never change `verified`. */
const VerificationFacts = Type.Object(
  {
    tag_bound: Type.Boolean({
      description: 'The asset has an active NFC tag (docs/tags.md): a tap of it can be checked at /t.',
    }),
    log: Type.Union([LogFact, Type.Null()], {
      description:
        'The cosigned checkpoint the history was checked against (docs/transparency.md); null until the asset’s last event is in the log.',
    }),
  },
  { additionalProperties: false },
);

const verificationResultProperties = {
  id: Type.String({ format: 'uuid', description: 'This verification.' }),
  planet: Type.String(),
  asset_id: Type.String({ format: 'uuid' }),
  certificate_number: Type.String(),
  certificate_status: Type.Union(certificateStatuses.map((status) => Type.Literal(status))),
  status: Type.Union(assetStatuses.map((status) => Type.Literal(status))),
  verified: Type.Boolean({
    description: 'True only when every check passed: certificate issued, asset not archived, history intact.',
  }),
  checks: Type.Array(VerificationCheck),
  verified_at: Type.String({ format: 'date-time' }),
};

export const VerificationResult = Type.Object(
  { ...verificationResultProperties, facts: VerificationFacts },
  { additionalProperties: false },
);
export type VerificationResultType = Static<typeof VerificationResult>;

/** A stored verification: the result its verifier received, and who that was. */
export const Verification = Type.Object(
  {
    ...verificationResultProperties,
    // Verifications recorded before facts were part of the answer have none.
    facts: Type.Optional(VerificationFacts),
    verified_by: Type.Object(
      {
        account_id: Type.String({ format: 'uuid' }),
        name: Type.Union([Type.String(), Type.Null()], { description: "The verifying account's name." }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type VerificationType = Static<typeof Verification>;

export const VerificationParams = Type.Object({
  id: Type.String({ description: 'Verification identifier (the `id` of the verify response).' }),
});

export const VerificationsQuery = Type.Object({
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100, default: 50, description: 'Entries per page, 1–100.' }),
  ),
  cursor: Type.Optional(
    Type.String({ maxLength: 512, description: 'Opaque: the `next_cursor` of the previous page.' }),
  ),
});

export const VerificationPage = Page(Verification, {
  dataDescription: 'Newest first.',
  additionalProperties: false,
});
export type VerificationPageType = Static<typeof VerificationPage>;

/** The /verify response: the result and a signed receipt of it (docs/credentials.md). */
export const VerificationResponse = Type.Composite(
  [VerificationResult, Type.Object({ receipt: VerificationReceipt })],
  {
    additionalProperties: false,
  },
);
