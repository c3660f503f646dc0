import { Type, type Static, type TObject } from '@sinclair/typebox';
import { limits } from '../../limits.js';
import { planetIds, type PlanetId } from '../../planets/planets.js';
import { planetUpdateBodies } from '../assets/assets.schemas.js';

const Uuid = Type.String({ format: 'uuid' });
const Timestamp = Type.String({ format: 'date-time' });
const MAX_REMOVED_IMAGES = 50;

const reasonSchema = (description: string) =>
  Type.String({ minLength: 1, maxLength: limits.stringLength, description });

/** One body per planet, as the update: its `fields` are the planet's update body (docs/corrections.md). */
export const planetCorrectionBodies = Object.fromEntries(
  planetIds.map((planet) => [
    planet,
    Type.Object(
      {
        fields: Type.Optional(planetUpdateBodies[planet]),
        remove_media_ids: Type.Optional(
          Type.Array(Uuid, {
            maxItems: MAX_REMOVED_IMAGES,
            uniqueItems: true,
            description: 'Public images of the asset to remove, by media id.',
          }),
        ),
        adds_images: Type.Optional(
          Type.Boolean({
            description:
              'Public images to add follow: send each to `POST /files/v1/corrections/{id}/images` while the request is open. A request may add images only.',
          }),
        ),
        reason: reasonSchema('Why the issued certificate needs correcting; the operator reads it.'),
      },
      {
        additionalProperties: false,
        description: `A correction of an issued ${planet} certificate: changed fields as an update sends them, public images to remove (and to add, sent afterwards), and a reason.`,
      },
    ),
  ]),
) as unknown as Record<PlanetId, TObject>;

export interface CorrectionBody {
  fields?: Record<string, unknown>;
  remove_media_ids?: string[];
  adds_images?: boolean;
  reason: string;
}

export const CorrectionRecord = Type.Object(
  {
    id: Uuid,
    planet: Type.String(),
    asset_id: Uuid,
    certificate_number: Type.String(),
    status: Type.Union([Type.Literal('open'), Type.Literal('approved'), Type.Literal('refused')]),
    fields: Type.Record(Type.String(), Type.Unknown(), {
      description: 'The fields as requested (null removes one).',
    }),
    remove_media_ids: Type.Array(Uuid),
    adds_images: Type.Boolean({ description: 'The request said public images to add would follow.' }),
    add_images: Type.Array(
      Type.Object(
        {
          id: Type.String({
            format: 'uuid',
            description: 'The id the image keeps as a medium of the asset once approved.',
          }),
          sha256: Type.String({ description: 'SHA-256 of the stored (re-encoded, metadata-free) bytes.' }),
          content_type: Type.String(),
          bytes: Type.Integer(),
          width: Type.Union([Type.Integer(), Type.Null()]),
          height: Type.Union([Type.Integer(), Type.Null()]),
        },
        { additionalProperties: false },
      ),
      { description: 'Public images the request adds, in the order they were sent.' },
    ),
    reason: Type.String(),
    requested_by: Type.Object(
      {
        source: Type.Union([Type.Literal('api'), Type.Literal('console')]),
        api_key_id: Type.Optional(Uuid),
        member_id: Type.Optional(Uuid),
      },
      { description: 'The key or member that asked, as history names them.' },
    ),
    requested_at: Timestamp,
    decided_at: Type.Union([Timestamp, Type.Null()]),
    decision_reason: Type.Union([Type.String(), Type.Null()], {
      description: "The operator's reason, required when refusing.",
    }),
    amended_sequence: Type.Union([Type.Integer(), Type.Null()], {
      description: 'On approval: the sequence of the CERTIFICATE_AMENDED history event.',
    }),
  },
  { additionalProperties: false, description: 'A request to correct an issued certificate.' },
);
export type CorrectionRecordType = Static<typeof CorrectionRecord>;

export const CorrectionList = Type.Object({ data: Type.Array(CorrectionRecord) });

export const CorrectionParams = Type.Object({ id: Uuid });

export const DecisionBody = Type.Object(
  { reason: Type.Optional(reasonSchema('Why: required to refuse, optional to approve.')) },
  { additionalProperties: false },
);
export type DecisionBodyType = Static<typeof DecisionBody>;

export const CorrectionListQuery = Type.Object(
  {
    status: Type.Optional(
      Type.Union([Type.Literal('open'), Type.Literal('approved'), Type.Literal('refused')]),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  },
  { additionalProperties: false },
);
export type CorrectionListQueryType = Static<typeof CorrectionListQuery>;
