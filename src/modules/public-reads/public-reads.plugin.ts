import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PublicReadCache } from './public-read-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Public reads that can change, from memory while their database version is unchanged (docs/performance.md). */
    publicReads: PublicReadCache;
  }
}

/** One cache per instance, shared by the certificate pages, status lists, did.json/JWKS and the checkpoint. */
export const publicReadsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('publicReads', new PublicReadCache(app.db));
  },
  { name: 'public-reads' },
);
