import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { isPlanetId } from '../../../planets/planets.js';
import { certificateStatuses } from '../../assets/asset-states.js';
import { glancesOfAssets } from '../../assets/asset-glances.service.js';
import { certificateMoveNames, listCertificates } from '../../certificates/certificate-moves.service.js';
import { verificationSummaries } from '../../verification/verification.service.js';
import type { Flash } from '../../web-pages/page-document.views.js';
import { FormText, redirectWithFlash, refusal, session, takeFlash } from './admin-page.helpers.js';
import { sendPage } from '../../web-pages/page-document.views.js';
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

  async function renderCertificates(
    request: FastifyRequest,
    reply: FastifyReply,
    view: CertificateView,
    extra: { flash?: Flash; status?: number } = {},
  ) {
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
    return sendPage(
      reply,
      certificatesPage({
        session: session(request),
        items,
        verifications,
        glances,
        view,
        flash: extra.flash,
      }),
      extra.status,
    );
  }

  app.get<{ Querystring: Static<typeof CertificatesQuery> }>(
    '/certificates',
    { schema: { hide: true, querystring: CertificatesQuery } },
    async (request, reply) =>
      renderCertificates(request, reply, certificateView(request.query), { flash: await takeFlash(request) }),
  );

  for (const move of certificateMoveNames) {
    app.post<{ Params: Static<typeof CertificateParams>; Body: Static<typeof MoveFormBody> }>(
      `/certificates/:number/${move}`,
      { schema: { hide: true, params: CertificateParams, body: MoveFormBody } },
      async (request, reply) => {
        const view = certificateView({ status: request.body.view_status, planet: request.body.view_planet });
        try {
          await commitAdminMove(request, {
            certificateNumber: request.params.number,
            move,
            reason: request.body.reason,
          });
        } catch (error) {
          const { flash, status } = refusal(error);
          return renderCertificates(request, reply, view, {
            flash: {
              ...flash,
              message: adminText.certificates.refusedMove(request.params.number, String(flash.message)),
            },
            status,
          });
        }
        const query = new URLSearchParams({ status: view.status });
        if (view.planet) query.set('planet', view.planet);
        return redirectWithFlash(
          request,
          reply,
          `/admin/certificates?${query.toString()}`,
          moveDoneNotice(request.params.number, move),
        );
      },
    );
  }
}
