import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../errors/error-response.schema.js';
import type { PlanetId } from '../../planets/planets.js';
import { checkPlanetParam, requirePrincipal } from '../../plugins/auth.js';
import { commitChange, sendChange } from '../../plugins/commit-change.js';
import { AssetParams, ownedAssetNotFound } from '../assets/assets.schemas.js';
import { AlertParams, AlertResponse, RaiseAlertBody, ResolveAlertBody } from './alerts.schemas.js';
import { raiseAlert, resolveAlert } from './alerts.service.js';

/** Stolen and lost (docs/alerts.md): the owner reports an asset and closes the report. */
export async function alertRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/assets/:planet/:id/alerts',
    {
      preValidation: checkPlanetParam,
      schema: {
        tags: ['assets'],
        operationId: 'raiseAssetAlert',
        summary: 'Report an asset stolen or lost (owner only)',
        description:
          'Opens an alert: `alert` on the asset and certificate records, `verified: false` with the `no_open_alert` check, a warning on the public page, an `ALERT_RAISED` history event, `asset.alert_raised` to the owner and `watch.triggered` to watchers, in one transaction. The certificate status is untouched. Every look-up of the asset is recorded while the alert is open. One open alert per asset.',
        params: AssetParams,
        body: RaiseAlertBody,
        response: {
          201: AlertResponse,
          ...errorResponses([400, 403, 404, 409], {
            body: true,
            descriptions: {
              403: 'A collector or another account holds the object now (not_holder).',
              400: 'A bad kind, an `occurred_at` that is not a date or is in the future, or planet scope mismatch.',
              ...ownedAssetNotFound,
              409: 'The asset already has an open alert (alert_already_open).',
            },
          }),
        },
      },
    },
    async (request, reply) => {
      const { planet, id } = request.params;
      return sendChange(request, reply, 201, (tx, principal) =>
        raiseAlert(tx, { principal }, { planet: planet, assetId: id }, request.body),
      );
    },
  );

  app.post(
    '/assets/:planet/:id/alerts/:alert_id/resolve',
    {
      preValidation: checkPlanetParam,
      schema: {
        tags: ['assets'],
        operationId: 'resolveAssetAlert',
        summary: 'Close a stolen or lost alert (owner only)',
        description:
          'Resolves the open alert as `recovered` or `withdrawn`: `alert` becomes null, the asset verifies again, an `ALERT_RESOLVED` history event, `asset.alert_resolved` to the owner and `watch.triggered` to watchers.',
        params: AlertParams,
        body: ResolveAlertBody,
        response: {
          200: AlertResponse,
          ...errorResponses([400, 403, 404, 409], {
            body: true,
            descriptions: {
              400: 'A bad outcome, or planet scope mismatch.',
              403: 'A collector or another account holds the object now (not_holder).',
              404: 'No such asset of the caller (asset_not_found), or no such alert on it (alert_not_found).',
              409: 'The alert is already resolved (invalid_state).',
            },
          }),
        },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const { planet, id, alert_id: alertId } = request.params;
      return commitChange(request, 200, (tx) =>
        resolveAlert(tx, { principal }, { planet: planet as PlanetId, assetId: id, alertId }, request.body),
      );
    },
  );
}
