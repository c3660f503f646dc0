import { Type, type Static } from '@sinclair/typebox';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { inRequestLanguage } from '../../i18n/request-language.js';
import { AppError } from '../../errors/error-catalogue.js';
import { html, type SafeHtml } from '../../lib/html.js';
import { madeHoldingProofContent } from '../holding-proofs/holding-proof-page.views.js';
import { createHoldingProof } from '../holding-proofs/holding-proofs.service.js';
import { text } from '../holding-proofs/text/index.js';
import { publicDocument } from '../public-pages/public-pages.views.js';
import { publicBaseUrl } from '../signing/issuer-identity.js';
import { collectionRoute } from './shell/collection-page.helpers.js';

export interface HoldingProofRoutesOptions {
  /**
   * The collector signed in on this request, or undefined: the host's session, with its form check (CSRF) done, as
   * for its other forms. The route depends on nothing else of /collection.
   */
  collectorIdOf: (request: FastifyRequest) => string | undefined | Promise<string | undefined>;
  /** Draws the page in the host's frame (its layout, navigation, language links); the public pages' frame if none. */
  page?: (
    request: FastifyRequest,
    page: { title: string; content: SafeHtml },
  ) => SafeHtml | Promise<SafeHtml>;
}

const ProofParams = Type.Object({
  planet: Type.String({ maxLength: 64 }),
  id: Type.String({ format: 'uuid' }),
});

/**
 * POST /collection/objects/{planet}/{id}/proof (register with `{ prefix: '/collection' }`): a collector who holds the
 * object makes a proof of holding good for ten minutes, and sees its QR code, code and end (docs/collectors.md).
 * Anyone else is told there is no such object.
 */
export const holdingProofRoutes: FastifyPluginAsync<HoldingProofRoutesOptions> = async (app, options) => {
  app.post<{ Params: Static<typeof ProofParams> }>(
    '/objects/:planet/:id/proof',
    collectionRoute('collector', 'prove_holding', { params: ProofParams }),
    async (request, reply) => {
      // In the reader's language whether or not the host's scope speaks it already.
      return inRequestLanguage(request, () => answer(request, reply));
    },
  );

  async function answer(
    request: FastifyRequest<{ Params: Static<typeof ProofParams> }>,
    reply: FastifyReply,
  ) {
    const collectorId = await options.collectorIdOf(request);
    if (!collectorId) throw new AppError('member_unauthorized');
    const { planet, id } = request.params;
    const proof = await createHoldingProof(app.db, { collectorId, planet, assetId: id });
    const content = await madeHoldingProofContent(proof, publicBaseUrl(app.config));
    const title = text.holdingProofPage.title;
    const page = options.page
      ? await options.page(request, { title, content })
      : publicDocument(app.serviceBrand, title, html`<article class="panel">${content}</article>`);
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page.value);
  }
};
