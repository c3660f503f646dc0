import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors/error-catalogue.js';
import { publicBaseUrl } from '../signing/issuer-identity.js';
import { isStateChanging } from './web-sessions.js';

/** What Sec-Fetch-Site may say of a write: our own page (`same-origin`) or the person's own doing (`none`). */
const OWN_SITE = new Set(['same-origin', 'none']);

/** Whether an Origin header names this service: the host the request was sent to, or AVS_PUBLIC_URL's origin. */
function isOwnOrigin(origin: string, request: FastifyRequest): boolean {
  try {
    const url = new URL(origin);
    // Through URL both ways: a default port is dropped from either (Host "localhost:80", Origin "http://localhost").
    const own = new URL(`${request.protocol}://${request.host}`);
    return url.host === own.host || url.origin === new URL(publicBaseUrl(request.server.config)).origin;
  } catch {
    return false;
  }
}

/**
 * onRequest of /console and /admin: a state-changing request another site's page made is refused before anything
 * else is read (403 `csrf_failed`). The browser's Sec-Fetch-Site decides when it is sent; `same-site` is refused
 * too (a sibling subdomain is another origin to us). Without it (an older browser, a script), an Origin that names
 * another host is refused; `Origin: null` decides nothing (the pages' `Referrer-Policy: no-referrer` makes Chromium
 * send it on our own forms), and the forms' tokens stay the check.
 */
export async function refuseCrossSiteWrites(request: FastifyRequest): Promise<void> {
  if (!isStateChanging(request.method)) return;
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) {
    if (OWN_SITE.has(site)) return;
    throw new AppError('csrf_failed', 'other_site');
  }
  const origin = request.headers.origin;
  if (origin === undefined || origin === 'null' || isOwnOrigin(origin, request)) return;
  throw new AppError('csrf_failed', 'other_site');
}
