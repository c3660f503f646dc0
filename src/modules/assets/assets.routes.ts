import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../errors/error-response.schema.js';
import type { PlanetId } from '../../planets/planets.js';
import { checkPlanetParam, requirePrincipal } from '../../plugins/auth.js';
import { commitChange } from '../../plugins/commit-change.js';
import { archiveAsset, createAsset, getAsset, updateAsset } from './assets.service.js';
import {
  AssetParams,
  AssetRecord,
  CreateAssetBody,
  PlanetParams,
  UpdateAssetBody,
} from './assets.schemas.js';

const notFound = {
  404: 'No asset with this id in this planet (asset_not_found), or not owned by the caller.',
};

// checkPlanetParam has already refused an unknown planet, so the cast only narrows the type.
const planetOf = (params: { planet: string }): PlanetId => params.planet as PlanetId;

export async function assetsRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/assets/:planet',
    {
      preValidation: checkPlanetParam,
      schema: {
        tags: ['assets'],
        operationId: 'createAsset',
        summary: 'Create an asset',
        description:
          'Creates an asset in the planet named by the path: certificate_status `pending`, status `draft`, a certificate number from `generate_certificate_number`, a `CREATED` event and an `asset.created` webhook event, in one transaction.',
        params: PlanetParams,
        body: CreateAssetBody,
        response: {
          201: AssetRecord,
          ...errorResponses([400], {
            body: true,
            descriptions: {
              500: 'The asset could not be stored (asset_create_failed), or another internal error.',
            },
          }),
        },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const record = await commitChange(
        request,
        201,
        (tx) => createAsset(tx, principal, planetOf(request.params), request.body),
        { singleStatement: true },
      );
      return reply.code(201).send(record);
    },
  );

  app.get(
    '/assets/:planet/:id',
    {
      preValidation: checkPlanetParam,
      schema: {
        tags: ['assets'],
        operationId: 'getAsset',
        summary: 'Get asset details',
        description: 'Any key whose planet scope covers the planet may read any asset.',
        params: AssetParams,
        response: {
          200: AssetRecord,
          ...errorResponses([400, 404], {
            descriptions: { 404: 'No asset with this id in this planet (asset_not_found).' },
          }),
        },
      },
    },
    async (request) => getAsset(request.server.db, planetOf(request.params), request.params.id),
  );

  app.patch(
    '/assets/:planet/:id',
    {
      preValidation: checkPlanetParam,
      schema: {
        tags: ['assets'],
        operationId: 'updateAsset',
        summary: 'Update an asset (owner only, while its certificate is pending)',
        description:
          'Title and planet fields are validated as on create; other fields are merged; fields the service sets are ignored. Writes an `UPDATED` event with the changed fields (old and new values).',
        params: AssetParams,
        body: UpdateAssetBody,
        response: {
          200: AssetRecord,
          ...errorResponses([400, 404, 409], {
            body: true,
            descriptions: {
              ...notFound,
              409: 'The certificate is no longer pending (invalid_state, naming the current state).',
            },
          }),
        },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      return commitChange(request, 200, (tx) =>
        updateAsset(tx, principal, planetOf(request.params), request.params.id, request.body),
      );
    },
  );

  app.post(
    '/assets/:planet/:id/archive',
    {
      preValidation: checkPlanetParam,
      schema: {
        tags: ['assets'],
        operationId: 'archiveAsset',
        summary: 'Archive an asset (owner only)',
        description: 'Sets status `archived` and writes an `ARCHIVED` event. An archived asset is final.',
        params: AssetParams,
        response: {
          200: AssetRecord,
          ...errorResponses([400, 404, 409], {
            body: true,
            descriptions: { ...notFound, 409: 'The asset is already archived (invalid_state).' },
          }),
        },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      return commitChange(request, 200, (tx) =>
        archiveAsset(tx, principal, planetOf(request.params), request.params.id),
      );
    },
  );
}
