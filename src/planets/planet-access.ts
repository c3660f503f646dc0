import { AppError } from '../errors/error-catalogue.js';
import { isPlanetId, planetIds, type PlanetId } from './planets.js';

/** What planet access is decided on: the planets a key may act on, empty meaning every planet. */
export interface PlanetScoped {
  planetScope: readonly string[];
}

/** Planet known (400 invalid_planet), then in the key's scope (400 planet_scope_mismatch). */
export function assertPlanetAccess(principal: PlanetScoped, planet: unknown): PlanetId {
  if (!isPlanetId(planet)) {
    throw new AppError('invalid_planet', 'unknown', { planet, expected: planetIds });
  }
  if (!isInScope(principal, planet)) {
    throw new AppError('planet_scope_mismatch', 'out_of_scope', { planet });
  }
  return planet;
}

export function isInScope(principal: PlanetScoped, planet: string): boolean {
  return principal.planetScope.length === 0 || principal.planetScope.includes(planet);
}
