import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { AppError } from '../../../errors/error-catalogue.js';
import { commitChange } from '../../../plugins/commit-change.js';
import {
  correctionDecisions,
  type CorrectionDecision,
  listCorrectionsForReview,
  openCorrectionImage,
  reviewCorrection,
} from '../../corrections/corrections.service.js';
import { forgetOrphanBytes } from '../../media/media.service.js';
import type { Flash } from '../../web-pages/page-document.views.js';
import { adminText } from '../text/index.js';
import { formChange, FormText, redirectWithFlash, sendAdminPage, session } from './admin-page.helpers.js';
import { correctionPage, correctionsPage } from './corrections.views.js';

const CorrectionParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
const CorrectionImageParams = Type.Object({
  id: Type.String({ maxLength: 100 }),
  imageId: Type.String({ maxLength: 100 }),
});
const DecisionFormBody = Type.Object({ _csrf: FormText, reason: FormText }, { additionalProperties: true });

/** /admin/corrections: the open requests; /admin/corrections/{id}: one beside the record, approved or refused. */
export async function correctionPageRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  app.get('/corrections', { schema: { hide: true } }, async (request, reply) => {
    const items = await listCorrectionsForReview(db, { status: 'open', limit: 500 });
    const titles = new Map<string, string>();
    for (const item of items) {
      const review = await reviewCorrection(db, item.id);
      if (review) titles.set(item.asset_id, review.asset.title);
    }
    return sendAdminPage(request, reply, (flash) =>
      correctionsPage({ session: session(request), items, titles, flash }),
    );
  });

  async function pageOf(request: FastifyRequest<{ Params: Static<typeof CorrectionParams> }>) {
    const review = await reviewCorrection(db, request.params.id);
    if (!review) throw new AppError('correction_not_found');
    return (flash: Flash | undefined) => correctionPage({ session: session(request), review, flash });
  }

  app.get<{ Params: Static<typeof CorrectionParams> }>(
    '/corrections/:id',
    { schema: { hide: true, params: CorrectionParams } },
    async (request, reply) => sendAdminPage(request, reply, await pageOf(request)),
  );

  // An image a request adds, held until the answer: the operator's alone, never cached, never read as another type.
  app.get<{ Params: Static<typeof CorrectionImageParams> }>(
    '/corrections/:id/images/:imageId',
    { schema: { hide: true, params: CorrectionImageParams } },
    async (request, reply) => {
      const { id, imageId } = request.params;
      const blob = await openCorrectionImage(db, app.mediaStores, id, imageId);
      return reply
        .header('content-type', blob.contentType)
        .header('content-length', blob.bytes)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(blob.stream);
    },
  );

  const decide = async (
    request: FastifyRequest<{
      Params: Static<typeof CorrectionParams>;
      Body: Static<typeof DecisionFormBody>;
    }>,
    decision: CorrectionDecision,
  ) => {
    const actor = { adminUserId: session(request).adminUserId };
    const { correction, orphans } = await commitChange(request, 200, (tx) =>
      correctionDecisions[decision](tx, {
        id: request.params.id,
        actor,
        reason: request.body.reason,
        credentialSigner: request.server.credentialSigner,
      }),
    );
    for (const orphan of orphans) await forgetOrphanBytes(app.mediaStores, orphan);
    return correction.certificate_number;
  };

  for (const decision of ['approve', 'refuse'] as const) {
    app.post<{ Params: Static<typeof CorrectionParams>; Body: Static<typeof DecisionFormBody> }>(
      `/corrections/:id/${decision}`,
      { schema: { hide: true, params: CorrectionParams, body: DecisionFormBody } },
      async (request, reply) =>
        formChange(
          reply,
          () => decide(request, decision),
          (number) =>
            redirectWithFlash(request, reply, '/admin/corrections', {
              kind: 'notice',
              message: (decision === 'approve'
                ? adminText.corrections.approved
                : adminText.corrections.refused)(number),
            }),
          async (answer) => sendAdminPage(request, reply, await pageOf(request), answer),
        ),
    );
  }
}
