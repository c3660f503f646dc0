import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors/error-catalogue.js';
import { assertPlanetAccess } from '../planets/planet-access.js';
import type { KeyPrincipal } from '../modules/principal/principal.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: KeyPrincipal;
  }
}

// Scheme word case-insensitive (RFC 7235); exactly one space-separated token after it.
const BEARER = /^bearer +(\S+) *$/i;

/** The one 401: same text and header for a missing, malformed, unknown, revoked or expired key. */
function unauthorized(): AppError {
  return new AppError('unauthorized').withHeaders({ 'www-authenticate': 'Bearer' });
}

/** onRequest hook for /api/v1: sets request.principal or answers 401. */
export async function authenticateApiKey(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? BEARER.exec(header) : null;
  const principal = match ? await request.server.apiKeys.authenticate(match[1]!) : undefined;
  if (!principal) {
    await request.server.onAuthenticationFailure(request);
    throw unauthorized();
  }
  request.principal = principal;
}

export function requirePrincipal(request: FastifyRequest): KeyPrincipal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

/** preValidation hook for routes with a :planet path parameter: checks run before body validation. */
export async function checkPlanetParam(request: FastifyRequest): Promise<void> {
  assertPlanetAccess(requirePrincipal(request), (request.params as { planet?: unknown }).planet);
}
