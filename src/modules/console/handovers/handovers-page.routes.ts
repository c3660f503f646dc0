import type { HolderAction } from '../../holders/holder-rules.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { LANGUAGES, type Language } from '../../../i18n/locales.js';
import { currentLanguage } from '../../../i18n/request-language.js';
import { qrCodeSvgOnce } from '../../../lib/qr-codes.js';
import { limits } from '../../../limits.js';
import { AppError } from '../../../errors/error-catalogue.js';
import { isPlanetId } from '../../../planets/planets.js';
import { getAsset } from '../../assets/assets.service.js';
import { madeHoldingProofContent } from '../../holding-proofs/holding-proof-page.views.js';
import { createHoldingProof } from '../../holding-proofs/holding-proofs.service.js';
import { publicBaseUrl } from '../../signing/issuer-identity.js';
import { formChange } from '../../web-pages/form-rules.js';
import { sendPage, type Flash } from '../../web-pages/page-document.views.js';
import type { MemberPrincipal } from '../../principal/principal.js';
import { memberPrincipal, memberSession } from '../shell/console-auth.js';
import {
  changeThenRedirect,
  redirectWithFlash,
  FormBody,
  IdParams,
  pageFrame,
  pageRoute,
  refusal,
  sendConsolePage,
} from '../shell/console-page.helpers.js';
import { printSources } from '../print/certificate-print.routes.js';
import { text } from '../text/index.js';
import {
  acceptOfferedConsignment,
  assertSeesHolding,
  cardLanguage,
  consignmentLists,
  declineOfferedConsignment,
  handoverCardPdf,
  holdingView,
  makeClaim,
  offerConsignment,
  withdrawOffer,
} from './handovers-console.service.js';
import {
  claimMadePage,
  consignmentsPage,
  holdingProofMadePage,
  objectHandoverPage,
  objectHandoverPath,
  type HandedObject,
} from './handovers-page.views.js';

const words = text.handovers;

// An object by its category and id, as its asset page names it (an unknown category finds no object: 404).
const AssetParams = Type.Object({
  planet: Type.String({ maxLength: 50 }),
  id: Type.String({ maxLength: 100 }),
});
const CardLanguage = Type.Optional(Type.Union(LANGUAGES.map((language) => Type.Literal(language))));
const ClaimBody = Type.Object({
  ...FormBody.properties,
  email: Type.Optional(Type.String({ maxLength: 320 })),
  language: CardLanguage,
});
const ConsignBody = Type.Object({
  ...FormBody.properties,
  consignee: Type.String({ maxLength: limits.stringLength }),
});
const CardBody = Type.Object({
  ...FormBody.properties,
  code: Type.String({ maxLength: 200 }),
  language: CardLanguage,
});

type ObjectRequest = FastifyRequest<{ Params: Static<typeof AssetParams> }>;
type OfferRequest = FastifyRequest<{ Params: Static<typeof IdParams> }>;

/** The object the URL names, as the account may hand it over: one it registered or one it holds (else 404). */
async function handedObject(request: ObjectRequest): Promise<HandedObject> {
  const { db } = request.server;
  const { planet, id } = request.params;
  if (!isPlanetId(planet)) throw new AppError('asset_not_found');
  const asset = await getAsset(db, planet, id);
  const accountId = memberSession(request).accountId;
  await assertSeesHolding(db, accountId, asset);
  return {
    planet: asset.planet,
    id: asset.id,
    title: asset.title,
    certificate_number: asset.certificate_number,
    certificate_status: asset.certificate_status,
    account_id: asset.account_id,
    created_at: asset.created_at,
    registeredHere: asset.account_id === accountId,
  };
}

/**
 * The gallery's side of a hand-over (docs/collectors.md, docs/console.md "Hand-overs"): a claim for a buyer with
 * its card, a consignment to another account, and /console/handovers where consignments are answered. Viewers read;
 * editors and owners act.
 */
