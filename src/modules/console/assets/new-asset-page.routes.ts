import type { FastifyInstance } from 'fastify';
import type { Static } from '@sinclair/typebox';
import { commitChange } from '../../../plugins/commit-change.js';
import { checkAgainstRouteSchema } from '../../../plugins/schema-check.js';
import { planetCreateBodies, type AssetRecordType } from '../../assets/assets.schemas.js';
import { createAsset } from '../../assets/assets.service.js';
import { sendPage } from '../../web-pages/page-document.views.js';
import { memberPrincipal } from '../shell/console-auth.js';
import { FormBody, pageFrame, redirectWithFlash, pageRoute } from '../shell/console-page.helpers.js';
import { text } from '../text/index.js';
import { assertAssetForm, createBody, readAssetForm } from './asset-form.js';
import { consoleAssetPath } from './asset-list-page.views.js';
import { formRefusal, PlanetParams, planetOf } from './asset-route-parts.js';
import { newAssetPage } from './new-asset-page.views.js';

const words = text.assets;

/** /console/assets/{planet}/new: the create form of a planet, and the asset it creates. */
export async function newAssetPageRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: Static<typeof PlanetParams> }>(
    '/assets/:planet/new',
    pageRoute('editor', { params: PlanetParams }),
    async (request, reply) => {
      const planet = planetOf(request.params);
      const frame = await pageFrame(request);
      return sendPage(
        reply,
        newAssetPage({
          ...frame,
          planet,
          values: readAssetForm(planet, {}),
        }),
      );
    },
  );

  app.post<{ Params: Static<typeof PlanetParams>; Body: Static<typeof FormBody> }>(
    '/assets/:planet/new',
    pageRoute('editor', { params: PlanetParams, body: FormBody }),
    async (request, reply) => {
      const planet = planetOf(request.params);
      const values = readAssetForm(planet, request.body ?? {});
      let created: AssetRecordType;
      try {
        // The form's own check says each problem beside its field; then POST /api/v1/assets/{planet}'s schema
        // and service: one rule for the API and this form.
        assertAssetForm(planet, values);
        const body = checkAgainstRouteSchema(planetCreateBodies[planet], createBody(planet, values), 'body');
        created = await commitChange(
          request,
          201,
          (tx) => createAsset(tx, memberPrincipal(request), planet, body),
          {
            singleStatement: true,
          },
        );
      } catch (error) {
        const { flash, status, problems } = formRefusal(error);
        const frame = await pageFrame(request);
        return sendPage(reply, newAssetPage({ ...frame, flash, planet, values, problems }), status);
      }
      return redirectWithFlash(request, reply, consoleAssetPath(created), {
        kind: 'notice',
        message: words.created(created.certificate_number),
      });
    },
  );
}
