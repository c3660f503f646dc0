import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../errors/error-response.schema.js';
import type { PlanetId } from '../../planets/planets.js';
import { checkPlanetParam, requirePrincipal } from '../../plugins/auth.js';
import { commitChange } from '../../plugins/commit-change.js';
import { pascalPlanet, routePerPlanet } from '../../plugins/planet-routes.js';
import { AssetParams } from '../assets/assets.schemas.js';
import { getCorrection, listAssetCorrections, requestCorrection } from './corrections.service.js';
import {
  CorrectionList,
  CorrectionParams,
  CorrectionRecord,
  planetCorrectionBodies,
  type CorrectionBody,
} from './corrections.schemas.js';

const planetOf = (params: { planet: string }): PlanetId => params.planet as PlanetId;

/** Corrections after issue under /api/v1 (docs/corrections.md): a key of the owning account asks, and reads. */
export async function correctionRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  const request = async (
    http: FastifyRequest<{ Params: { id: string } }>,
    reply: FastifyReply,
    planet: PlanetId,
  ) => {
    const principal = requirePrincipal(http);
    const record = await commitChange(http, 201, (tx) =>
      requestCorrection(tx, principal, planet, http.params.id, http.body as CorrectionBody),
    );
    return reply.code(201).send(record);
  };
  const requestResponses = {
    201: CorrectionRecord,
    ...errorResponses([400, 404, 409], {
      body: true,
      descriptions: {
        404: 'No asset with this id in this planet, or another account owns it (asset_not_found).',
        409: 'The certificate is not issued, the asset is archived, or a request is already open (invalid_state).',
      },
    }),
  };
  // One operation per planet, as the update: each planet's `fields` are typed (docs/api.md).
  routePerPlanet(app, {
    method: 'POST',
    url: (planet) => `/assets/${planet}/:id/corrections`,
    params: AssetParams,
    schema: (planet) => ({
      tags: ['corrections'],
      operationId: `request${pascalPlanet(planet)}Correction`,
      summary: `Request a correction of an issued ${planet} certificate`,
      description:
        "The changed fields (validated as an update), public images to remove by media id, and a reason. The operator approves or refuses; an approval changes the asset, records `CERTIFICATE_AMENDED`, signs a new credential and sets the old one's `refresh` status bit (docs/corrections.md). At most one open request per asset.",
      params: Type.Object({ id: AssetParams.properties.id }),
      body: planetCorrectionBodies[planet],
      response: requestResponses,
    }),
    handler: request,
  });

  app.get(
    '/assets/:planet/:id/corrections',
    {
      preValidation: checkPlanetParam,
      schema: {
        tags: ['corrections'],
        operationId: 'listAssetCorrections',
        summary: "List the correction requests of one of the account's assets",
        description: 'Newest first, open and decided alike; another account sees none of them.',
        params: AssetParams,
        response: { 200: CorrectionList, ...errorResponses([400, 404]) },
      },
    },
    async (http) => ({
      data: await listAssetCorrections(app.db, requirePrincipal(http), planetOf(http.params), http.params.id),
    }),
  );

  app.get(
    '/corrections/:id',
    {
      schema: {
        tags: ['corrections'],
        operationId: 'getCorrection',
        summary: 'Get one correction request of the account',
        description:
          "Its status (`open`, `approved`, `refused`), the operator's reason, and on approval the sequence of its `CERTIFICATE_AMENDED` event.",
        params: CorrectionParams,
        response: {
          200: CorrectionRecord,
          ...errorResponses([400, 404], {
            descriptions: { 404: "No such request of the caller's account (correction_not_found)." },
          }),
        },
      },
    },
    async (http) => getCorrection(app.db, requirePrincipal(http), http.params.id),
  );
}
