import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { AppError } from '../../../errors/error-catalogue.js';
import { isPlanetId, type PlanetId } from '../../../planets/planets.js';
import { commitChange } from '../../../plugins/commit-change.js';
import { lookupsCsv, lookupsOfAsset } from '../../alert-lookups/alert-lookups.service.js';
import { alertsOfAsset, raiseAlert, resolveAlert } from '../../alerts/alerts.service.js';
import {
  certificateMoveNames,
  findCertificateOfAsset,
  type CertificateListItem,
} from '../../certificates/certificate-moves.service.js';
import { namesInHistory } from '../../console/assets/history-names.service.js';
import { getHistory } from '../../history/history.service.js';
import { sendMedia } from '../../media/media-files.routes.js';
import { sendThumbnail } from '../../media/media-thumbnails.js';
import { listMediaAsAdmin, openMediaAsAdmin } from '../../media/media.service.js';
import {
  latestVerificationsOfAsset,
  verificationSummaries,
} from '../../verification/verification.service.js';
import type { Flash } from '../../web-pages/page-document.views.js';
import type { SessionFlash } from '../../web-pages/web-sessions.js';
import { formChange, FormText, redirectWithFlash, sendAdminPage, session } from './admin-page.helpers.js';
import { commitAdminMove, moveDoneNotice } from './certificate-move.helpers.js';
import { assetPage, assetPagePath } from './asset.views.js';
import { adminText } from '../text/index.js';

const AssetPageParams = Type.Object({
  planet: Type.String({ maxLength: 50 }),
  id: Type.String({ maxLength: 100 }),
});
const AssetMediaParams = Type.Object({
  ...AssetPageParams.properties,
  media_id: Type.String({ maxLength: 100 }),
});
const MoveFormBody = Type.Object({ _csrf: FormText, reason: FormText }, { additionalProperties: true });
const AlertFormBody = Type.Object(
  { _csrf: FormText, kind: FormText, occurred_at: FormText, reference: FormText, note: FormText },
  { additionalProperties: true },
);
const ResolveFormBody = Type.Object({ _csrf: FormText, outcome: FormText }, { additionalProperties: true });
const AlertPageParams = Type.Object({
  ...AssetPageParams.properties,
  alert_id: Type.String({ maxLength: 100 }),
});
/** Look-ups shown on the page; the CSV export has them all. */
const LOOKUPS_SHOWN = 200;

/** Events shown on the page; an asset with more has them in the API's history. */
const HISTORY_SHOWN = 100;
const VERIFICATIONS_SHOWN = 20;

/**
 * /admin/assets/{planet}/{id}: an asset's fields, images, history, verifications and credential, with the
 * certificate moves; linked from the review queue. Its media bytes are served here behind the session.
 */
