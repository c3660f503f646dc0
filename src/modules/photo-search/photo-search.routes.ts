import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../errors/error-response.schema.js';
import { requirePrincipal } from '../../plugins/auth.js';
import { registerKeyedUpload, uploadedBytes } from '../media/media-upload-body.js';
import { imageTypes } from '../media/media-types.js';
import { checkSearchImageBeforeBody } from '../media/media.service.js';
import { PhotoSearchResponse } from './photo-search.schemas.js';
import { photoSearchDepsOf, searchByPhoto } from './photo-search.service.js';

/** POST /files/v1/search: the photograph as the body, as an upload sends it; the answer is JSON (docs/media.md). */
export async function photoSearchRoutes(app: FastifyInstance): Promise<void> {
  // The three image types as raw bytes, as the upload reads them; the key, then the declared type and length.
  await registerKeyedUpload(app, {
    url: '/search',
    types: imageTypes,
    checkBeforeBody: (_request, declared) => checkSearchImageBeforeBody(declared),
    schema: {
      tags: ['media'],
      operationId: 'searchMedia',
      summary: 'Find assets by a photograph',
      description:
        "The body is the photograph itself, sent with its Content-Type (`image/jpeg`, `image/png` or `image/webp`), read as an upload is: at most `AVS_MEDIA_MAX_BYTES`, the type read from the bytes, the header's pixels at most `AVS_MEDIA_MAX_PIXELS`. Its 64-bit perceptual hash (pHash) is compared with every stored image's (`method: copy`: the same picture resized, re-compressed, a little cropped or lighter or darker), and, unless the service runs with `AVS_FEATURE_WORKERS=0`, its local features with every described image's: the images whose visual words look most alike are verified geometrically and answered when enough points match under one perspective (`method: recognised`, with `inliers`: a new photograph of the work, at an angle, rotated, cropped, in other light, on a wall). The answer lists the assets found, best first, one per asset. Any key may search, within its planets. It finds public images of issued certificates, the caller's own images, and every image of an asset with an open stolen or lost alert — a private one too, whose `image_url` is then null: it is never shown. A search that finds an asset with an open alert is recorded in that asset's search audit (kind `photo`). It does not recognise a work without visible detail (a plain or very smooth surface), a glossy three-dimensional object, or another side of the object (docs/media.md, \"Recognising a new photograph\").",
      body: {
        content: Object.fromEntries(
          imageTypes.map((type) => [type, { schema: { description: `The photograph, ${type}.` } }]),
        ),
      },
      response: {
        200: PhotoSearchResponse,
        ...errorResponses([413, 415, 422], {
          descriptions: {
            413: 'The file is larger than AVS_MEDIA_MAX_BYTES (payload_too_large).',
            415: 'Content-Type is not an image type, or the bytes are not the image it declares (unsupported_media_type).',
            422: 'The image cannot be decoded, or its header says more pixels than AVS_MEDIA_MAX_PIXELS (invalid_media).',
          },
        }),
      },
    },
    handler: async (request, reply) => {
      const principal = requirePrincipal(request);
      const body = uploadedBytes(request);
      const answer = await searchByPhoto(
        photoSearchDepsOf(app),
        { principal },
        { contentType: request.headers['content-type'] ?? null, body },
      );
      // Who searched for what is nobody else's: no cache keeps an answer.
      return reply.header('cache-control', 'no-store').send(answer);
    },
  });
}
