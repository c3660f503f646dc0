import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../errors/error-response.schema.js';
import { authenticateApiKey, checkPlanetParam, requirePrincipal } from '../../plugins/auth.js';
import { enforcePublicRateLimit, enforceRateLimit } from '../../plugins/rate-limit.js';
import { AssetParams, ownedAssetNotFound, type AssetParamsType } from '../assets/assets.schemas.js';
import { commitUpload, declaredUpload, keyedRawBytes } from './media-upload-body.js';
import { mediaTypes, uploadTypes } from './media-types.js';
import { addMedia, checkUploadBeforeBody, openMedia, type MediaDownload } from './media.service.js';
import { MediaBytes, MediaFileParams, MediaRecord, UploadQuery } from './media.schemas.js';

// The bytes of another type than they claim cannot be opened as HTML or script by a browser.
export const FILE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'cross-origin-resource-policy': 'same-origin',
};

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/** Streams a medium with its type, length, digest as ETag, and a cache policy fit for who may read it. */
export function sendMedia(_request: FastifyRequest, reply: FastifyReply, download: MediaDownload) {
  const { record } = download;
  const etag = `"${record.sha256}"`;
  void reply
    .headers(FILE_HEADERS)
    .header('etag', etag)
    .header('cache-control', download.public ? 'public, max-age=3600' : 'private, no-cache')
    .header(
      'content-disposition',
      `${record.content_type === 'application/pdf' ? 'attachment' : 'inline'}; filename="${record.id}.${EXTENSIONS[record.content_type]}"`,
    );
  return reply.type(record.content_type).header('content-length', record.bytes).send(download.stream);
}

const tags = ['media'];

/** /files/v1: media bytes in and out (the JSON about them is under /api/v1). */
export async function mediaFileRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const maxBytes = app.config.AVS_MEDIA_MAX_BYTES;

  await app.register(async (upload) => {
    // This scope reads the upload types as raw bytes, and nothing else (415 for any other type).
    keyedRawBytes(upload, uploadTypes, maxBytes);

    upload.withTypeProvider<TypeBoxTypeProvider>().post(
      '/assets/:planet/:id/media',
      {
        bodyLimit: maxBytes,
        // Everything but the bytes is checked before they are read (docs/media.md gives the order).
        preParsing: async (request: FastifyRequest<{ Params: AssetParamsType }>) => {
          await checkPlanetParam(request);
          await checkUploadBeforeBody(
            app.db,
            requirePrincipal(request),
            { planet: request.params.planet, assetId: request.params.id },
            declaredUpload(request, maxBytes),
          );
        },
        schema: {
          tags,
          operationId: 'uploadMedia',
          summary: 'Upload an image or a document of an asset (owner only, while its certificate is pending)',
          description:
            'The body is the file itself, sent with its Content-Type (`image/jpeg`, `image/png`, `image/webp`, `image/tiff`, `image/heic`, `image/heif` or `application/pdf`), up to `AVS_MEDIA_MAX_BYTES` (40 MiB by default). Checked in this order: the key (401), the planet (400), the declared type (415; HEIC and HEIF too where the installed libvips cannot decode HEVC, with a sentence naming the formats it takes), the declared length (413), the asset and its state (404, 409), and only then the body, which a refusal before it reads and drops. The type is read from the bytes: another type than the declared one is 415. An image whose header says more than `AVS_MEDIA_MAX_PIXELS` pixels (100 megapixels by default) is 422 before anything is decoded. An image is decoded (shrunk on load), scaled down to at most 4096 px on its long edge and encoded again without its metadata (EXIF, GPS, XMP, IPTC) before it is stored: JPEG, PNG and WebP in their own format, TIFF and HEIC as JPEG (PNG when transparent); `content_type`, `width` and `height` are those of the stored image. A PDF is stored as sent. The bytes are stored once per SHA-256, and a `MEDIA_ADDED` event goes into the history: with the hash, type and size for a public medium; for a private one only a salted commitment (its salt, `commitment_salt` in the record, is shown to the owner only). The certificate credential, signed at issue, lists the digest of every public medium.',
          params: AssetParams,
          querystring: UploadQuery,
          body: {
            content: Object.fromEntries(
              uploadTypes.map((type) => [type, { schema: { description: `The ${type} file.` } }]),
            ),
          },
          response: {
            201: MediaRecord,
            ...errorResponses([400, 404, 409, 413, 415, 422], {
              descriptions: {
                ...ownedAssetNotFound,
                409: 'The certificate is no longer pending (invalid_state), or a retry of a request still in progress.',
                413: 'The file is larger than AVS_MEDIA_MAX_BYTES (payload_too_large), said in MB ("The file is larger than 40 MB.").',
                415: 'Content-Type is not one of the upload types, the bytes are another type than it declares, or a HEIC this service cannot decode (unsupported_media_type).',
                422: 'The image cannot be decoded, or its header says more pixels than AVS_MEDIA_MAX_PIXELS, said in megapixels (invalid_media); or the Idempotency-Key was used with another file (idempotency_key_reused).',
              },
            }),
          },
        },
      },
      async (request, reply) => {
        const { planet, id: assetId } = request.params;
        const { caption, public: isPublic } = request.query;
        const { media, record } = await commitUpload(request, app.imageDecoder, (tx, principal, prepared) =>
          addMedia(tx, app.mediaStores, principal, { planet, assetId, caption, public: isPublic }, prepared),
        );
        if (media.fingerprint) app.fingerprintCatalogue.noteAdded(record.id, media.fingerprint);
        return reply.code(201).send(record);
      },
    );
  });

  app.get(
    '/media/:media_id',
    {
      // A key is optional here: with one, the owner's media; without, public media of issued certificates.
      onRequest: async (request, reply) => {
        if (request.headers.authorization === undefined) return enforcePublicRateLimit(request, reply);
        await authenticateApiKey(request, reply);
        return enforceRateLimit(request, reply);
      },
      schema: {
        tags,
        operationId: 'downloadMedia',
        summary: 'Download the bytes of a medium',
        description:
          "With the owner's key (`Authorization: Bearer`), any of its media. Without a key, only a public medium of a certificate that has been issued (rate limited per client address). Anything else is 404, so a private medium is never served to others. The ETag is the SHA-256 of the bytes, as the certificate credential lists it.",
        params: MediaFileParams,
        security: [{}, { apiKey: [] }],
        response: {
          200: {
            description: 'The bytes.',
            content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: MediaBytes }])),
          },
          ...errorResponses([404], {
            descriptions: {
              404: 'No such medium, or not one the caller may read (media_not_found).',
            },
          }),
        },
      },
    },
    async (request, reply) =>
      sendMedia(
        request,
        reply,
        await openMedia(app.db, app.mediaStores, request.principal, request.params.media_id),
      ),
  );
}
