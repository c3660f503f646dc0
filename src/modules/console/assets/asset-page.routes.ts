import { listAssetCorrections } from '../../corrections/corrections.service.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static } from '@sinclair/typebox';
import { AppError } from '../../../errors/error-catalogue.js';
import { answerLookup } from '../../alert-lookups/alert-lookups.service.js';
import { lookupAnswerValue } from '../../alert-lookups/lookup-answer-reply.js';
import { alertsOfAsset } from '../../alerts/alerts.service.js';
import { canChangeMedia, whyNotUpdatable } from '../../assets/asset-states.js';
import { historyOfAsset } from '../../history/history.service.js';
import { sendMedia } from '../../media/media-files.routes.js';
import { canReadHeic, mediaOfAsset } from '../../media/media.service.js';
import { pendingOfferOfAsset } from '../../transfers/transfers.service.js';
import { tapsOfAsset } from '../../tags/tap.service.js';
import { tagsOfAsset } from '../../tags/tags.service.js';
import { verificationsOfAsset } from '../../verification/verification.service.js';
import { sendPage, type Flash } from '../../web-pages/page-document.views.js';
import { memberPrincipal, memberSession } from '../shell/console-auth.js';
import { openMemberMedium, pageFrame, pageRoute } from '../shell/console-page.helpers.js';
import { assetFormValues, type AssetFormValues, type FormProblems } from './asset-form.js';
import { holdingView } from '../handovers/handovers-console.service.js';
import { assetPage } from './asset-page.views.js';
import { namesInHistory } from './history-names.service.js';
import { AssetParams, MAX_FILES, MediaParams, ownAsset } from './asset-route-parts.js';

const HISTORY_SHOWN = 100;
const VERIFICATIONS_SHOWN = 20;

/** The asset's page; with `extra`, the page again after a refused form (its status, notice and the form as typed). */
export async function renderAssetPage(
  request: FastifyRequest,
  reply: FastifyReply,
  params: { planet: string; id: string },
  extra: { flash?: Flash; status?: number; values?: AssetFormValues; problems?: FormProblems } = {},
) {
  const { planet, asset } = await ownAsset(request, params);
  const app = request.server;
  const db = app.db;
  const principal = memberPrincipal(request);
  // A look-up of a reported asset is on record and its page kept by no cache, as the API's GET (docs/alerts.md).
  const answer = await answerLookup(db, asset, 'get', { principal }, asset);
  lookupAnswerValue(reply, answer);
  // The asset read once above: each part is read of it, not of its id (which would read the asset again).
  const [frame, media, history, verifications, alerts, offer, tags, taps, corrections, holding] =
    await Promise.all([
      pageFrame(request),
      mediaOfAsset(db, principal, planet, asset),
      historyOfAsset(db, asset, HISTORY_SHOWN),
      verificationsOfAsset(db, principal, asset, VERIFICATIONS_SHOWN),
      alertsOfAsset(db, asset.id),
      pendingOfferOfAsset(db, principal, planet, asset.id),
      tagsOfAsset(db, asset.id),
      tapsOfAsset(db, principal, asset, VERIFICATIONS_SHOWN),
      listAssetCorrections(db, principal, planet, asset.id),
      holdingView(db, principal.accountId, asset),
    ]);
  const historyNames = await namesInHistory(db, history.data, { accountId: principal.accountId });
  return sendPage(
    reply,
    assetPage({
      session: memberSession(request),
      memberships: frame.memberships,
      service: frame.service,
      flash: extra.flash ?? frame.flash,
      planet,
      asset,
      values: extra.values ?? assetFormValues(planet, asset),
      formProblems: extra.problems,
      frozen: whyNotUpdatable(asset),
      correctionOpen: corrections.some((correction) => correction.status === 'open'),
      media,
      history: history.data,
      historyHasMore: history.has_more,
      historyNames,
      verifications: verifications.data,
      tag: tags.find((tag) => tag.status === 'active'),
      taps: taps.data,
      alerts,
      offer,
      holding,
      maxFiles: MAX_FILES,
      maxFileBytes: app.config.AVS_MEDIA_MAX_BYTES,
      // Asked only where the upload form shows: the answer loads sharp (libvips).
      heicReadable: canChangeMedia(asset.certificate_status) && (await canReadHeic()),
    }),
    extra.status,
  );
}

/** /console/assets/{planet}/{id}: the asset's page and its media's bytes. */
export async function assetPageRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: Static<typeof AssetParams> }>(
    '/assets/:planet/:id',
    pageRoute('viewer', { params: AssetParams }),
    async (request, reply) => renderAssetPage(request, reply, request.params),
  );

  app.get<{ Params: Static<typeof MediaParams> }>(
    '/assets/:planet/:id/media/:media_id',
    pageRoute('viewer', { params: MediaParams }),
    async (request, reply) => {
      const { asset } = await ownAsset(request, request.params);
      const download = await openMemberMedium(request);
      if (download.record.asset_id !== asset.id) {
        download.stream.destroy();
        throw new AppError('media_not_found');
      }
      return sendMedia(request, reply, download);
    },
  );
}
