import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AppError } from '../../../errors/error-catalogue.js';
import { LANGUAGES } from '../../../i18n/locales.js';
import { isPlanetId, planetIds } from '../../../planets/planets.js';
import { commitChange } from '../../../plugins/commit-change.js';
import { operatorMoveHolding } from '../../holders/holders.service.js';
import { Handover } from '../../holders/holders.schemas.js';
import { mailSettings } from '../../mail/mail-settings.js';
import { requireAdminActor } from '../auth/admin-auth.js';
import { AssetParams, AssetRecord, errorResponses } from './admin-api.schemas.js';

const HolderMoveBody = Type.Object(
  {
    to_account_id: Type.Optional(Type.String({ format: 'uuid' })),
    email: Type.Optional(Type.String({ minLength: 3, maxLength: 320 })),
    language: Type.Optional(Type.Union(LANGUAGES.map((language) => Type.Literal(language)))),
    // What the operator saw as proof: kept in the audit log of the accounts concerned, never in the history.
    reason: Type.String({ minLength: 1, maxLength: 1000 }),
  },
  { additionalProperties: false },
);

const HolderMoveResponse = Type.Object({
  asset: Type.Optional(AssetRecord),
  handover: Type.Optional(Handover),
  code: Type.Optional(Type.String()),
  claim_url: Type.Optional(Type.String()),
});

/**
 * The operator's hand-over on proof (docs/collectors.md): an object held by a former collector moves to a named
 * account at once, or a claim is made for the proven owner; audited in the registrant's log.
 */
export async function adminHolderRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/assets/:planet/:id/holder',
    {
      config: { holderAction: 'operator_move' },
      schema: {
        hide: true,
        params: AssetParams,
        body: HolderMoveBody,
        response: { 200: HolderMoveResponse, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requireAdminActor(request);
      const adminUserId = 'adminUserId' in actor ? actor.adminUserId : null;
      const { planet, id } = request.params;
      if (!isPlanetId(planet))
        throw new AppError('invalid_planet', 'unknown', { planet, expected: planetIds });
      const { to_account_id: toAccountId, email, language, reason } = request.body;
      const settings = mailSettings(request.server.config);
      return commitChange(request, 200, async (tx) => {
        const moved = await operatorMoveHolding(tx, {
          planet,
          assetId: id,
          adminUserId,
          to:
            toAccountId === undefined
              ? { kind: 'claim', email, language }
              : { kind: 'account', accountId: toAccountId },
          reason,
          baseUrl: settings.baseUrl,
          mail: settings,
        });
        return { asset: moved.asset, handover: moved.handover, code: moved.code, claim_url: moved.claimUrl };
      });
    },
  );
}