export async function handoversPageRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  /** The object's hand-over page, with a refusal's notice and status when a form on it was refused. */
  async function sendObjectPage(
    request: ObjectRequest,
    reply: FastifyReply,
    answer: { flash?: Flash; status?: number } = {},
  ) {
    const object = await handedObject(request);
    const view = await holdingView(db, memberSession(request).accountId, object);
    return sendConsolePage(request, reply, (frame) => objectHandoverPage(frame, object, view), answer);
  }

  const sendListPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    answer: { flash?: Flash; status?: number } = {},
  ) =>
    consignmentLists(db, memberSession(request).accountId).then((lists) =>
      sendConsolePage(request, reply, (frame) => consignmentsPage(frame, lists), answer),
    );

  app.get('/handovers', pageRoute('viewer', undefined, 'none'), async (request, reply) =>
    sendListPage(request, reply),
  );

  app.get<{ Params: Static<typeof AssetParams> }>(
    '/handovers/objects/:planet/:id',
    pageRoute('viewer', { params: AssetParams }, 'view_private_details'),
    async (request, reply) => sendObjectPage(request, reply),
  );

  app.post<{ Params: Static<typeof AssetParams>; Body: Static<typeof ClaimBody> }>(
    '/handovers/objects/:planet/:id/claim',
    pageRoute('editor', { params: AssetParams, body: ClaimBody }, 'hand_over'),
    async (request, reply) => {
      const object = await handedObject(request);
      const language: Language = cardLanguage(request.body.language, currentLanguage() as Language);
      const email = request.body.email?.trim() || undefined;
      let claim;
      try {
        claim = await makeClaim(db, app.config, {
          principal: memberPrincipal(request),
          planet: object.planet,
          assetId: object.id,
          email,
          language,
        });
      } catch (error) {
        return sendObjectPage(request, reply, refusal(error));
      }
      const [frame, qrSvg] = await Promise.all([pageFrame(request), qrCodeSvgOnce(claim.claimUrl)]);
      // The code is on this page alone: no cache may keep it.
      void reply.header('cache-control', 'no-store');
      return sendPage(reply, claimMadePage(frame, object, { ...claim, qrSvg, language }));
    },
  );

  app.post<{ Params: Static<typeof AssetParams>; Body: Static<typeof ConsignBody> }>(
    '/handovers/objects/:planet/:id/consign',
    pageRoute('editor', { params: AssetParams, body: ConsignBody }, 'hand_over'),
    async (request, reply) => {
      const object = await handedObject(request);
      return changeThenRedirect(request, reply, {
        run: () =>
          offerConsignment(db, {
            principal: memberPrincipal(request),
            planet: object.planet,
            assetId: object.id,
            consigneeName: request.body.consignee,
          }),
        url: objectHandoverPath(object),
        done: (result) =>
          result.kind === 'offered'
            ? { kind: 'notice', message: words.consignmentOffered(result.accountName) }
            : {
                kind: 'error',
                message: { none: words.noSuchAccount, several: words.severalAccounts, own: words.ownAccount }[
                  result.kind
                ],
              },
        refused: (answer) => sendObjectPage(request, reply, answer),
      });
    },
  );

  // The account that holds the object proves it to someone in front of it; anyone else is told there is no such object.
  app.post<{ Params: Static<typeof AssetParams> }>(
    '/handovers/objects/:planet/:id/proof',
    pageRoute('editor', { params: AssetParams, body: FormBody }, 'prove_holding'),
    async (request, reply) => {
      const object = await handedObject(request);
      const accountId = memberSession(request).accountId;
      const proof = await createHoldingProof(db, { accountId, planet: object.planet, assetId: object.id });
      const [frame, content] = await Promise.all([
        pageFrame(request),
        madeHoldingProofContent(proof, publicBaseUrl(app.config)),
      ]);
      // The code is the holder's secret, on this page alone: no cache may keep it.
      void reply.header('cache-control', 'no-store');
      return sendPage(reply, holdingProofMadePage(frame, object, content));
    },
  );

  app.post<{ Params: Static<typeof IdParams>; Body: Static<typeof CardBody> }>(
    '/handovers/offers/:id/card.pdf',
    pageRoute('editor', { params: IdParams, body: CardBody }, 'hand_over'),
    async (request, reply) => {
      const { pdf, certificateNumber } = await handoverCardPdf(printSources(app), {
        accountId: memberSession(request).accountId,
        handoverId: request.params.id,
        code: request.body.code.replace(/\s+/g, ''),
        language: cardLanguage(request.body.language, currentLanguage() as Language),
      });
      return reply
        .type('application/pdf')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="handover-${certificateNumber}.pdf"`)
        .send(pdf);
    },
  );

  /** Where a decision leads, with its notice: a cancelled offer to its object's page, an answer to the list. */
  const decisions = {
    cancel: async (principal: MemberPrincipal, id: string) => {
      const handover = await withdrawOffer(db, principal, id);
      return {
        url: objectHandoverPath({ planet: handover.planet, id: handover.asset_id }),
        message: words.cancelled,
      };
    },
    accept: async (principal: MemberPrincipal, id: string) => {
      const { asset } = await acceptOfferedConsignment(db, principal, id);
      return { url: '/console/handovers', message: words.accepted(asset.certificate_number) };
    },
    decline: async (principal: MemberPrincipal, id: string) => {
      await declineOfferedConsignment(db, principal, id);
      return { url: '/console/handovers', message: words.declined };
    },
  };

  // The rule each decision answers to: the one who offered withdraws, the consignee answers.
  const DECISION_RULES: Record<string, HolderAction> = {
    cancel: 'cancel_hand_over',
    accept: 'accept_consignment',
    decline: 'accept_consignment',
  };
  // Each decision on an offer, then its page with a notice; refused, the consignments page says why.
  for (const [move, decide] of Object.entries(decisions)) {
    app.post<{ Params: Static<typeof IdParams> }>(
      `/handovers/offers/:id/${move}`,
      pageRoute('editor', { params: IdParams, body: FormBody }, DECISION_RULES[move]),
      async (request: OfferRequest, reply) =>
        formChange(
          reply,
          () => decide(memberPrincipal(request), request.params.id),
          ({ url, message }) => redirectWithFlash(request, reply, url, { kind: 'notice', message }),
          (answer) => sendListPage(request, reply, answer),
        ),
    );
  }
}
