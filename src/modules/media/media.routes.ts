import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../errors/error-response.schema.js';
import type { PlanetId } from '../../planets/planets.js';
import { checkPlanetParam, requirePrincipal } from '../../plugins/auth.js';
import { commitChange } from '../../plugins/commit-change.js';
import { AssetParams } from '../assets/assets.schemas.js';
import {
  changeMediaVisibility,
  forgetOrphanBytes,
  getMediaRecord,
  listMedia,
  removeMedia,
} from './media.service.js';
import { MediaList, MediaParams, MediaRecord, MediaVisibilityBody } from './media.schemas.js';

const tags = ['media'];

// checkPlanetParam has refused an unknown planet, so the cast only narrows the type.
const planetOf = (params: { planet: string }): PlanetId => params.planet as PlanetId;

/** The JSON side of media under /api/v1: list, metadata, delete (the bytes travel under /files/v1). */
export async function mediaRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/assets/:planet/:id/media',
    {
      preValidation: checkPlanetParam,
      schema: {
        tags,
        operationId: 'listAssetMedia',
        summary: 'List the media of an asset',
        description:
          "The owner's key sees every medium, oldest first; any other key whose scope covers the planet sees the public media of an issued certificate. Upload with `POST /files/v1/assets/{planet}/{id}/media`; the bytes are at each record's `url`.",
        params: AssetParams,
        response: {
          200: MediaList,
          ...errorResponses([400, 404], {
            descriptions: { 404: 'No asset with this id in this planet (asset_not_found).' },
          }),
        },
      },
    },
    async (request) => ({
      data: await listMedia(app.db, requirePrincipal(request), planetOf(request.params), request.params.id),
    }),
  );

  app.get(
    '/assets/:planet/:id/media/:media_id',
    {
      preValidation: checkPlanetParam,
      schema: {
        tags,
        operationId: 'getAssetMedia',
        summary: 'Get the record of a medium',
        description:
          'Its digest, type, size, dimensions, caption and visibility; the bytes are at its `url`. Visible as in the list.',
        params: MediaParams,
        response: {
          200: MediaRecord,
          ...errorResponses([400, 404], {
            descriptions: {
              404: 'No such medium of this asset, or not one the caller may see (media_not_found).',
            },
          }),
        },
      },
    },
    async (request) =>
      getMediaRecord(app.db, requirePrincipal(request), {
        planet: planetOf(request.params),
        assetId: request.params.id,
        mediaId: request.params.media_id,
      }),
  );

  app.patch(
    '/assets/:planet/:id/media/:media_id',
    {
      preValidation: checkPlanetParam,
      schema: {
        tags,
        operationId: 'changeAssetMediaVisibility',
        summary: 'Make a medium public or private (owner only, while the certificate is pending)',
        description:
          "Writes a `MEDIA_VISIBILITY_CHANGED` event in the transaction of the change: made public, with the hash, type and size (as `MEDIA_ADDED` of a public medium); made private, with a commitment under a fresh salt (the record's new `commitment_salt`). A medium already of the asked visibility is answered as it is and nothing is recorded, so the same request sent twice changes it once. After the issue the credential lists the public media, so the visibility no longer changes (409).",
        params: MediaParams,
        body: MediaVisibilityBody,
        response: {
          200: MediaRecord,
          ...errorResponses([400, 404, 409], {
            body: true,
            descriptions: {
              404: 'No such asset owned by the caller (asset_not_found), or no such medium of it (media_not_found).',
              409: 'The certificate is no longer pending (invalid_state).',
            },
          }),
        },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      return commitChange(request, 200, (tx) =>
        changeMediaVisibility(tx, principal, {
          planet: planetOf(request.params),
          assetId: request.params.id,
          mediaId: request.params.media_id,
          public: request.body.public,
        }),
      );
    },
  );

  app.delete(
    '/assets/:planet/:id/media/:media_id',
    {
      preValidation: checkPlanetParam,
      schema: {
        tags,
        operationId: 'deleteAssetMedia',
        summary: 'Remove a medium (owner only, while the certificate is pending)',
        description:
          'Writes a `MEDIA_REMOVED` event (with the hash of a public medium, the commitment of a private one); the bytes are deleted when no other medium shares them. 200 with the record that was removed.',
        params: MediaParams,
        response: {
          200: MediaRecord,
          // A DELETE may carry a body: Fastify parses it, so 413 and 415 can come back too.
          ...errorResponses([400, 404, 409, 413, 415], {
            descriptions: {
              404: 'No such asset owned by the caller (asset_not_found), or no such medium of it (media_not_found).',
              409: 'The certificate is no longer pending (invalid_state).',
            },
          }),
        },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const { record, orphan } = await commitChange(request, 200, (tx) =>
        removeMedia(tx, principal, {
          planet: planetOf(request.params),
          assetId: request.params.id,
          mediaId: request.params.media_id,
        }),
      );
      await forgetOrphanBytes(app.mediaStores, orphan);
      app.fingerprintCatalogue.noteRemoved(record.id);
      return reply.send(record);
    },
  );
}
