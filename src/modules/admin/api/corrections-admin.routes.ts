import type { TSchema } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AppError } from '../../../errors/error-catalogue.js';
import { commitChange } from '../../../plugins/commit-change.js';
import { requireAdminActor } from '../auth/admin-auth.js';
import { errorResponses } from './admin-api.schemas.js';
import { forgetOrphanBytes } from '../../media/media.service.js';
import {
  correctionDecisions,
  findCorrectionForReview,
  listCorrectionsForReview,
  toCorrectionRecord,
} from '../../corrections/corrections.service.js';
import {
  CorrectionList,
  CorrectionListQuery,
  CorrectionParams,
  CorrectionRecord,
  DecisionBody,
} from '../../corrections/corrections.schemas.js';

const answers = <T extends TSchema>(ok: T) => ({ 200: ok, ...errorResponses });
// The admin API is documented in docs/admin.md and docs/corrections.md, not in the /api/v1 OpenAPI document.
const hide = true;

/** The operator's side of corrections under /admin/api (registered inside the admin API, behind its auth). */
export async function adminCorrectionRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/corrections',
    { schema: { hide, querystring: CorrectionListQuery, response: answers(CorrectionList) } },
    async (request) => ({
      data: (await listCorrectionsForReview(app.db, request.query)).map(toCorrectionRecord),
    }),
  );

  app.get(
    '/corrections/:id',
    { schema: { hide, params: CorrectionParams, response: answers(CorrectionRecord) } },
    async (request) => {
      const row = await findCorrectionForReview(app.db, request.params.id);
      if (!row) throw new AppError('correction_not_found');
      return toCorrectionRecord(row);
    },
  );

  const decisionSchema = {
    hide,
    params: CorrectionParams,
    body: DecisionBody,
    response: answers(CorrectionRecord),
  };
  // The operator's two answers: one route each, the same params, body and answer.
  for (const [decision, decide] of Object.entries(correctionDecisions))
    app.post(`/corrections/:id/${decision}`, { schema: decisionSchema }, async (request) => {
      const actor = requireAdminActor(request);
      const { correction, orphans } = await commitChange(request, 200, (tx) =>
        decide(tx, {
          id: request.params.id,
          actor,
          reason: request.body?.reason,
          credentialSigner: request.server.credentialSigner,
        }),
      );
      for (const orphan of orphans) await forgetOrphanBytes(app.mediaStores, orphan);
      return correction;
    });
}
