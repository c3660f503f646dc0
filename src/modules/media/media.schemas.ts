import { Type, type Static } from '@sinclair/typebox';
import { limits } from '../../limits.js';
import { AssetParams } from '../assets/assets.schemas.js';
import { mediaTypes } from './media-types.js';

export const MediaRecord = Type.Object(
  {
    id: Type.String({ format: 'uuid', description: 'Media id: the one name of these bytes on this asset.' }),
    asset_id: Type.String({ format: 'uuid' }),
    planet: Type.String(),
    sha256: Type.String({
      pattern: '^[0-9a-f]{64}$',
      description:
        'SHA-256 (hex) of the stored bytes (after metadata was removed from an image): what the certificate credential lists.',
    }),
    content_type: Type.Union(
      mediaTypes.map((type) => Type.Literal(type)),
      { description: 'The type read from the bytes (equal to the declared Content-Type).' },
    ),
    bytes: Type.Integer({ minimum: 1, description: 'Size of the stored bytes.' }),
    width: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
      description: 'Pixels, for an image (after its EXIF orientation was applied); null for a PDF.',
    }),
    height: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
      description: 'Pixels, for an image; null for a PDF.',
    }),
    caption: Type.Union([Type.String(), Type.Null()]),
    public: Type.Boolean({
      description:
        'Public media of an issued certificate are served without a key and shown on its public page; others only to the owner.',
    }),
    commitment_salt: Type.Union([Type.String({ pattern: '^[0-9a-f]{64}$' }), Type.Null()], {
      description:
        "A private medium's salt (32 bytes, hex), shown to its owner only: its MEDIA_ADDED event carries SHA-256(salt ‖ sha256) instead of the digest, type and size, and the owner can reveal both to prove which file it was. Null for a public medium and for media added before commitments (docs/media.md).",
    }),
    created_at: Type.String({ format: 'date-time', description: 'ISO 8601 UTC with milliseconds.' }),
    url: Type.String({ description: 'Where the bytes are: `GET /files/v1/media/{id}`.' }),
  },
  {
    additionalProperties: false,
    description: 'A medium (an image or a document) of an asset.',
  },
);
export type MediaRecordType = Static<typeof MediaRecord>;

export const MediaList = Type.Object(
  {
    data: Type.Array(MediaRecord, {
      description:
        'Oldest first. The owner sees every medium; other keys the public ones of an issued certificate.',
    }),
  },
  { additionalProperties: false },
);

export const MediaParams = Type.Object({
  ...AssetParams.properties,
  media_id: Type.String({ description: 'Media id (UUID).' }),
});

export const MediaVisibilityBody = Type.Object(
  {
    public: Type.Boolean({
      description:
        "true: served without a key and shown on the public page once the certificate is issued; false: the owner's only.",
    }),
  },
  {
    additionalProperties: false,
    description: "A medium's visibility, which changes while the certificate is pending.",
  },
);

export const MediaFileParams = Type.Object({
  media_id: Type.String({ description: 'Media id (UUID).' }),
});

export const UploadQuery = Type.Object(
  {
    caption: Type.Optional(
      Type.String({
        maxLength: limits.stringLength,
        description: 'A caption shown with the medium.',
      }),
    ),
    public: Type.Optional(
      Type.Boolean({
        default: false,
        description:
          'true: served without a key and shown on the public page once the certificate is issued. Default false.',
      }),
    ),
  },
  { additionalProperties: false },
);

/** The bytes of a download, for the OpenAPI document only (the route streams them). */
export const MediaBytes = Type.Unsafe<unknown>({
  type: 'string',
  format: 'binary',
  description: `The stored bytes, with their Content-Type (${mediaTypes.join(', ')}), ETag and Content-Length.`,
});
