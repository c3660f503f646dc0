import type { TSchema } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { assertPlanetAccess } from '../planets/planet-access.js';
import { planetIds, type PlanetId } from '../planets/planets.js';
import { checkPlanetParam, requirePrincipal } from './auth.js';

/** "dune" → "Dune", for a planet's operationId (`createDuneAsset`). */
export const pascalPlanet = (planet: string): string => planet.charAt(0).toUpperCase() + planet.slice(1);

interface RouteRegistrar {
  route(options: {
    method: 'POST' | 'PATCH';
    url: string;
    preValidation: (request: FastifyRequest) => Promise<void>;
    schema: FastifySchema;
    handler: (request: FastifyRequest, reply: FastifyReply) => unknown;
  }): unknown;
}

/**
 * One operation per planet, so that a generated client types each planet's body (docs/api.md), and the same
 * handler at `:planet` for any other planet: 400 invalid_planet (SPEC §4.1), outside the document.
 */
export function routePerPlanet<Request extends FastifyRequest>(
  app: RouteRegistrar,
  route: {
    method: 'POST' | 'PATCH';
    /** The path with the planet's segment: a planet's name, or `:planet`. */
    url: (planetSegment: string) => string;
    /** The params of the `:planet` route (the planet's own routes name theirs in `schema`). */
    params: TSchema;
    schema: (planet: PlanetId) => FastifySchema;
    handler: (request: Request, reply: FastifyReply, planet: PlanetId) => unknown;
  },
): void {
  const { method, url, handler } = route;
  for (const planet of planetIds)
    app.route({
      method,
      url: url(planet),
      // The key must cover the route's planet (400 planet_scope_mismatch), as checkPlanetParam does for `:planet`.
      preValidation: async (request) => {
        assertPlanetAccess(requirePrincipal(request), planet);
      },
      schema: route.schema(planet),
      handler: (request, reply) => handler(request as Request, reply, planet),
    });
  app.route({
    method,
    url: url(':planet'),
    preValidation: checkPlanetParam,
    schema: { hide: true, params: route.params },
    // checkPlanetParam has refused an unknown planet, so the cast only narrows the type.
    handler: (request, reply) =>
      handler(request as Request, reply, (request.params as { planet: string }).planet as PlanetId),
  });
}
