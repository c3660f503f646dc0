import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The security headers of every answer (helmet's set for a JSON API, fixed by the options below), written
 * once: the same object serves the onRequest hook, the answers given before any hook runs (an unreadable
 * URL, malformed HTTP) and the /metrics listener. @fastify/helmet built them anew on every response
 * (`dashify`, `parseDirectives`: 5 % of a get's CPU, docs/performance.md); test/security keeps them equal
 * to what helmet itself makes of these options.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none';frame-ancestors 'none';base-uri 'none';form-action 'none'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

/** The options that give helmet's set above (the test builds helmet with them to compare). */
export const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'none'"],
    },
  },
  frameguard: { action: 'deny' as const },
  referrerPolicy: { policy: 'no-referrer' as const },
};

/**
 * The API answers JSON only, so its pages may load nothing and be framed by no one. /docs sets its
 * own policy (DOCS_CSP) and /admin sets its own headers; both run after this and override it.
 * A callback hook, not an async one: it runs on every request and needs no promise.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (_request, reply, done) => {
      void reply.headers(API_SECURITY_HEADERS);
      done();
    });
    // Fastify sends no X-Powered-By, and nothing here adds one (test/security checks every response).
  },
  { name: 'security-headers' },
);

/** The reference UI at /docs: its own scripts and styles only, nothing from elsewhere (served offline). */
export const DOCS_CSP =
  "default-src 'self'; base-uri 'self'; connect-src 'self'; font-src 'self' data:; frame-ancestors 'none'; " +
  "form-action 'self'; img-src 'self' data:; object-src 'none'; script-src 'self'; script-src-attr 'none'; " +
  "style-src 'self' 'unsafe-inline'";

/**
 * CORS for /api/v1, registered in its scope before authentication so that preflights (which carry no
 * Authorization header) are answered. No origins configured: no CORS headers at all (closed).
 */
export async function registerCors(v1: FastifyInstance, origins: readonly string[]): Promise<void> {
  if (origins.length === 0) return;
  await v1.register(cors, {
    origin: origins.includes('*') ? '*' : [...origins],
    methods: ['GET', 'POST', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-Request-Id'],
    exposedHeaders: [
      'X-Request-Id',
      'Retry-After',
      'RateLimit-Limit',
      'RateLimit-Remaining',
      'RateLimit-Reset',
      'Idempotent-Replayed',
      'WWW-Authenticate',
    ],
    // API keys travel in the Authorization header, never in cookies.
    credentials: false,
    maxAge: 600,
  });
}
