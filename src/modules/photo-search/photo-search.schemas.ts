import { Type, type Static } from '@sinclair/typebox';
import { AlertSummary } from '../assets/assets.schemas.js';

const PhotoMatch = Type.Object(
  {
    certificate_number: Type.String({ description: 'The certificate of the asset whose image matched.' }),
    planet: Type.String({ description: 'Planet ID.' }),
    title: Type.String({ description: "The asset's title." }),
    image_url: Type.Union([Type.String(), Type.Null()], {
      description:
        "The matched image (`/files/v1/media/{id}`) when the caller may see it: a public image of an issued certificate, or the caller's own. Null for a private image of another account: an asset reported stolen or lost is found by its private photographs too, which are never shown.",
    }),
    distance: Type.Integer({
      minimum: 0,
      maximum: 64,
      description: 'Bits in which the 64-bit perceptual hashes differ: 0 for the same picture.',
    }),
    confidence: Type.Union([Type.Literal('exact'), Type.Literal('likely'), Type.Literal('possible')], {
      description:
        'The distance in words: `exact` (the same picture, perhaps resized or re-compressed), `likely`, `possible` (docs/media.md).',
    }),
    alert: AlertSummary,
  },
  { additionalProperties: false, description: 'An asset with an image like the photograph.' },
);
export type PhotoMatchType = Static<typeof PhotoMatch>;

export const PhotoSearchResponse = Type.Object(
  {
    matches: Type.Array(PhotoMatch, {
      description:
        'Best first (nearest, then reported assets first); one per asset; empty when nothing is alike.',
    }),
  },
  { additionalProperties: false, description: 'The assets whose images look like the photograph.' },
);
export type PhotoSearchResponseType = Static<typeof PhotoSearchResponse>;
