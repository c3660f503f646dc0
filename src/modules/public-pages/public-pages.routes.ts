import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SafeHtml } from '../../lib/html.js';
import { matchesIfNoneMatch } from '../../lib/immutable-responses.js';
import { prefersHtml } from '../../lib/accept.js';
import { AppError } from '../../errors/error-catalogue.js';
import { sendError } from '../../plugins/error-handler.js';
import {
  certificatePageEtag,
  normaliseCertificateNumber,
  pageIssuer,
  readCertificatePage,
} from './public-pages.service.js';
import {
  certificateView,
  EXAMPLE_NUMBER,
  howToCheckView,
  landingView,
  lookUpView,
  notFoundView,
  notIssuedView,
  type ShownHoldingProof,
} from './public-pages.views.js';
import { addVary } from '../../lib/vary.js';
import { checkHoldingProof, holdingProofReceiptPath } from '../holding-proofs/holding-proofs.service.js';
import { languageOf } from '../../i18n/request-language.js';
import { text } from './text/index.js';

// A suspension or revocation must show within about 5 s, caches included (docs/public-page.md).
const CERTIFICATE_CACHE_CONTROL = 'public, max-age=5';
const STATIC_PAGE_CACHE_CONTROL = 'public, max-age=300';

export function sendPage(reply: FastifyReply, page: SafeHtml, status = 200): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').send(page.value);
}

/**
 * GET / (and HEAD /): the home page for a person's browser; a program keeps the JSON 404 it always had there
 * (docs/public-page.md, "Browsers get pages"). Which one depends on Accept, so both say Vary: Accept.
 */
export async function homePageRoutes(app: FastifyInstance): Promise<void> {
  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    addVary(reply, 'Accept');
    if (!prefersHtml(request.headers.accept))
      return sendError(
        reply,
        new AppError('route_not_found', 'no_route', { method: request.method, path: '/' }),
      );
    void reply.header('cache-control', STATIC_PAGE_CACHE_CONTROL);
    return sendPage(reply, landingView(app.serviceBrand));
  });
}

const LookUpQuery = Type.Object({ number: Type.Optional(Type.String()) });
const CertificatePageParams = Type.Object({ number: Type.String() });
const CertificatePageQuery = Type.Object({
  // A proof of holding's code (docs/collectors.md): the page checks it and says whether it holds.
  proof: Type.Optional(Type.String({ maxLength: 200 })),
});

/** A proof of holding shown with the page's address, checked now; the page then is the one reader's alone. */
async function shownHoldingProof(
  app: FastifyInstance,
  certificateNumber: string,
  code: string,
): Promise<ShownHoldingProof> {
  const check = await checkHoldingProof(app.db, certificateNumber, code);
  if (!check.valid) return { valid: false };
  return {
    valid: true,
    checkedAt: check.checkedAt,
    receiptPath: holdingProofReceiptPath(certificateNumber, code),
  };
}

/** The certificate page, the look-up form and "how to check this yourself", under /c. */
export async function publicPageRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: Static<typeof LookUpQuery> }>(
    '/',
    { schema: { hide: true, querystring: LookUpQuery } },
    async (request, reply) => {
      const typed = request.query.number;
      if (typed === undefined) {
        void reply.header('cache-control', STATIC_PAGE_CACHE_CONTROL);
        return sendPage(reply, lookUpView(app.serviceBrand));
      }
      const number = normaliseCertificateNumber(typed);
      if (number) return reply.header('cache-control', 'no-store').redirect(`/c/${number}`, 303);
      void reply.header('cache-control', 'no-store');
      const error = typed.trim() === '' ? text.lookUp.emptyNumber : text.lookUp.notANumber(EXAMPLE_NUMBER);
      return sendPage(reply, lookUpView(app.serviceBrand, { value: typed.slice(0, 64), error }), 400);
    },
  );

  app.get('/how-to-check', { schema: { hide: true } }, async (_request, reply) => {
    void reply.header('cache-control', STATIC_PAGE_CACHE_CONTROL);
    return sendPage(reply, howToCheckView(app.serviceBrand, pageIssuer(app.config)));
  });

  app.get<{ Params: Static<typeof CertificatePageParams>; Querystring: Static<typeof CertificatePageQuery> }>(
    '/:number',
    { schema: { hide: true, params: CertificatePageParams, querystring: CertificatePageQuery } },
    async (request, reply) => {
      const read = await readCertificatePage(
        app.publicReads,
        app.db,
        app.config,
        request.params.number,
        request.ip,
      );
      const page = read.value;
      if (page.kind === 'redirect') {
        void reply.header('cache-control', STATIC_PAGE_CACHE_CONTROL);
        return reply.redirect(page.location, 301);
      }
      const { proof } = request.query;
      // A page read with a proof's code is kept by no cache: the code is the holder's, the verdict is of this moment.
      if (!read.cacheable || proof !== undefined) void reply.header('cache-control', 'no-store');
      else {
        const etag = certificatePageEtag(read.etag, languageOf(request));
        void reply.header('cache-control', CERTIFICATE_CACHE_CONTROL).header('etag', etag);
        if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
      }
      if (page.kind === 'unknown') return sendPage(reply, notFoundView(app.serviceBrand, page.shown), 404);
      const { certificate } = page;
      if (!certificate.issued)
        return sendPage(reply, notIssuedView(app.serviceBrand, certificate.certificate_number));
      const number = certificate.certificate_number;
      return sendPage(
        reply,
        certificateView({
          ...page,
          ...(proof === undefined
            ? {}
            : {
                holdingProof: await shownHoldingProof(app, number, proof),
                languagePath: `/c/${number}?proof=${encodeURIComponent(proof)}`,
              }),
          certificate,
          checkedAt: new Date(),
          brand: app.serviceBrand,
          contactEmail: app.config.AVS_CONTACT_EMAIL,
        }),
      );
    },
  );
}
