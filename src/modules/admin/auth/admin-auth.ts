import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../errors/error-catalogue.js';
import type { AdminActor } from '../../certificates/certificate-moves.service.js';
import { secretsMatch } from '../../../lib/secrets.js';
import {
  formCsrfMatches,
  isStateChanging,
  sessionCookieOf,
  type SessionCookie,
} from '../../web-pages/web-sessions.js';
import { findAdminSession, type AdminSession } from './admin-sessions.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    adminSession?: AdminSession;
  }
}

const SESSION_COOKIE: SessionCookie = { name: 'avs_admin_session', path: '/admin' };
const CSRF_HEADER = 'x-csrf-token';

/** onRequest: request.adminSession from the session cookie, when it names a live session. */
export async function loadAdminSession(request: FastifyRequest): Promise<void> {
  const token = request.cookies[SESSION_COOKIE.name];
  if (token) request.adminSession = await findAdminSession(request.server.db, token);
}

const adminCookie = sessionCookieOf(SESSION_COOKIE);
export const setSessionCookie = adminCookie.set;
export const clearSessionCookie = adminCookie.clear;

/** preHandler of every admin page but the log-in page: no session, back to the log-in page. */
export async function requirePageSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!request.adminSession) return reply.redirect('/admin/login', 303);
}

/** preValidation of every state-changing admin form: the synchroniser token must match the session. */
export async function checkFormCsrf(request: FastifyRequest): Promise<void> {
  if (!isStateChanging(request.method) || !request.adminSession) return;
  if (!formCsrfMatches(request.body, request.adminSession.csrfToken)) throw new AppError('csrf_failed');
}

const BEARER = /^bearer +(\S+) *$/i;

function adminUnauthorized(): AppError {
  return new AppError('admin_unauthorized').withHeaders({ 'www-authenticate': 'Bearer' });
}

/**
 * onRequest of /admin/api: Authorization: Bearer <AVS_ADMIN_TOKEN> when that is set, else the
 * session cookie (with the CSRF header on state-changing calls). Returns who is acting.
 */
export async function authenticateAdminApi(request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = BEARER.exec(header);
    const expected = request.server.config.AVS_ADMIN_TOKEN;
    if (!match || !expected || !secretsMatch(match[1], expected)) {
      // Counted like a wrong API key: a flood of guesses from one address ends in 429.
      await request.server.onAuthenticationFailure(request);
      throw adminUnauthorized();
    }
    request.adminActor = { adminToken: true };
    return;
  }
  await loadAdminSession(request);
  const session = request.adminSession;
  if (!session) throw adminUnauthorized();
  if (isStateChanging(request.method) && !secretsMatch(request.headers[CSRF_HEADER], session.csrfToken)) {
    throw new AppError('csrf_failed');
  }
  request.adminActor = { adminUserId: session.adminUserId };
}

declare module 'fastify' {
  interface FastifyRequest {
    adminActor?: AdminActor;
  }
}

export function requireAdminActor(request: FastifyRequest): AdminActor {
  if (request.adminActor) return request.adminActor;
  if (request.adminSession) return { adminUserId: request.adminSession.adminUserId };
  throw adminUnauthorized();
}
