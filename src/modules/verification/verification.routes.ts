import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../errors/error-response.schema.js';
import { assertPlanetAccess, requirePrincipal } from '../../plugins/auth.js';
import { commitChange } from '../../plugins/commit-change.js';
import { withVerificationReceipt } from '../credentials/receipts.service.js';
import { VerificationResponse, VerifyBody } from './verification.schemas.js';
import { verifyAsset } from './verification.service.js';

/** The planet is in the body here: unknown planet and scope are checked before the rest of the body. */
async function checkPlanetInBody(request: FastifyRequest): Promise<void> {
  const body = request.body as Record<string, unknown> | null | undefined;
  if (body && typeof body === 'object' && !Array.isArray(body) && body.planet !== undefined) {
    assertPlanetAccess(requirePrincipal(request), body.planet);
  }
}

export async function verificationRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/verify',
    {
      preValidation: checkPlanetInBody,
      schema: {
        tags: ['verification'],
        operationId: 'verifyAsset',
        summary: 'Verify an asset',
        description:
          '`verified` is true only when the certificate is issued, the asset is not archived and the history hash chain recomputes. Each verification is recorded as a `VERIFIED` event and emits `verification.completed`.',
        body: VerifyBody,
        response: {
          200: VerificationResponse,
          ...errorResponses([400, 404], {
            body: true,
            descriptions: {
              400: 'Invalid planet, missing or malformed `asset_id`, or planet scope mismatch.',
              404: 'No such asset in that planet (asset_not_found).',
            },
          }),
        },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      // checkPlanetInBody has narrowed the planet before the body schema ran.
      const planet = assertPlanetAccess(principal, request.body.planet);
      return commitChange(request, 200, async (tx) =>
        withVerificationReceipt(
          tx,
          request.server.credentialSigner,
          await verifyAsset(tx, principal, planet, request.body.asset_id),
        ),
      );
    },
  );
}
