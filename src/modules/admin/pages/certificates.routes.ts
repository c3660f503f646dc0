import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { isPlanetId } from '../../../planets/planets.js';
import { certificateStatuses } from '../../assets/asset-states.js';
import { glancesOfAssets } from '../../assets/asset-glances.service.js';
import { certificateMoveNames, listCertificates } from '../../certificates/certificate-moves.service.js';
import { verificationSummaries } from '../../verification/verification.service.js';
import type { Flash } from '../../web-pages/page-document.views.js';
import { formChange, FormText, redirectWithFlash, sendAdminPage, session } from './admin-page.helpers.js';
import { commitAdminMove, moveDoneNotice } from './certificate-move.helpers.js';
import { certificatesPage, type CertificateView } from './certificates.views.js';
import { adminText } from '../text/index.js';

const MoveFormBody = Type.Object(
  { _csrf: FormText, reason: FormText, view_status: FormText, view_planet: FormText },
  { additionalProperties: true },
);
const CertificateParams = Type.Object({ number: Type.String({ maxLength: 100 }) });
const CertificatesQuery = Type.Object(
  {
    status: Type.Optional(Type.String({ maxLength: 20 })),
    planet: Type.Optional(Type.String({ maxLength: 50 })),
  },
  { additionalProperties: true },
);

function certificateView(query: { status?: string; planet?: string }): CertificateView {
  return {
    status: (certificateStatuses as readonly string[]).includes(query.status ?? '')
      ? query.status!
      : 'pending',
    planet: isPlanetId(query.planet) ? query.planet : undefined,
  };
}

/** /admin/certificates: the review queue by status and planet, and the five moves. */
export async function certificatePageRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  /** The review queue as it is now, to be drawn with a notice. */
  async function certificatesPageOf(request: FastifyRequest, view: CertificateView) {
    const items = await listCertificates(db, { status: view.status, planet: view.planet, limit: 500 });
    // The operator sees the public images the certificate will show: one query for the whole queue.
    const [verifications, glances] = await Promise.all([
      verificationSummaries(
        db,
        items.map((item) => item.asset_id),
      ),
      glancesOfAssets(
        db,
        null,
        items.map((item) => ({ planet: item.planet, id: item.asset_id })),
      ),
    ]);
    return (flash: Flash | undefined) =>
      certificatesPage({ session: session(request), items, verifications, glances, view, flash });
  }

  app.get<{ Querystring: Static<typeof CertificatesQuery> }>(
    '/certificates',
    { schema: { hide: true, querystring: CertificatesQuery } },
    async (request, reply) =>
      sendAdminPage(request, reply, await certificatesPageOf(request, certificateView(request.query))),
  );

  for (const move of certificateMoveNames) {
    app.post<{ Params: Static<typeof CertificateParams>; Body: Static<typeof MoveFormBody> }>(
      `/certificates/:number/${move}`,
      { schema: { hide: true, params: CertificateParams, body: MoveFormBody } },
      async (request, reply) => {
        const view = certificateView({ status: request.body.view_status, planet: request.body.view_planet });
        const query = new URLSearchParams({ status: view.status });
        if (view.planet) query.set('planet', view.planet);
        return formChange(
          reply,
          () =>
            commitAdminMove(request, {
              certificateNumber: request.params.number,
              move,
              reason: request.body.reason,
            }),
          () =>
            redirectWithFlash(
              request,
              reply,
              `/admin/certificates?${query.toString()}`,
              moveDoneNotice(request.params.number, move),
            ),
          async ({ flash, status }) =>
            sendAdminPage(request, reply, await certificatesPageOf(request, view), {
              flash: {
                ...flash,
                message: adminText.certificates.refusedMove(request.params.number, String(flash.message)),
              },
              status,
            }),
        );
      },
    );
  }
}
