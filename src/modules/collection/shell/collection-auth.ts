import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from '../../../errors/error-catalogue.js';
import { secretsMatch } from '../../../lib/secrets.js';
import { signInCsrf } from '../../web-pages/sign-in-csrf.js';
import { formCsrfMatches, isStateChanging, sessionCookieOf } from '../../web-pages/web-sessions.js';
import { findCollectorSession, type CollectorSession } from './collector-sessions.service.js';

/** What a /collection route needs: a signed-in collector, or nothing (sign-in, a claim's first look). */
export type CollectionAccess = 'collector' | 'none';

declare module 'fastify' {
  interface FastifyContextConfig {
    collectorAccess?: CollectionAccess;
    /** A JSON route (a passkey ceremony): no session is 401 JSON, and the CSRF token comes in a header. */
    collectorJson?: boolean;
  }
  interface FastifyRequest {
    collectorSession?: CollectorSession;
  }
}

// Its own name and path: the browser never sends it to /console or /admin, nor theirs here.
const COLLECTOR_COOKIE = { name: 'avs_collector_session', path: '/collection' };
const collectorCookie = sessionCookieOf(COLLECTOR_COOKIE);
export const setCollectorCookie = collectorCookie.set;
export const clearCollectorCookie = collectorCookie.clear;

/** The forms before a session (the address to mail a link to, the link's button): a signed double-submit cookie. */
export const collectionSignInCsrf = signInCsrf({ name: 'avs_collection_sign_in', path: '/collection' });

/**
 * The claim a signed-out buyer was accepting, kept in this browser while the mailed link makes the round trip
 * (never in the mail, never in a URL but the claim's own): httpOnly, SameSite=Strict, on /collection only.
 */
const PENDING_CLAIM_COOKIE = 'avs_collection_claim';
const PENDING_CLAIM_SECONDS = 30 * 60;

export function keepPendingClaim(request: FastifyRequest, reply: FastifyReply, code: string): void {
  void reply.setCookie(PENDING_CLAIM_COOKIE, code, {
    path: '/collection',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: PENDING_CLAIM_SECONDS,
  });
}

/** The claim kept by keepPendingClaim, forgotten as it is read. */
export function takePendingClaim(request: FastifyRequest, reply: FastifyReply): string | undefined {
  const code = request.cookies[PENDING_CLAIM_COOKIE];
  if (code === undefined) return undefined;
  void reply.clearCookie(PENDING_CLAIM_COOKIE, { path: '/collection' });
  return /^[A-Za-z0-9_-]{16,100}$/.test(code) ? code : undefined;
}

const routesByServer = new WeakMap<object, { method: string; url: string; access: CollectionAccess }[]>();

/** Every /collection route with what it needs (the tests walk them). */
export function listCollectionRoutes(app: { server: object }) {
  return routesByServer.get(app.server) ?? [];
}

/** onRoute: a /collection route that does not say whether it needs a collector stops the start. */
export function declareCollectionRoute(server: object) {
  return function onCollectionRoute(route: RouteOptions): void {
    const access = route.config?.collectorAccess;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (access === undefined) {
      throw new Error(
        `collection route ${methods.join(',')} ${route.url} declares no config.collectorAccess`,
      );
    }
    const list = routesByServer.get(server) ?? [];
    routesByServer.set(server, list);
    for (const method of methods) list.push({ method, url: route.url, access });
  };
}

/** onRequest: the session from its own cookie; a route for collectors without one goes to the sign-in page. */
export async function enforceCollector(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.cookies[COLLECTOR_COOKIE.name];
  if (token) request.collectorSession = await findCollectorSession(request.server.db, token);
  const { collectorAccess, collectorJson } = request.routeOptions.config;
  if (collectorAccess !== 'collector' || request.collectorSession) return;
  if (collectorJson) throw new AppError('member_unauthorized');
  return reply.redirect('/collection/sign-in', 303);
}

/** preValidation: a signed-in write carries the session's token (a form's `_csrf`, a JSON route's header). */
export async function checkCollectionCsrf(request: FastifyRequest): Promise<void> {
  const { collectorAccess, collectorJson } = request.routeOptions.config;
  if (!isStateChanging(request.method) || collectorAccess !== 'collector') return;
  const expected = request.collectorSession!.csrfToken;
  const matches = collectorJson
    ? secretsMatch(request.headers['x-csrf-token'], expected)
    : formCsrfMatches(request.body, expected);
  if (!matches) throw new AppError('csrf_failed');
}

/** The session of a collector's route: enforceCollector has made sure there is one. */
export function collectorSession(request: FastifyRequest): CollectorSession {
  return request.collectorSession!;
}
