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
    method: Type.Union([Type.Literal('copy'), Type.Literal('recognised')], {
      description:
        '`copy`: the photograph is a copy of the image (its perceptual hash is near: resized, re-compressed, a little cropped or lighter). `recognised`: the photograph is a new picture of the work in the image (a phone photo at an angle, cropped, under other light), recognised by its local features and their geometry (docs/media.md, "Recognising a new photograph").',
    }),
    distance: Type.Integer({
      minimum: 0,
      maximum: 64,
      description:
        'Bits in which the 64-bit perceptual hashes of the photograph and the image differ: 0 for the same picture; a `recognised` match is another picture of the work, usually far apart.',
    }),
    inliers: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
      description:
        "Points of the photograph that fall where the image's own points lie under one perspective (geometric verification): the more, the surer. Null for a copy not verified so.",
    }),
    confidence: Type.Union([Type.Literal('exact'), Type.Literal('likely'), Type.Literal('possible')], {
      description:
        'In words: `exact` (the same picture, perhaps resized or re-compressed: copies only), `likely`, `possible` (docs/media.md).',
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
        'Best first (exact, then likely, then possible; at equal confidence copies before recognised matches, nearest or most inliers first, then reported assets first); one per asset; empty when nothing is alike.',
    }),
  },
  { additionalProperties: false, description: 'The assets whose images look like the photograph.' },
);
export type PhotoSearchResponseType = Static<typeof PhotoSearchResponse>;
