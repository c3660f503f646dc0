import { createHmac, randomBytes } from 'node:crypto';
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors/error-catalogue.js';
import { secretsMatch } from '../../lib/secrets.js';
import { CSRF_FIELD, isSecretTokenShape, newSecretToken } from './web-sessions.js';

/** The cookie of one app's forms before a session exists: its own name and path, as the session cookie's. */
export interface SignInCsrfCookie {
  name: string;
  path: string;
}

function signedToken(secret: string, salt: string): string {
  return `${salt}.${createHmac('sha256', secret).update(salt).digest('base64url')}`;
}

/**
 * The CSRF token of the forms filled in before a session exists (sign-in, an invitation): a signed double-submit
 * cookie. The browser holds a random secret in an httpOnly, SameSite=Strict cookie; each form carries a salt and
 * the secret's HMAC of it. Another site can neither read the cookie nor make its browser send it (Strict), so it
 * cannot write a token that matches; nothing is stored on the server, so any instance checks it.
 */
export function signInCsrf(cookie: SignInCsrfCookie) {
  return {
    /** A token for a form on the page being sent; the cookie is set when the browser has none yet. */
    issue: (request: FastifyRequest, reply: FastifyReply): string => {
      let secret = request.cookies[cookie.name];
      if (!secret || !isSecretTokenShape(secret)) {
        secret = newSecretToken();
        // The request's own cookie from now on: a page drawn twice in one answer gets one secret.
        request.cookies[cookie.name] = secret;
        void reply.setCookie(cookie.name, secret, {
          path: cookie.path,
          httpOnly: true,
          sameSite: 'strict',
          secure: request.protocol === 'https',
        });
      }
      return signedToken(secret, randomBytes(12).toString('base64url'));
    },
    /** preValidation of a form's POST: its `_csrf` field was made from this browser's cookie. */
    check: async (request: FastifyRequest): Promise<void> => {
      const secret = request.cookies[cookie.name];
      const presented: unknown = (request.body as Record<string, unknown> | undefined)?.[CSRF_FIELD];
      const salt = typeof presented === 'string' ? presented.split('.', 1)[0]! : '';
      const matches =
        secret !== undefined &&
        isSecretTokenShape(secret) &&
        /^[A-Za-z0-9_-]{16}$/.test(salt) &&
        secretsMatch(presented, signedToken(secret, salt));
      if (!matches) throw new AppError('csrf_failed', 'sign_in_form');
    },
  };
}
