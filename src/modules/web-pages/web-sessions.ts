import { createHash, randomBytes } from 'node:crypto';
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { secretsMatch } from '../../lib/secrets.js';

// What the session-authenticated apps (/admin, /console) share; each keeps its own cookie, table and path.

/** A notice for the next page the signed-in person sees, shown once. */
export interface SessionFlash {
  kind: 'notice' | 'error';
  message: string;
}

/** The hidden form field that carries the synchroniser token. */
export const CSRF_FIELD = '_csrf';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isStateChanging(method: string): boolean {
  return STATE_CHANGING.has(method);
}

/** A new opaque secret: 32 random bytes, base64url (a session token, a CSRF token, an invitation). */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only the hash of a token is stored: a leaked table does not let anyone in. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether a presented value has the shape newSecretToken makes (checked before any look-up). */
export function isSecretTokenShape(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

/** Whether a form's synchroniser token matches the session's. */
export function formCsrfMatches(body: unknown, csrfToken: string): boolean {
  return secretsMatch((body as Record<string, unknown> | undefined)?.[CSRF_FIELD], csrfToken);
}

/** The session cookie of one app: httpOnly, SameSite=Lax, on its path only, Secure behind TLS. */
export interface SessionCookie {
  name: string;
  path: string;
}

/** Setting and clearing one application's session cookie (its name and path fixed). */
export function sessionCookieOf(cookie: SessionCookie) {
  return {
    set: (reply: FastifyReply, request: FastifyRequest, token: string, expiresAt: Date): void => {
      void reply.setCookie(cookie.name, token, { ...cookieOptions(request, cookie), expires: expiresAt });
    },
    clear: (reply: FastifyReply, request: FastifyRequest): void => {
      void reply.clearCookie(cookie.name, cookieOptions(request, cookie));
    },
  };
}

function cookieOptions(request: FastifyRequest, cookie: SessionCookie) {
  return {
    path: cookie.path,
    httpOnly: true,
    sameSite: 'lax' as const,
    // request.protocol follows X-Forwarded-Proto only when the app trusts its proxy.
    secure: request.protocol === 'https',
  };
}
