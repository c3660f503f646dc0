import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from '../../../errors/error-catalogue.js';
import { secretsMatch } from '../../../lib/secrets.js';
import { roleReaches, type MemberRole } from '../../members/member-roles.js';
import type { MemberPrincipal } from '../../principal/principal.js';
import { findMemberSession, type MemberSession } from '../../members/member-sessions.service.js';
import {
  formCsrfMatches,
  isStateChanging,
  sessionCookieOf,
  type SessionCookie,
} from '../../web-pages/web-sessions.js';
import { signInCsrf } from '../../web-pages/sign-in-csrf.js';

/** What a /console route needs: the least role of the session's member, or 'none' (open: sign-in, invitations). */
export type ConsoleAccess = MemberRole | 'none';

declare module 'fastify' {
  interface FastifyContextConfig {
    memberRole?: ConsoleAccess;
    /** A JSON route (a passkey ceremony): no session is 401 JSON, and the CSRF token comes in a header. */
    memberJson?: boolean;
    /**
     * A multipart form (a file upload): its CSRF token is its first part, checked by readMultipartForm as the parts
     * are read, before any file is, not by the preValidation hook (which runs before the body is read).
     */
    memberMultipart?: boolean;
  }
  interface FastifyRequest {
    memberSession?: MemberSession;
  }
}

// Its own name and path: the browser never sends it to /admin, nor the admin's cookie here.
const MEMBER_COOKIE: SessionCookie = { name: 'avs_member_session', path: '/console' };
/** The header a console JSON write carries the session's CSRF token in (the page's `<meta name="csrf-token">`). */
const CSRF_HEADER = 'x-csrf-token';

/** Before a session there is no session token: the sign-in and invitation forms' is a signed double-submit cookie. */
export const consoleSignInCsrf = signInCsrf({ name: 'avs_member_sign_in', path: '/console' });

const memberCookie = sessionCookieOf(MEMBER_COOKIE);
export const setMemberCookie = memberCookie.set;
export const clearMemberCookie = memberCookie.clear;

/** A /console route as declared: method, URL and the role it needs (the roles table of the tests is built from these). */
export interface ConsoleRoute {
  method: string;
  url: string;
  memberRole: ConsoleAccess;
  /** Fetched by the console's script: refusals are the JSON error body, the CSRF token a header. */
  json: boolean;
}

const routesByServer = new WeakMap<object, ConsoleRoute[]>();

/** Every /console route of this app with its declared role (the app's instances share one server). */
export function listConsoleRoutes(app: { server: object }): readonly ConsoleRoute[] {
  return routesByServer.get(app.server) ?? [];
}

/** onRoute: a /console route that does not say what role it needs stops the start. */
export function declareConsoleRoute(server: object) {
  return function onConsoleRoute(route: RouteOptions): void {
    const memberRole = route.config?.memberRole;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (memberRole === undefined) {
      throw new Error(
        `console route ${methods.join(',')} ${route.url} declares no config.memberRole ('viewer', 'editor', 'owner' or 'none')`,
      );
    }
    const list = routesByServer.get(server) ?? [];
    routesByServer.set(server, list);
    const json = route.config?.memberJson === true;
    for (const method of methods) list.push({ method, url: route.url, memberRole, json });
  };
}

/** onRequest: the session from the cookie, then the route's role: none → sign-in page; too low → 403 page. */
export async function enforceMemberRole(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.cookies[MEMBER_COOKIE.name];
  if (token) request.memberSession = await findMemberSession(request.server.db, token);
  const { memberRole: needed, memberJson } = request.routeOptions.config;
  if (needed === undefined || needed === 'none') return;
  const session = request.memberSession;
  if (!session && memberJson) throw new AppError('member_unauthorized');
  if (!session) return reply.redirect('/console/login', 303);
  if (!roleReaches(session.role, needed)) throw new AppError('forbidden_role', 'needs', { role: needed });
}

/**
 * preValidation: a state-changing request behind a session carries the session's synchroniser token: a form in
 * its `_csrf` field, a JSON route in the x-csrf-token header.
 */
export async function checkConsoleCsrf(request: FastifyRequest): Promise<void> {
  const { memberRole: needed, memberJson, memberMultipart } = request.routeOptions.config;
  if (!isStateChanging(request.method) || needed === undefined || needed === 'none') return;
  if (memberMultipart) return;
  const expected = request.memberSession!.csrfToken;
  const matches = memberJson
    ? secretsMatch(request.headers[CSRF_HEADER], expected)
    : formCsrfMatches(request.body, expected);
  if (!matches) throw new AppError('csrf_failed');
}

/** The session of a route that needs a role: enforceMemberRole has made sure there is one. */
export function memberSession(request: FastifyRequest): MemberSession {
  return request.memberSession!;
}

/** The member as the services' principal: the session's account, every planet, the member recorded as the actor. */
export function memberPrincipal(request: FastifyRequest): MemberPrincipal {
  const session = memberSession(request);
  return { accountId: session.accountId, planetScope: [], memberId: session.memberId, role: session.role };
}
