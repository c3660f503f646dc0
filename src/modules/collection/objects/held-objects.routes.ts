import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import QRCode from 'qrcode';
import { languageOf } from '../../../i18n/request-language.js';
import { printSources } from '../../console/print/certificate-print.routes.js';
import { printableHeldCertificate, certificatePdf } from '../../console/print/certificate-print.service.js';
import { mailSettings } from '../../mail/mail-settings.js';
import { listPasskeys } from '../../passkeys/passkeys.service.js';
import { FormText, formChange } from '../../web-pages/form-rules.js';
import { sendPage } from '../../web-pages/page-document.views.js';
import { collectionSignInCsrf, collectorSession } from '../shell/collection-auth.js';
import { collectionErrorPage } from '../shell/collection-layout.views.js';
import { collectionRoute, redirectWithNotice, sendCollectionPage } from '../shell/collection-page.helpers.js';
import { text } from '../text/index.js';
import { claimPage, claimSignInPage, closedClaimPage } from './claim.views.js';
import {
  acceptClaimAsCollector,
  accountNamesOf,
  assertCollectorHolds,
  cancelOpenHandover,
  claimOf,
  collectionOf,
  consignToAccount,
  findConsignees,
  handOnToCollector,
  heldObject,
  reportHeldObject,
} from './held-objects.service.js';
import { collectionListPage, handOverMadePage, heldObjectPage, objectPath } from './held-objects.views.js';

const ObjectParams = Type.Object({
  planet: Type.String({ maxLength: 100 }),
  id: Type.String({ maxLength: 100 }),
});
type ObjectRequest<Extra = object> = FastifyRequest<{ Params: Static<typeof ObjectParams> } & Extra>;
const ObjectQuery = Type.Object({ consignee: Type.Optional(Type.String({ maxLength: 200 })) });
const CodeParams = Type.Object({ code: Type.String({ maxLength: 100 }) });
const HandOnBody = Type.Object({ _csrf: FormText, email: FormText }, { additionalProperties: true });
const ConsignBody = Type.Object({ _csrf: FormText, account_id: FormText }, { additionalProperties: true });
const ReportBody = Type.Object(
  { _csrf: FormText, kind: FormText, occurred_at: FormText, reference: FormText, note: FormText },
  { additionalProperties: true },
);

/**
 * The collector's works (docs/collectors.md, "The collector's place"): the list, each work's page and what its holder
 * does there (hand it on, consign it, cancel, report it, its certificate's PDF), and a claim's page that accepts one.
 * Every work is the signed-in collector's own: anyone else's, or one they handed on, is 404.
 */
