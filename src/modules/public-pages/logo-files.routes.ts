import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../errors/error-catalogue.js';
import { openProfileLogo } from '../accounts/account-profiles.service.js';
import { SERVICE_LOGO_PATH } from '../../lib/service-brand.js';

// An image, never opened as a page or a script; the pages that show it are ours.
const IMAGE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'cross-origin-resource-policy': 'same-origin',
};
// Named by the hash of its bytes: what this address serves never changes.
const IMMUTABLE = 'public, max-age=31536000, immutable';

const LogoParams = Type.Object({ sha256: Type.String({ maxLength: 64 }) });

function sendImage(reply: FastifyReply, image: { contentType: string; bytes: number; etag: string }) {
  return reply
    .headers(IMAGE_HEADERS)
    .header('cache-control', IMMUTABLE)
    .header('etag', `"${image.etag}"`)
    .header('content-length', image.bytes)
    .type(image.contentType);
}

/**
 * The logos the certificate pages show, under /c (no key, the pages' per-address bucket): a gallery's at
 * `/c/logos/{sha256}` while some account shows it, the service's (AVS_SERVICE_LOGO) at /c/static/service-logo.
 */
export async function logoFileRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: Static<typeof LogoParams> }>(
    '/logos/:sha256',
    { schema: { hide: true, params: LogoParams } },
    async (request, reply) => {
      const logo = await openProfileLogo(app.db, app.mediaStores, request.params.sha256);
      return sendImage(reply, { ...logo, etag: request.params.sha256 }).send(logo.stream);
    },
  );

  app.get(SERVICE_LOGO_PATH.slice('/c'.length), { schema: { hide: true } }, async (_request, reply) => {
    const logo = app.serviceLogo;
    if (!logo) throw new AppError('media_not_found');
    return sendImage(reply, { contentType: logo.type, bytes: logo.bytes.length, etag: logo.sha256 }).send(
      logo.bytes,
    );
  });
}
