import { Type, type Static } from '@sinclair/typebox';
import { VerificationReceipt } from '../credentials/credentials.schemas.js';
import { assetStatuses, certificateStatuses } from '../assets/asset-states.js';

export const VerifyBody = Type.Object(
  {
    planet: Type.String({ description: 'Planet ID.' }),
    asset_id: Type.String({ format: 'uuid', description: 'Asset identifier (UUID).' }),
  },
  { additionalProperties: true },
);
export type VerifyBodyType = Static<typeof VerifyBody>;

export const checkNames = ['certificate_issued', 'asset_not_archived', 'history_intact'] as const;

export const VerificationCheck = Type.Object(
  {
    name: Type.Union(checkNames.map((name) => Type.Literal(name))),
    passed: Type.Boolean(),
    detail: Type.Optional(Type.String({ description: 'Why the check failed; present only when it failed.' })),
  },
  { additionalProperties: false },
);
export type VerificationCheckType = Static<typeof VerificationCheck>;

export const VerificationResult = Type.Object(
  {
    id: Type.String({ format: 'uuid', description: 'This verification.' }),
    planet: Type.String(),
    asset_id: Type.String({ format: 'uuid' }),
    certificate_number: Type.String(),
    certificate_status: Type.Union(certificateStatuses.map((status) => Type.Literal(status))),
    status: Type.Union(assetStatuses.map((status) => Type.Literal(status))),
    verified: Type.Boolean({
      description:
        'True only when every check passed: certificate issued, asset not archived, history intact.',
    }),
    checks: Type.Array(VerificationCheck),
    verified_at: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);
export type VerificationResultType = Static<typeof VerificationResult>;

/** The /verify response: the result and a signed receipt of it (docs/credentials.md). */
export const VerificationResponse = Type.Composite(
  [VerificationResult, Type.Object({ receipt: VerificationReceipt })],
  {
    additionalProperties: false,
  },
);