export async function heldObjectRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const collector = (request: FastifyRequest) => collectorSession(request).collectorId;

  /** A holder's form: done, back to the work with a notice; refused, back with why. */
  const act = (
    request: ObjectRequest,
    reply: FastifyReply,
    run: () => Promise<string>,
  ): Promise<FastifyReply> => {
    const back = objectPath(request.params);
    return formChange(
      reply,
      run,
      (message) => redirectWithNotice(request, reply, back, { kind: 'notice', message }),
      ({ flash, status }) => refusedHere(request, reply, back, { message: String(flash.message), status }),
    );
  };

  /** A refused form: a work that is not theirs (any more) is a 404 or 403 page; any other refusal goes back with why. */
  const refusedHere = async (
    request: FastifyRequest,
    reply: FastifyReply,
    back: string,
    refusal: { message: string; status: number },
  ): Promise<FastifyReply> => {
    if (refusal.status !== 404 && refusal.status !== 403)
      return redirectWithNotice(request, reply, back, { kind: 'error', message: refusal.message });
    const page = collectionErrorPage(app.serviceBrand, refusal.status, refusal.message, true);
    return sendPage(reply, page, refusal.status);
  };

  app.get('/', collectionRoute('collector', 'none'), async (request, reply) => {
    const session = collectorSession(request);
    const [objects, passkeys] = await Promise.all([
      collectionOf(db, session.collectorId),
      listPasskeys(db, session.personId),
    ]);
    return sendCollectionPage(request, reply, (frame) =>
      collectionListPage(frame, objects, passkeys.length === 0),
    );
  });

  app.get<{ Params: Static<typeof ObjectParams>; Querystring: Static<typeof ObjectQuery> }>(
    '/objects/:planet/:id',
    collectionRoute('collector', 'view_private_details', { params: ObjectParams, querystring: ObjectQuery }),
    async (request, reply) => {
      const object = await heldObject(db, collector(request), request.params.planet, request.params.id);
      const typed = request.query.consignee;
      const [accounts, matches] = await Promise.all([
        accountNamesOf(db, object.provenance),
        typed === undefined ? undefined : findConsignees(db, typed),
      ]);
      return sendCollectionPage(request, reply, (frame) =>
        heldObjectPage(frame, object, {
          accounts,
          search: typed === undefined ? undefined : { typed, matches: matches ?? [] },
        }),
      );
    },
  );

  app.post<{ Params: Static<typeof ObjectParams>; Body: Static<typeof HandOnBody> }>(
    '/objects/:planet/:id/hand-on',
    collectionRoute('collector', 'hand_over', { params: ObjectParams, body: HandOnBody }),
    async (request, reply) => {
      const email = request.body.email?.trim() || undefined;
      const back = objectPath(request.params);
      return formChange(
        reply,
        async () => {
          const object = await heldObject(db, collector(request), request.params.planet, request.params.id);
          const made = await handOnToCollector(db, {
            collectorId: collector(request),
            planet: request.params.planet,
            id: request.params.id,
            email,
            language: languageOf(request) === 'en-XA' ? 'en' : languageOf(request),
            mail: mailSettings(app.config),
          });
          return { ...made, title: object.asset.title };
        },
        async (made) => {
          // Drawn fresh for this code, never cached: the code is a secret shown this once.
          const qrSvg = await QRCode.toString(made.claimUrl, {
            type: 'svg',
            errorCorrectionLevel: 'M',
            margin: 4,
          });
          return sendCollectionPage(request, reply, (frame) =>
            handOverMadePage(frame, { ...made, path: back, qrSvg }),
          );
        },
        ({ flash, status }) => refusedHere(request, reply, back, { message: String(flash.message), status }),
      );
    },
  );

  app.post<{ Params: Static<typeof ObjectParams>; Body: Static<typeof ConsignBody> }>(
    '/objects/:planet/:id/consign',
    collectionRoute('collector', 'hand_over', { params: ObjectParams, body: ConsignBody }),
    async (request, reply) =>
      act(request, reply, async () => {
        const name = await consignToAccount(db, {
          collectorId: collector(request),
          ...request.params,
          accountId: request.body.account_id ?? '',
        });
        return text.heldObject.consigned(name);
      }),
  );

  app.post<{ Params: Static<typeof ObjectParams> }>(
    '/objects/:planet/:id/cancel-handover',
    collectionRoute('collector', 'cancel_hand_over', { params: ObjectParams }),
    async (request, reply) =>
      act(request, reply, async () => {
        await cancelOpenHandover(db, { collectorId: collector(request), ...request.params });
        return text.heldObject.cancelled;
      }),
  );

  app.post<{ Params: Static<typeof ObjectParams>; Body: Static<typeof ReportBody> }>(
    '/objects/:planet/:id/report',
    collectionRoute('collector', 'raise_alert', { params: ObjectParams, body: ReportBody }),
    async (request, reply) =>
      act(request, reply, async () => {
        const { kind, occurred_at, reference, note } = request.body;
        await reportHeldObject(db, {
          collectorId: collector(request),
          ...request.params,
          report: { kind: (kind ?? '') as 'stolen', occurred_at: occurred_at ?? '', reference, note },
        });
        return text.heldObject.reported;
      }),
  );

  app.get<{ Params: Static<typeof ObjectParams> }>(
    '/objects/:planet/:id/certificate.pdf',
    collectionRoute('collector', 'download_certificate', { params: ObjectParams }),
    async (request, reply) => {
      const { planet, id } = request.params;
      await assertCollectorHolds(db, collector(request), planet, id);
      const sources = printSources(app);
      const certificate = await printableHeldCertificate(sources, planet, id);
      const pdf = await certificatePdf(sources, certificate, 'a4');
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="certificate-${certificate.certificateNumber}.pdf"`,
        )
        .send(pdf);
    },
  );

  app.get<{ Params: Static<typeof CodeParams> }>(
    '/claim/:code',
    collectionRoute('none', 'none', { params: CodeParams }),
    async (request, reply) => {
      const { code } = request.params;
      const claim = await claimOf(db, code);
      if (!claim.open) {
        return sendPage(
          reply,
          closedClaimPage(app.serviceBrand, claim.standing),
          claim.standing === 'unknown' ? 404 : 410,
        );
      }
      const shown = { ...claim, code };
      if (request.collectorSession)
        return sendCollectionPage(request, reply, (frame) => claimPage(frame, shown));
      return sendPage(
        reply,
        claimSignInPage(app.serviceBrand, shown, { csrfToken: collectionSignInCsrf.issue(request, reply) }),
      );
    },
  );

  app.post<{ Params: Static<typeof CodeParams> }>(
    '/claim/:code',
    collectionRoute('collector', 'accept_claim', { params: CodeParams }),
    async (request, reply) => {
      const { code } = request.params;
      return formChange(
        reply,
        () => acceptClaimAsCollector(db, code, collector(request)),
        (path) => redirectWithNotice(request, reply, path, { kind: 'notice', message: text.claim.accepted }),
        async ({ status }) => {
          const claim = await claimOf(db, code);
          return sendPage(
            reply,
            closedClaimPage(app.serviceBrand, claim.open ? 'unknown' : claim.standing),
            status === 404 ? 404 : 410,
          );
        },
      );
    },
  );
}
