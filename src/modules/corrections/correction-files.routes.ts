import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../errors/error-response.schema.js';
import { requirePrincipal } from '../../plugins/auth.js';
import { commitUpload, registerKeyedUpload } from '../media/media-upload-body.js';
import { imageUploadTypes } from '../media/media.service.js';
import { addImageToCorrection, checkCorrectionImageBeforeBody } from './corrections.service.js';
import { CorrectionParams, CorrectionRecord } from './corrections.schemas.js';

/** POST /files/v1/corrections/{id}/images: a public image a correction adds, sent as a medium's upload is. */
export async function correctionFileRoutes(app: FastifyInstance): Promise<void> {
  await registerKeyedUpload<{ id: string }>(app, {
    url: '/corrections/:id/images',
    types: imageUploadTypes,
    // Everything but the bytes is checked before they are read, as a medium's upload.
    checkBeforeBody: (request, declared) =>
      checkCorrectionImageBeforeBody(app.db, requirePrincipal(request), request.params.id, declared),
    schema: {
      tags: ['corrections'],
      operationId: 'addCorrectionImage',
      summary: 'Add a public image to an open correction request',
      description:
        'The body is the image itself, as `POST /files/v1/assets/{planet}/{id}/media` takes it (`image/jpeg`, `image/png`, `image/webp`, `image/tiff`, `image/heic`, `image/heif`; no PDF), and goes through the same rules: the type read from the bytes, at most `AVS_MEDIA_MAX_PIXELS`, scaled down and encoded again without its metadata. It is held with the request until the operator answers: an approval makes it a public medium of the asset, listed in `CERTIFICATE_AMENDED` by its digest and in the new credential; a refusal discards it. At most 20 per request (docs/corrections.md).',
      params: CorrectionParams,
      body: {
        content: Object.fromEntries(
          imageUploadTypes.map((type) => [type, { schema: { description: `The ${type} image.` } }]),
        ),
      },
      response: {
        201: CorrectionRecord,
        ...errorResponses([400, 403, 404, 409, 413, 415, 422], {
          descriptions: {
            400: 'The request already holds 20 images (validation_failed).',
            403: 'A viewer reads only (forbidden_role).',
            404: "No such request of the caller's account (correction_not_found).",
            409: 'The request has been answered (invalid_state).',
            413: 'The file is larger than AVS_MEDIA_MAX_BYTES (payload_too_large).',
            415: 'Content-Type is not an image upload type, or the bytes are not the image it declares (unsupported_media_type).',
            422: 'The image cannot be decoded, or its header says more pixels than AVS_MEDIA_MAX_PIXELS (invalid_media).',
          },
        }),
      },
    },
    handler: async (request, reply) => {
      const { record } = await commitUpload(request, app.imageDecoder, (tx, principal, media) =>
        addImageToCorrection(tx, app.mediaStores, principal, request.params.id, media),
      );
      return reply.code(201).send(record);
    },
  });
}
