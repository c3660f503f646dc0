import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AppError } from '../../../errors/error-catalogue.js';
import { ErrorResponse } from '../../../errors/error-response.schema.js';
import { commitChange } from '../../../plugins/commit-change.js';
import { requireAdminActor } from '../auth/admin-auth.js';
import { forgetOrphanBytes } from '../../media/media.service.js';
import {
  approveCorrection,
  findCorrectionForReview,
  listCorrectionsForReview,
  refuseCorrection,
  toCorrectionRecord,
} from '../../corrections/corrections.service.js';
import {
  CorrectionList,
  CorrectionListQuery,
  CorrectionParams,
  CorrectionRecord,
  DecisionBody,
} from '../../corrections/corrections.schemas.js';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
};
// The admin API is documented in docs/admin.md and docs/corrections.md, not in the /api/v1 OpenAPI document.
const hide = true;

/** The operator's side of corrections under /admin/api (registered inside the admin API, behind its auth). */
export async function adminCorrectionRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/corrections',
    { schema: { hide, querystring: CorrectionListQuery, response: { 200: CorrectionList, ...errors } } },
    async (request) => ({
      data: (await listCorrectionsForReview(app.db, request.query)).map(toCorrectionRecord),
    }),
  );

  app.get(
    '/corrections/:id',
    { schema: { hide, params: CorrectionParams, response: { 200: CorrectionRecord, ...errors } } },
    async (request) => {
      const row = await findCorrectionForReview(app.db, request.params.id);
      if (!row) throw new AppError('correction_not_found');
      return toCorrectionRecord(row);
    },
  );

  app.post(
    '/corrections/:id/approve',
    {
      schema: {
        hide,
        params: CorrectionParams,
        body: DecisionBody,
        response: { 200: CorrectionRecord, ...errors },
      },
    },
    async (request) => {
      const actor = requireAdminActor(request);
      const { correction, orphans } = await commitChange(request, 200, (tx) =>
        approveCorrection(tx, {
          id: request.params.id,
          actor,
          reason: request.body?.reason,
          credentialSigner: request.server.credentialSigner,
        }),
      );
      for (const orphan of orphans) await forgetOrphanBytes(app.mediaStores, orphan);
      return correction;
    },
  );

  app.post(
    '/corrections/:id/refuse',
    {
      schema: {
        hide,
        params: CorrectionParams,
        body: DecisionBody,
        response: { 200: CorrectionRecord, ...errors },
      },
    },
    async (request) => {
      const actor = requireAdminActor(request);
      return commitChange(request, 200, (tx) =>
        refuseCorrection(tx, { id: request.params.id, actor, reason: request.body?.reason }),
      );
    },
  );
}
