import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { AppError } from '../../../errors/error-catalogue.js';
import { isPlanetId, planetIds, type PlanetId } from '../../../planets/planets.js';
import { getAsset } from '../../assets/assets.service.js';
import { refusal } from '../../web-pages/form-rules.js';
import type { Flash } from '../../web-pages/page-document.views.js';
import { memberSession } from '../shell/console-auth.js';
import { text } from '../text/index.js';
import { AssetFormRefused, type FormProblems } from './asset-form.js';

/** Files one upload form may carry; each is held in memory until all are checked, then added in one transaction. */
export const MAX_FILES = 10;

export const PlanetParams = Type.Object({ planet: Type.String({ maxLength: 50 }) });
export const AssetParams = Type.Object({ ...PlanetParams.properties, id: Type.String({ maxLength: 100 }) });
export const MediaParams = Type.Object({
  ...AssetParams.properties,
  media_id: Type.String({ maxLength: 100 }),
});
export const AlertParams = Type.Object({
  ...AssetParams.properties,
  alert_id: Type.String({ maxLength: 100 }),
});
export const TransferParams = Type.Object({
  ...AssetParams.properties,
  transfer_id: Type.String({ maxLength: 100 }),
});

/** A planet of the URL: another name is the API's 400 invalid_planet. */
export function planetOf(params: { planet: string }): PlanetId {
  if (!isPlanetId(params.planet)) {
    throw new AppError('invalid_planet', 'unknown', { planet: params.planet, expected: planetIds });
  }
  return params.planet;
}

/** The account's own asset: another account's, like none, is the 404 page. */
export async function ownAsset(request: FastifyRequest, params: { planet: string; id: string }) {
  const planet = planetOf(params);
  const asset = await getAsset(request.server.db, planet, params.id);
  if (asset.account_id !== memberSession(request).accountId) throw new AppError('asset_not_found');
  return { planet, asset };
}

/** A refused form as its page shows it: the asset form's problems beside their fields, any other refusal a notice. */
export function formRefusal(error: unknown): { flash: Flash; status: number; problems?: FormProblems } {
  if (error instanceof AssetFormRefused) {
    const message = text.assets.formRefused(error.problems.size);
    return { flash: { kind: 'error', message }, status: error.statusCode, problems: error.problems };
  }
  return refusal(error);
}
