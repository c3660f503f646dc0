import { Type, type Static } from '@sinclair/typebox';

const ProofSchema = Type.Object(
  {
    type: Type.Literal('DataIntegrityProof'),
    cryptosuite: Type.Literal('eddsa-jcs-2022'),
    created: Type.String({ format: 'date-time' }),
    verificationMethod: Type.String({ description: '<issuer did:web>#<key id>, a key of the DID document.' }),
    proofPurpose: Type.Literal('assertionMethod'),
    '@context': Type.Array(Type.String()),
    proofValue: Type.String({ description: "'z' + base58btc of the Ed25519 signature." }),
  },
  { additionalProperties: false },
);

const StatusEntry = Type.Object(
  {
    id: Type.String(),
    type: Type.Literal('BitstringStatusListEntry'),
    statusPurpose: Type.Union([
      Type.Literal('revocation'),
      Type.Literal('suspension'),
      Type.Literal('refresh'),
    ]),
    statusListIndex: Type.String({ pattern: '^\\d+$' }),
    statusListCredential: Type.String({ format: 'uri' }),
  },
  { additionalProperties: false },
);

const RelatedResource = Type.Object(
  {
    id: Type.String({
      format: 'uri',
      description: 'Where the bytes are: <AVS_PUBLIC_URL>/files/v1/media/{id}.',
    }),
    mediaType: Type.String(),
    digestMultibase: Type.String({ description: "'u' + base64url of the SHA-256 multihash of the bytes." }),
    digestSRI: Type.String({ description: "'sha384-' + base64 of the SHA-384 of the bytes." }),
  },
  { additionalProperties: false },
);

/**
 * Describes the credential for the OpenAPI document only: the credential is sent as the text that was signed
 * (lib/signed-json.ts), never through this schema.
 */
export const CertificateCredential = Type.Object(
  {
    '@context': Type.Array(Type.String()),
    id: Type.Optional(
      Type.String({
        description:
          'urn:uuid of this signed version (absent in credentials signed before corrections existed): a correction signs a new credential with a new id (docs/corrections.md).',
      }),
    ),
    type: Type.Tuple([Type.Literal('VerifiableCredential'), Type.Literal('AssetCertificate')]),
    issuer: Type.String({ description: 'The did:web of AVS_PUBLIC_URL.' }),
    validFrom: Type.String({ format: 'date-time', description: 'When the certificate was issued.' }),
    credentialSubject: Type.Object(
      {
        id: Type.String({ description: 'urn:uuid:<asset id>' }),
        certificate_number: Type.String(),
        planet: Type.String(),
        title: Type.String(),
        history: Type.Optional(
          Type.Object(
            { sequence: Type.Integer(), hash: Type.String() },
            { description: 'The history head at issue, or at the correction a corrected version signs.' },
          ),
        ),
      },
      { additionalProperties: true, description: "Also the planet's declared fields; no account ids." },
    ),
    credentialStatus: Type.Array(StatusEntry),
    relatedResource: Type.Optional(
      Type.Array(RelatedResource, {
        description:
          'VC 2.0 "Integrity of Related Resources": the public media of the asset when the credential was signed (docs/media.md).',
      }),
    ),
    proof: ProofSchema,
  },
  {
    additionalProperties: false,
    description:
      'A W3C Verifiable Credential 2.0 secured with Data Integrity eddsa-jcs-2022 (docs/credentials.md), sent as the text that was signed.',
  },
);

/** Describes the receipt for the OpenAPI document only: it is sent as the text that was signed. */
export const VerificationReceipt = Type.Object(
  {
    '@context': Type.Array(Type.String()),
    type: Type.Tuple([Type.Literal('VerifiableCredential'), Type.Literal('VerificationReceipt')]),
    issuer: Type.String(),
    validFrom: Type.String({ format: 'date-time' }),
    credentialSubject: Type.Object(
      {},
      { additionalProperties: true, description: 'The verification result.' },
    ),
    proof: ProofSchema,
  },
  {
    additionalProperties: false,
    description:
      'A signed receipt: a Verifiable Credential whose subject is this response without `receipt` (docs/credentials.md).',
  },
);
export type VerificationReceiptType = Static<typeof VerificationReceipt>;

/** A path's certificate number, as typed: a malformed one is answered 404 certificate_not_found, as an unknown one. */
export const PublicCredentialParams = Type.Object({ number: Type.String() });

/** A status list's path: an unknown purpose or list number is answered 404 status_list_not_found. */
export const StatusListParams = Type.Object({ purpose: Type.String(), list: Type.String() });