export async function assetPageRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  async function findCertificate(params: Static<typeof AssetPageParams>) {
    const certificate = isPlanetId(params.planet)
      ? await findCertificateOfAsset(db, params.planet, params.id)
      : undefined;
    if (!certificate) throw new AppError('asset_not_found');
    return certificate;
  }

  /** The asset's page as it is now, to be drawn with a notice. */
  async function assetPageOf(request: FastifyRequest, params: Static<typeof AssetPageParams>) {
    const certificate = await findCertificate(params);
    const planet = certificate.planet as Parameters<typeof getHistory>[1];
    const [media, history, verifications, summaries, alerts, lookups] = await Promise.all([
      listMediaAsAdmin(db, planet, certificate.asset_id),
      getHistory(db, planet, certificate.asset_id, { limit: HISTORY_SHOWN }),
      latestVerificationsOfAsset(db, certificate.asset_id, VERIFICATIONS_SHOWN),
      verificationSummaries(db, [certificate.asset_id]),
      alertsOfAsset(db, certificate.asset_id),
      lookupsOfAsset(db, certificate.asset_id, LOOKUPS_SHOWN + 1),
    ]);
    const historyNames = await namesInHistory(db, history.data, { operator: true });
    return (flash: Flash | undefined) =>
      assetPage({
        session: session(request),
        certificate,
        media,
        history: history.data,
        historyHasMore: history.has_more,
        historyNames,
        verifications,
        verificationSummary: summaries.get(certificate.asset_id),
        alerts,
        lookups: lookups.slice(0, LOOKUPS_SHOWN),
        lookupsHaveMore: lookups.length > LOOKUPS_SHOWN,
        flash,
      });
  }

  app.get<{ Params: Static<typeof AssetPageParams> }>(
    '/assets/:planet/:id',
    { schema: { hide: true, params: AssetPageParams } },
    async (request, reply) => sendAdminPage(request, reply, await assetPageOf(request, request.params)),
  );

  /**
   * A form on the asset's page: `act` on its certificate, then back to the page with the notice it returns; refused
   * (a 4xx the operator can act on), the page again with why.
   */
  async function assetForm(
    request: FastifyRequest<{ Params: Static<typeof AssetPageParams> }>,
    reply: FastifyReply,
    act: (certificate: CertificateListItem) => Promise<SessionFlash>,
  ) {
    const certificate = await findCertificate(request.params);
    return formChange(
      reply,
      () => act(certificate),
      (notice) => redirectWithFlash(request, reply, assetPagePath(certificate), notice),
      async (refused) => sendAdminPage(request, reply, await assetPageOf(request, request.params), refused),
    );
  }

  const openMedium = (params: Static<typeof AssetMediaParams>) =>
    openMediaAsAdmin(db, app.mediaStores, {
      planet: params.planet,
      assetId: params.id,
      mediaId: params.media_id,
    });

  app.get<{ Params: Static<typeof AssetMediaParams> }>(
    '/assets/:planet/:id/media/:media_id',
    { schema: { hide: true, params: AssetMediaParams } },
    async (request, reply) => sendMedia(request, reply, await openMedium(request.params)),
  );

  // The small square the certificates queue shows (certificates.views.ts).
  app.get<{ Params: Static<typeof AssetMediaParams> }>(
    '/assets/:planet/:id/media/:media_id/thumbnail',
    { schema: { hide: true, params: AssetMediaParams } },
    async (request, reply) =>
      sendThumbnail(request, reply, await openMedium(request.params), app.mediaThumbnails),
  );

  for (const move of certificateMoveNames) {
    app.post<{ Params: Static<typeof AssetPageParams>; Body: Static<typeof MoveFormBody> }>(
      `/assets/:planet/:id/${move}`,
      { schema: { hide: true, params: AssetPageParams, body: MoveFormBody } },
      async (request, reply) =>
        assetForm(request, reply, async (certificate) => {
          await commitAdminMove(request, {
            certificateNumber: certificate.certificate_number,
            move,
            reason: request.body.reason,
          });
          return moveDoneNotice(certificate.certificate_number, move);
        }),
    );
  }

  app.post<{ Params: Static<typeof AssetPageParams>; Body: Static<typeof AlertFormBody> }>(
    '/assets/:planet/:id/alerts',
    { schema: { hide: true, params: AssetPageParams, body: AlertFormBody } },
    async (request, reply) => {
      const { kind, occurred_at, reference, note } = request.body;
      return assetForm(request, reply, async (certificate) => {
        await commitChange(request, 201, (tx) =>
          raiseAlert(
            tx,
            { adminUserId: session(request).adminUserId },
            { planet: certificate.planet as PlanetId, assetId: certificate.asset_id },
            { kind: kind as 'stolen', occurred_at: occurred_at ?? '', reference, note },
          ),
        );
        return {
          kind: 'notice',
          message: adminText.asset.reported(kind ?? '', certificate.certificate_number),
        };
      });
    },
  );

  app.post<{ Params: Static<typeof AlertPageParams>; Body: Static<typeof ResolveFormBody> }>(
    '/assets/:planet/:id/alerts/:alert_id/resolve',
    { schema: { hide: true, params: AlertPageParams, body: ResolveFormBody } },
    async (request, reply) => {
      const outcome = request.body.outcome;
      return assetForm(request, reply, async (certificate) => {
        await commitChange(request, 200, (tx) =>
          resolveAlert(
            tx,
            { adminUserId: session(request).adminUserId },
            {
              planet: certificate.planet as PlanetId,
              assetId: certificate.asset_id,
              alertId: request.params.alert_id,
            },
            { outcome: outcome as 'recovered' },
          ),
        );
        return { kind: 'notice', message: adminText.asset.resolved(outcome ?? '') };
      });
    },
  );

  // The search audit for the police: every look-up while an alert was open, as CSV (RFC 4180).
  app.get<{ Params: Static<typeof AssetPageParams> }>(
    '/assets/:planet/:id/lookups.csv',
    { schema: { hide: true, params: AssetPageParams } },
    async (request, reply) => {
      const certificate = await findCertificate(request.params);
      const csv = lookupsCsv(await lookupsOfAsset(db, certificate.asset_id));
      const name = `lookups-${certificate.certificate_number}.csv`;
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${name}"`)
        .type('text/csv; charset=utf-8; header=present')
        .send(csv);
    },
  );
}
