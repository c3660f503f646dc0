import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AppError } from '../../errors/error-catalogue.js';
import { errorResponses } from '../../errors/error-response.schema.js';
import type { PlanetId } from '../../planets/planets.js';
import { assertPlanetAccess } from '../../planets/planet-access.js';
import { checkPlanetParam, requirePrincipal } from '../../plugins/auth.js';
import { commitChange } from '../../plugins/commit-change.js';
import { drawForHashedHistory } from '../../plugins/rate-limit.js';
import { AssetParams } from '../assets/assets.schemas.js';
import { lookupAnswerValue } from '../alert-lookups/lookup-answer-reply.js';
import { sendJsonText } from '../../lib/signed-json.js';
import {
  Verification,
  VerificationPage,
  VerificationParams,
  VerificationResponse,
  VerificationsQuery,
  VerifyBody,
  type VerifyBodyType,
} from './verification.schemas.js';
import {
  getVerification,
  listAssetVerifications,
  recordVerification,
  VerificationReads,
  VerificationRecorder,
  verifyWithReceipt,
  type VerificationTarget,
} from './verification.service.js';

const VERIFY_FORMS = ['`planet` and `asset_id`', '`certificate_number` alone'];

/**
 * Which of the two forms the body is, checked before the body schema: the planet form's planet is
 * known and in scope (400) before the rest of the body is validated (the order docs/api.md gives).
 */
async function checkVerifyForm(request: FastifyRequest): Promise<void> {
  const body = request.body as Record<string, unknown> | null | undefined;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return; // the schema refuses it
  if (body.certificate_number !== undefined) {
    if (body.planet !== undefined || body.asset_id !== undefined) {
      throw new AppError('validation_failed', 'one_form_of', { forms: VERIFY_FORMS });
    }
    return;
  }
  if (body.planet === undefined) throw new AppError('validation_failed', 'required', { field: 'planet' });
  assertPlanetAccess(requirePrincipal(request), body.planet);
  if (body.asset_id === undefined) throw new AppError('validation_failed', 'required', { field: 'asset_id' });
}

function targetOf(body: VerifyBodyType): VerificationTarget {
  // checkVerifyForm has refused every other shape before the schema ran.
  return body.certificate_number !== undefined
    ? { certificateNumber: body.certificate_number }
    : { planet: body.planet as PlanetId, assetId: body.asset_id! };
}

export async function verificationRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const recorder = new VerificationRecorder(app.db);
  const reads = new VerificationReads(app.db);
  app.addHook('onClose', () => recorder.drain());

  app.post(
    '/verify',
    {
      preValidation: checkVerifyForm,
      schema: {
        tags: ['verification'],
        operationId: 'verifyAsset',
        summary: 'Verify an asset',
        description:
          "`verified` is true only when the certificate is issued, the asset is not archived, the history hash chain recomputes and no stolen-or-lost alert is open (`no_open_alert`). A verification is a read: it takes no lock and appends nothing to the asset's history. It is kept in its own record (`GET /api/v1/verifications/{id}`) and emits `verification.completed` to the owner's webhooks.",
        body: VerifyBody,
        response: {
          200: VerificationResponse,
          ...errorResponses([400, 404], {
            body: true,
            descriptions: {
              400: 'Invalid planet, missing or malformed `asset_id`, both forms or neither, or planet scope mismatch.',
              404: "No such asset in that planet (asset_not_found), or no certificate with that number in the key's planets (certificate_not_found).",
            },
          }),
        },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const { verification, text } = lookupAnswerValue(
        reply,
        await verifyWithReceipt(
          request.server.db,
          reads,
          request.server.credentialSigner,
          principal,
          targetOf(request.body),
          (events, paidFor) => drawForHashedHistory(request, reply, events, paidFor),
          request.server.tlogWitnesses,
          request.server.historyChecks.sample(),
        ),
      );
      // With an Idempotency-Key the record shares a transaction with the stored response (kept as this text).
      const sent = await commitChange(
        request,
        200,
        async (tx) => {
          await recordVerification(tx, principal, verification);
          return text;
        },
        {
          withoutIdempotencyKey: async () => {
            await recorder.record(principal, verification);
            return text;
          },
        },
      );
      return sendJsonText(reply, sent);
    },
  );

  app.get(
    '/verifications/:id',
    {
      schema: {
        tags: ['verification'],
        operationId: 'getVerification',
        summary: 'Get a stored verification',
        description: "Visible to the account that made it and to the asset's owner; 404 to everyone else.",
        params: VerificationParams,
        response: {
          200: Verification,
          ...errorResponses([404], {
            descriptions: {
              404: 'No verification with this id visible to the calling account (verification_not_found).',
            },
          }),
        },
      },
    },
    async (request) => getVerification(request.server.db, requirePrincipal(request), request.params.id),
  );

  app.get(
    '/assets/:planet/:id/verifications',
    {
      preValidation: checkPlanetParam,
      schema: {
        tags: ['verification'],
        operationId: 'listAssetVerifications',
        summary: 'List the verifications of an asset',
        description:
          'For the owning account only: who verified the asset, when, with what result. Newest first.',
        params: AssetParams,
        querystring: VerificationsQuery,
        response: {
          200: VerificationPage,
          ...errorResponses([400, 404], {
            descriptions: {
              400: '`limit` outside 1–100, a cursor this service did not return (validation_failed); invalid_planet; planet_scope_mismatch.',
              404: 'No asset with this id in this planet owned by the calling account (asset_not_found).',
            },
          }),
        },
      },
    },
    // checkPlanetParam has refused an unknown planet before this runs.
    async (request) =>
      listAssetVerifications(
        request.server.db,
        requirePrincipal(request),
        request.params.planet,
        request.params.id,
        request.query,
      ),
  );
}
