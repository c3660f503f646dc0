import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors/error-catalogue.js';
import { sendJsonText } from '../../lib/signed-json.js';
import { enforcePublicRateLimit } from '../../plugins/rate-limit.js';
import { checkHoldingProof, holdingProofReceiptText } from './holding-proofs.service.js';

const ReceiptParams = Type.Object({
  number: Type.String({ maxLength: 64 }),
  code: Type.String({ maxLength: 200 }),
});

/**
 * GET /c/{number}/proofs/{code}: a proof of holding checked for a program, without a key (docs/collectors.md): the
 * signed receipt of the check, as the bytes that were signed, or 404 `holding_proof_not_valid`. Like the credentials:
 * a per-address rate limit, and any verifier's web page may read it.
 */
export async function holdingProofReceiptRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', enforcePublicRateLimit);
  app.addHook('onRequest', async (_request, reply) => {
    void reply.headers({
      'access-control-allow-origin': '*',
      'cross-origin-resource-policy': 'cross-origin',
    });
  });
  app.get<{ Params: Static<typeof ReceiptParams> }>(
    '/c/:number/proofs/:code',
    { schema: { hide: true, params: ReceiptParams } },
    async (request, reply) => {
      // A receipt is of this moment, and its address holds the holder's code: no cache keeps either.
      void reply.header('cache-control', 'no-store');
      const check = await checkHoldingProof(app.db, request.params.number, request.params.code);
      if (!check.valid) throw new AppError('holding_proof_not_valid');
      return sendJsonText(reply, await holdingProofReceiptText(app.db, app.credentialSigner, check));
    },
  );
}
