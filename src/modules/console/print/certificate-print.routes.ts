import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { AppError } from '../../../errors/error-catalogue.js';
import { LANGUAGES, type Language } from '../../../i18n/locales.js';
import { inLanguage } from '../../../i18n/request-language.js';
import { isPlanetId, planetIds } from '../../../planets/planets.js';
import type { MemberPrincipal } from '../../principal/principal.js';
import { sendPage } from '../../web-pages/page-document.views.js';
import { memberSession } from '../shell/console-auth.js';
import { pageFrame, pageRoute } from '../shell/console-page.helpers.js';
import {
  certificatePdf,
  issuedAssetsForLabels,
  labelSheetPdf,
  MAX_LABELS,
  printableCertificate,
  printableLabels,
  type PrintSources,
} from './certificate-print.service.js';
import { certificatePrintPage, labelChoicePage, labelSheetPage } from './certificate-print.views.js';

const AssetParams = Type.Object({
  planet: Type.String({ maxLength: 100 }),
  id: Type.String({ maxLength: 100 }),
});
const Paper = Type.Optional(Type.Union([Type.Literal('a4'), Type.Literal('letter')]));
// The PDF's own language, chosen on the print page: `language`, since `?lang=` would change the console's too.
const PdfLanguage = Type.Optional(Type.Union(LANGUAGES.map((language) => Type.Literal(language))));
const PaperQuery = Type.Object({ paper: Paper, language: PdfLanguage });
const ChoiceQuery = Type.Object({
  planet: Type.Optional(Type.String({ maxLength: 100 })),
  cursor: Type.Optional(Type.String({ maxLength: 2000 })),
});
const SheetQuery = Type.Object({
  planet: Type.String({ maxLength: 100 }),
  ids: Type.Optional(
    Type.Union([
      Type.String({ maxLength: 100 }),
      Type.Array(Type.String({ maxLength: 100 }), { maxItems: MAX_LABELS }),
    ]),
  ),
  paper: Paper,
  language: PdfLanguage,
});
type SheetQueryType = Static<typeof SheetQuery>;

/** Draws a PDF in the language asked for, else in the page's (the request's) language. */
function drawnIn<T>(language: Language | undefined, draw: () => Promise<T>): Promise<T> {
  return language ? inLanguage(language, draw) : draw();
}

function sendPdf(reply: FastifyReply, bytes: Buffer, filename: string): FastifyReply {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(bytes);
}

/** What printing a certificate or a card reads, from the app (the console's and /collection's routes). */
export function printSources(app: FastifyInstance): PrintSources {
  return {
    db: app.db,
    config: app.config,
    signer: app.credentialSigner,
    stores: app.mediaStores,
    service: app.serviceBrand,
    serviceLogo: app.serviceLogo,
  };
}

/**
 * Printing (viewer and up): an issued certificate as a page (print CSS) and a one-page PDF, and QR label sheets
 * of the account's issued certificates (docs/console.md, "Certificates to print").
 */
export async function certificatePrintRoutes(app: FastifyInstance): Promise<void> {
  const sources = (): PrintSources => printSources(app);
  const printable = (request: FastifyRequest<{ Params: Static<typeof AssetParams> }>) =>
    printableCertificate(
      sources(),
      memberSession(request).accountId,
      request.params.planet,
      request.params.id,
    );
  const labelsOf = (query: SheetQueryType, request: FastifyRequest) =>
    printableLabels(sources(), memberSession(request).accountId, query.planet, [query.ids ?? []].flat());

  app.get<{ Params: Static<typeof AssetParams> }>(
    '/assets/:planet/:id/certificate',
    pageRoute('viewer', { params: AssetParams }),
    async (request, reply) => {
      const [certificate, frame] = await Promise.all([printable(request), pageFrame(request)]);
      return sendPage(reply, certificatePrintPage({ ...frame, certificate }));
    },
  );

  app.get<{ Params: Static<typeof AssetParams>; Querystring: Static<typeof PaperQuery> }>(
    '/assets/:planet/:id/certificate.pdf',
    pageRoute('viewer', { params: AssetParams, querystring: PaperQuery }),
    async (request, reply) => {
      const certificate = await printable(request);
      const pdf = await drawnIn(request.query.language, () =>
        certificatePdf(sources(), certificate, request.query.paper ?? 'a4'),
      );
      return sendPdf(reply, pdf, `certificate-${certificate.certificateNumber}.pdf`);
    },
  );

  app.get<{ Querystring: Static<typeof ChoiceQuery> }>(
    '/labels',
    pageRoute('viewer', { querystring: ChoiceQuery }),
    async (request, reply) => {
      const session = memberSession(request);
      const planet = request.query.planet ?? planetIds[0]!;
      if (!isPlanetId(planet))
        throw new AppError('invalid_planet', 'unknown', { planet, expected: planetIds });
      const principal: MemberPrincipal = {
        accountId: session.accountId,
        planetScope: [],
        memberId: session.memberId,
        role: session.role,
      };
      const [page, frame] = await Promise.all([
        issuedAssetsForLabels(app.db, principal, planet, request.query.cursor),
        pageFrame(request),
      ]);
      return sendPage(
        reply,
        labelChoicePage({
          ...frame,
          planets: planetIds,
          planet,
          assets: page.data,
          nextCursor: page.next_cursor,
        }),
      );
    },
  );

  app.get<{ Querystring: SheetQueryType }>(
    '/labels/sheet',
    pageRoute('viewer', { querystring: SheetQuery }),
    async (request, reply) => {
      const [sheet, frame] = await Promise.all([labelsOf(request.query, request), pageFrame(request)]);
      // The same choice, as the PDF route reads it.
      const pdfHref = `/console/labels.pdf?${request.url.split('?')[1] ?? ''}`;
      return sendPage(
        reply,
        labelSheetPage({
          ...frame,
          planet: request.query.planet,
          ...sheet,
          pdfHref,
        }),
      );
    },
  );

  app.get<{ Querystring: SheetQueryType }>(
    '/labels.pdf',
    pageRoute('viewer', { querystring: SheetQuery }),
    async (request, reply) => {
      const sheet = await labelsOf(request.query, request);
      const pdf = await drawnIn(request.query.language, () =>
        labelSheetPdf(sources(), sheet, request.query.paper ?? 'a4'),
      );
      return sendPdf(reply, pdf, `labels-${request.query.planet}.pdf`);
    },
  );
}
