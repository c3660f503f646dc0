import { Type, type Static } from '@sinclair/typebox';
import { assetStatuses, certificateStatuses } from '../assets/asset-states.js';
import { AlertSummary } from '../assets/assets.schemas.js';

// Any string is accepted: a number that names no certificate (or one outside the key's scope) is 404.
export const CertificateParams = Type.Object({
  number: Type.String({ description: 'Certificate number, PREFIX-YYYY-NNNNNN.' }),
});

const nullableTimestamp = (description: string) =>
  Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description });

export const CertificateRecord = Type.Object(
  {
    certificate_number: Type.String(),
    status: Type.Union(
      certificateStatuses.map((status) => Type.Literal(status)),
      { description: 'The certificate status: pending, issued, suspended, revoked or rejected.' },
    ),
    planet: Type.String({ description: 'From the number prefix.' }),
    asset_id: Type.String({ format: 'uuid' }),
    title: Type.String(),
    account_id: Type.String({ format: 'uuid', description: 'The owning account.' }),
    asset_status: Type.Union(assetStatuses.map((status) => Type.Literal(status))),
    created_at: Type.String({ format: 'date-time' }),
    issued_at: nullableTimestamp('When the certificate was issued; null until then.'),
    revoked_at: nullableTimestamp('When the certificate was revoked; null unless revoked.'),
    revocation_reason: Type.Union([Type.String(), Type.Null()], {
      description: 'The reason given at revocation; null unless revoked.',
    }),
    alert: AlertSummary,
  },
  { additionalProperties: false },
);
export type CertificateRecordType = Static<typeof CertificateRecord>;
