import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { prepareLogo } from '../accounts/account-profiles.service.js';
import type { ProcessedMedia } from '../media/media-processing.js';
import { SERVICE_LOGO_PATH, type ServiceBrand } from '../../lib/service-brand.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The service's name and logo as pages and certificates show them. */
    serviceBrand: ServiceBrand;
    /** AVS_SERVICE_LOGO as served and printed: read once at start, by the media rules a gallery's logo follows. */
    serviceLogo: ProcessedMedia | undefined;
  }
}

/** The operator's logo file, made ready as a gallery's logo is (type from its bytes, pixel limit, metadata gone). */
async function readServiceLogo(app: FastifyInstance, path: string): Promise<ProcessedMedia> {
  try {
    return await prepareLogo(await readFile(path), app.imageDecoder);
  } catch (error) {
    throw new Error(
      `AVS_SERVICE_LOGO=${path} is not a readable JPEG, PNG or WebP image: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
}

/** The service's brand from AVS_SERVICE_NAME and AVS_SERVICE_LOGO; after the media plugin (its decoder). */
export const serviceBrandPlugin = fp(async (app: FastifyInstance) => {
  const path = app.config.AVS_SERVICE_LOGO;
  const logo = path ? await readServiceLogo(app, path) : undefined;
  app.decorate('serviceLogo', logo);
  app.decorate('serviceBrand', {
    name: app.config.AVS_SERVICE_NAME,
    ...(logo
      ? {
          logo: {
            url: `${SERVICE_LOGO_PATH}?v=${logo.sha256.slice(0, 16)}`,
            width: logo.width ?? 0,
            height: logo.height ?? 0,
          },
        }
      : {}),
  });
});
