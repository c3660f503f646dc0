import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../errors/error-response.schema.js';
import type { PlanetId } from '../../planets/planets.js';
import { lookupAnswerValue } from '../alert-lookups/lookup-answer-reply.js';
import { checkPlanetParam, requirePrincipal } from '../../plugins/auth.js';
import { commitChange } from '../../plugins/commit-change.js';
import { pascalPlanet, routePerPlanet } from '../../plugins/planet-routes.js';
import { archiveAsset, AssetCreates, AssetReads, createAsset, updateAsset } from './assets.service.js';
import {
  AssetParams,
  AssetRecord,
  ownedAssetNotFound,
  PlanetParams,
  planetCreateBodies,
  planetUpdateBodies,
} from './assets.schemas.js';

// checkPlanetParam has already refused an unknown planet, so the cast only narrows the type.
const planetOf = (params: { planet: string }): PlanetId => params.planet as PlanetId;

export async function assetsRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const creates = new AssetCreates(app.db);
  const reads = new AssetReads(app.db);
  app.addHook('onClose', () => creates.drain());

  const createResponses = {
    201: AssetRecord,
    ...errorResponses([400], {
      body: true,
      descriptions: {
        500: 'The asset could not be stored (asset_create_failed), or another internal error.',
      },
    }),
  };
  const create = async (request: FastifyRequest, reply: FastifyReply, planet: PlanetId) => {
    const principal = requirePrincipal(request);
    const record = await commitChange(
      request,
      201,
      (tx) => createAsset(tx, principal, planet, request.body),
      {
        singleStatement: true,
        // No Idempotency-Key: the create joins the others arriving now in one statement (group commit).
        withoutIdempotencyKey: () => creates.create(principal, planet, request.body),
      },
    );
    return reply.code(201).send(record);
  };
  routePerPlanet(app, {
    method: 'POST',
    url: (planet) => `/assets/${planet}`,
    params: PlanetParams,
    schema: (planet) => ({
      tags: ['assets'],
      operationId: `create${pascalPlanet(planet)}Asset`,
      summary: `Create an asset in ${planet}`,
      description: `Creates a ${planet} asset: certificate_status \`pending\`, status \`draft\`, a certificate number from \`generate_certificate_number\`, a \`CREATED\` event and an \`asset.created\` webhook event, in one transaction.`,
      body: planetCreateBodies[planet],
      response: createResponses,
    }),
    handler: create,
  });

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
    async (request, reply) =>
      lookupAnswerValue(
        reply,
        await reads.lookUp(requirePrincipal(request), planetOf(request.params), request.params.id),
      ),
  );

  routePerPlanet(app, {
    method: 'PATCH',
    url: (planet) => `/assets/${planet}/:id`,
    params: AssetParams,
    schema: (planet) => ({
      tags: ['assets'],
      operationId: `update${pascalPlanet(planet)}Asset`,
      summary: `Update a ${planet} asset (owner only, while its certificate is pending)`,
      description:
        'Title and planet fields are validated as on create; other fields are merged; fields the service sets are ignored. Writes an `UPDATED` event with the changed fields (old and new values). An archived asset cannot change (409 invalid_state).',
      params: Type.Object({ id: AssetParams.properties.id }),
      body: planetUpdateBodies[planet],
      response: {
        200: AssetRecord,
        ...errorResponses([400, 404, 409], {
          body: true,
          descriptions: {
            ...ownedAssetNotFound,
            409: 'The asset is archived or its certificate is no longer pending (invalid_state, naming the current state).',
          },
        }),
      },
    }),
    handler: (request: FastifyRequest<{ Params: { id: string } }>, _reply, planet) => {
      const principal = requirePrincipal(request);
      return commitChange(request, 200, (tx) =>
        updateAsset(tx, principal, planet, request.params.id, request.body),
      );
    },
  });

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
            descriptions: { ...ownedAssetNotFound, 409: 'The asset is already archived (invalid_state).' },
          }),
        },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      return commitChange(request, 200, (tx) =>
        archiveAsset(tx, { principal }, planetOf(request.params), request.params.id),
      );
    },
  );
}
