import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static, type TObject } from '@sinclair/typebox';
import { AppError } from '../../../errors/error-catalogue.js';
import { isPlanetId, planetIds, type PlanetId } from '../../../planets/planets.js';
import { commitChange } from '../../../plugins/commit-change.js';
import { checkAgainstRouteSchema } from '../../../plugins/schema-check.js';
import { answerLookup } from '../../alert-lookups/alert-lookups.service.js';
import { lookupAnswerValue } from '../../alert-lookups/lookup-answer-reply.js';
import { RaiseAlertBody, ResolveAlertBody } from '../../alerts/alerts.schemas.js';
import { alertsOfAsset, raiseAlert, resolveAlert } from '../../alerts/alerts.service.js';
import { ListAssetsQuery } from '../../assets/asset-list.schemas.js';
import { listAssets } from '../../assets/asset-list.service.js';
import { assertCanUpdate } from '../../assets/asset-states.js';
import { planetCreateBodies, planetUpdateBodies, type AssetRecordType } from '../../assets/assets.schemas.js';
import { createAsset, getAsset, updateAsset } from '../../assets/assets.service.js';
import { historyOfAsset } from '../../history/history.service.js';
import { sendMedia } from '../../media/media-files.routes.js';
import {
  addMedia,
  forgetOrphanBytes,
  mediaOfAsset,
  openMedia,
  prepareUpload,
  removeMedia,
} from '../../media/media.service.js';
import type { ProcessedMedia } from '../../media/media-processing.js';
import { TransferBody } from '../../transfers/transfers.schemas.js';
import { closeTransfer, offerTransfer, pendingOfferOfAsset } from '../../transfers/transfers.service.js';
import { tapsOfAsset } from '../../tags/tap.service.js';
import { tagsOfAsset } from '../../tags/tags.service.js';
import { verificationsOfAsset } from '../../verification/verification.service.js';
import { sendPage, type Flash } from '../../web-pages/page-document.views.js';
import {
  assetFormValues,
  createBody,
  readAssetForm,
  updateBody,
  type AssetFormValues,
} from './asset-form.js';
import {
  assetListPage,
  assetPage,
  consoleAssetPath,
  newAssetPage,
  type AssetListFilters,
} from './asset-page.views.js';
import { memberPrincipal, memberSession } from '../shell/console-auth.js';
import { readMultipartForm } from '../shell/console-uploads.js';
import { FormBody, FormText, pageFrame, redirectWithFlash, refusal } from '../shell/console-page.helpers.js';
import { text } from '../text/index.js';

const words = text.assets;
const PAGE_SIZE = 50;
const HISTORY_SHOWN = 100;
const VERIFICATIONS_SHOWN = 20;
/** Files one upload form may carry; each is held in memory until all are checked, then added in one transaction. */
const MAX_FILES = 10;

const PlanetParams = Type.Object({ planet: Type.String({ maxLength: 50 }) });
const AssetParams = Type.Object({ ...PlanetParams.properties, id: Type.String({ maxLength: 100 }) });
const MediaParams = Type.Object({ ...AssetParams.properties, media_id: Type.String({ maxLength: 100 }) });
const AlertParams = Type.Object({ ...AssetParams.properties, alert_id: Type.String({ maxLength: 100 }) });
const TransferParams = Type.Object({
  ...AssetParams.properties,
  transfer_id: Type.String({ maxLength: 100 }),
});
const ListQuery = Type.Object({
  status: FormText,
  certificate_status: FormText,
  created_after: FormText,
  created_before: FormText,
  q: FormText,
  cursor: FormText,
});

/** A planet of the URL: another name is the API's 400 invalid_planet. */
function planetOf(params: { planet: string }): PlanetId {
  if (!isPlanetId(params.planet)) {
    throw new AppError('invalid_planet', 'unknown', { planet: params.planet, expected: planetIds });
  }
  return params.planet;
}

/** A date of the filter form (YYYY-MM-DD) as the instant the API's filter takes: the start of that day, UTC. */
const instantOf = (value: string | undefined) =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value;

/** The filters that were set (an empty field is no filter), and the API list query they stand for. */
function listFilters(query: Static<typeof ListQuery>): {
  filters: AssetListFilters;
  apiQuery: Record<string, unknown>;
} {
  const filters: AssetListFilters = {};
  for (const name of ['status', 'certificate_status', 'created_after', 'created_before', 'q'] as const) {
    const value = query[name]?.trim();
    if (value) filters[name] = value;
  }
  const apiQuery: Record<string, unknown> = {
    ...filters,
    created_after: instantOf(filters.created_after),
    created_before: instantOf(filters.created_before),
    limit: PAGE_SIZE,
    ...(query.cursor ? { cursor: query.cursor } : {}),
  };
  for (const name of Object.keys(apiQuery)) if (apiQuery[name] === undefined) delete apiQuery[name];
  return { filters, apiQuery };
}

function listHref(planet: PlanetId, filters: AssetListFilters, cursor?: string): string {
  const search = new URLSearchParams({ ...filters, ...(cursor ? { cursor } : {}) }).toString();
  return `/console/assets/${planet}${search ? `?${search}` : ''}`;
}

/** Why an asset cannot change, in the words of the rule the update applies (archived is final). */
function frozenReason(asset: AssetRecordType): string | undefined {
  try {
    assertCanUpdate(asset);
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
}

/** /console/assets: the account's assets per planet, the create form, an asset's page and every action on it. */
export async function assetsPageRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  /** The account's own asset: another account's, like none, is the 404 page. */
  async function ownAsset(request: FastifyRequest, params: { planet: string; id: string }) {
    const planet = planetOf(params);
    const asset = await getAsset(db, planet, params.id);
    if (asset.account_id !== memberSession(request).accountId) throw new AppError('asset_not_found');
    return { planet, asset };
  }

  async function renderAsset(
    request: FastifyRequest,
    reply: FastifyReply,
    params: { planet: string; id: string },
    extra: { flash?: Flash; status?: number; values?: AssetFormValues } = {},
  ) {
    const { planet, asset } = await ownAsset(request, params);
    const principal = memberPrincipal(request);
    // A look-up of a reported asset is on record and its page kept by no cache, as the API's GET (docs/alerts.md).
    const answer = await answerLookup(db, asset, 'get', { principal }, asset);
    lookupAnswerValue(reply, answer);
    // The asset read once above: each part is read of it, not of its id (which would read the asset again).
    const [frame, media, history, verifications, alerts, offer, tags, taps] = await Promise.all([
      pageFrame(request),
      mediaOfAsset(db, principal, planet, asset),
      historyOfAsset(db, asset, HISTORY_SHOWN),
      verificationsOfAsset(db, principal, asset, VERIFICATIONS_SHOWN),
      alertsOfAsset(db, asset.id),
      pendingOfferOfAsset(db, principal, planet, asset.id),
      tagsOfAsset(db, asset.id),
      tapsOfAsset(db, principal, asset, VERIFICATIONS_SHOWN),
    ]);
    return sendPage(
      reply,
      assetPage({
        session: memberSession(request),
        memberships: frame.memberships,
        flash: extra.flash ?? frame.flash,
        planet,
        asset,
        values: extra.values ?? assetFormValues(planet, asset),
        frozen: frozenReason(asset),
        media,
        history: history.data,
        historyHasMore: history.has_more,
        verifications: verifications.data,
        tag: tags.find((tag) => tag.status === 'active'),
        taps: taps.data,
        alerts,
        offer,
        maxFiles: MAX_FILES,
        maxFileBytes: app.config.AVS_MEDIA_MAX_BYTES,
      }),
      extra.status,
    );
  }

  /**
   * An editor's form on an asset (POST): the account's own asset (else the 404 page), the action, then back to the
   * asset's page with the notice the action returns, or the page again with the refusal (and the form as typed).
   */
  function postAction(
    scope: FastifyInstance,
    url: string,
    params: TObject,
    action: (request: ActionRequest, target: { planet: PlanetId; asset: AssetRecordType }) => Promise<string>,
    options: {
      multipart?: boolean;
      formValues?: (request: ActionRequest, planet: PlanetId) => AssetFormValues;
    } = {},
  ): void {
    const multipart = options.multipart === true;
    scope.post(
      url,
      {
        schema: { hide: true, params, ...(multipart ? {} : { body: FormBody }) },
        config: { memberRole: 'editor', memberMultipart: multipart },
        ...(multipart ? { bodyLimit: MAX_FILES * app.config.AVS_MEDIA_MAX_BYTES + 64 * 1024 } : {}),
      },
      async (request, reply) => {
        const actionRequest = request as ActionRequest;
        const target = await ownAsset(request, actionRequest.params);
        const values = options.formValues?.(actionRequest, target.planet);
        let notice: string;
        try {
          notice = await action(actionRequest, target);
        } catch (error) {
          return renderAsset(request, reply, actionRequest.params, { ...refusal(error), values });
        }
        return redirectWithFlash(request, reply, consoleAssetPath(target.asset), {
          kind: 'notice',
          message: notice,
        });
      },
    );
  }

  app.get('/assets', { schema: { hide: true }, config: { memberRole: 'viewer' } }, async (_request, reply) =>
    reply.redirect(`/console/assets/${planetIds[0]}`, 303),
  );

  app.get<{ Params: Static<typeof PlanetParams>; Querystring: Static<typeof ListQuery> }>(
    '/assets/:planet',
    {
      schema: { hide: true, params: PlanetParams, querystring: ListQuery },
      config: { memberRole: 'viewer' },
    },
    async (request, reply) => {
      const planet = planetOf(request.params);
      const { filters, apiQuery } = listFilters(request.query);
      // The API's own query schema and list: the same filters, refusals and cursors.
      const query = checkAgainstRouteSchema<Static<typeof ListAssetsQuery>>(
        ListAssetsQuery,
        apiQuery,
        'querystring',
      );
      const [frame, page] = await Promise.all([
        pageFrame(request),
        listAssets(db, memberPrincipal(request), planet, query),
      ]);
      return sendPage(
        reply,
        assetListPage({
          ...frame,
          planet,
          filters,
          assets: page.data,
          nextHref: page.next_cursor ? listHref(planet, filters, page.next_cursor) : null,
          firstHref: request.query.cursor ? listHref(planet, filters) : null,
        }),
      );
    },
  );

  app.get<{ Params: Static<typeof PlanetParams> }>(
    '/assets/:planet/new',
    { schema: { hide: true, params: PlanetParams }, config: { memberRole: 'editor' } },
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
    { schema: { hide: true, params: PlanetParams, body: FormBody }, config: { memberRole: 'editor' } },
    async (request, reply) => {
      const planet = planetOf(request.params);
      const values = readAssetForm(planet, request.body ?? {});
      let created: AssetRecordType;
      try {
        // POST /api/v1/assets/{planet}'s schema, then its service: one rule for the API and this form.
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
        const { flash, status } = refusal(error);
        const frame = await pageFrame(request);
        return sendPage(reply, newAssetPage({ ...frame, flash, planet, values }), status);
      }
      return redirectWithFlash(request, reply, consoleAssetPath(created), {
        kind: 'notice',
        message: words.created(created.certificate_number),
      });
    },
  );

  app.get<{ Params: Static<typeof AssetParams> }>(
    '/assets/:planet/:id',
    { schema: { hide: true, params: AssetParams }, config: { memberRole: 'viewer' } },
    async (request, reply) => renderAsset(request, reply, request.params),
  );

  postAction(
    app,
    '/assets/:planet/:id/edit',
    AssetParams,
    async (request, { planet, asset }) => {
      // PATCH /api/v1/assets/{planet}/{id}'s schema and service (archived is final; only a pending one changes).
      const changes = updateBody(
        planet,
        readAssetForm(planet, request.body ?? {}),
        assetFormValues(planet, asset),
      );
      const body = checkAgainstRouteSchema(planetUpdateBodies[planet], changes, 'body');
      await commitChange(request, 200, (tx) =>
        updateAsset(tx, memberPrincipal(request), planet, asset.id, body),
      );
      return words.saved;
    },
    { formValues: (request, planet) => readAssetForm(planet, request.body ?? {}) },
  );

  app.get<{ Params: Static<typeof MediaParams> }>(
    '/assets/:planet/:id/media/:media_id',
    { schema: { hide: true, params: MediaParams }, config: { memberRole: 'viewer' } },
    async (request, reply) => {
      const { asset } = await ownAsset(request, request.params);
      const download = await openMedia(
        db,
        app.mediaStores,
        memberPrincipal(request),
        request.params.media_id,
      );
      if (download.record.asset_id !== asset.id) {
        download.stream.destroy();
        throw new AppError('media_not_found');
      }
      return sendMedia(request, reply, download);
    },
  );

  postAction(
    app,
    '/assets/:planet/:id/media/:media_id/remove',
    MediaParams,
    async (request, { planet, asset }) => {
      // DELETE /api/v1/assets/{planet}/{id}/media/{media_id}'s service: only while the certificate is pending.
      const { record, orphan } = await commitChange(request, 200, (tx) =>
        removeMedia(tx, memberPrincipal(request), {
          planet,
          assetId: asset.id,
          mediaId: request.params.media_id!,
        }),
      );
      await forgetOrphanBytes(app.mediaStores, orphan);
      app.fingerprintCatalogue.noteRemoved(record.id);
      return words.removed;
    },
  );

  await app.register(async (uploads) => {
    // Multipart is read here only, by readMultipartForm (its first part the CSRF token), part by part.
    await uploads.register(multipart);
    postAction(
      uploads,
      '/assets/:planet/:id/media',
      AssetParams,
      async (request, { planet, asset }) => {
        const form = await readMultipartForm(request, {
          maxFiles: MAX_FILES,
          maxFileBytes: app.config.AVS_MEDIA_MAX_BYTES,
        });
        const visibility = form.fields.visibility ?? 'private';
        if (visibility !== 'public' && visibility !== 'private') {
          throw new AppError('validation_failed', 'not_one_of', {
            field: 'visibility',
            value: visibility,
            expected: ['private', 'public'],
          });
        }
        if (form.files.length === 0) throw new AppError('validation_failed', 'required', { field: 'files' });
        // The API upload's service: the type from the bytes, the pixel limit, images stored without metadata.
        const prepared: ProcessedMedia[] = [];
        for (const file of form.files) {
          prepared.push(await prepareUpload(file.mimetype, file.bytes, app.imageDecoder));
        }
        const target = {
          planet,
          assetId: asset.id,
          caption: form.fields.caption,
          public: visibility === 'public',
        };
        // All the files or none: one transaction.
        const records = await commitChange(request, 201, async (tx) => {
          const added = [];
          for (const media of prepared) {
            added.push(await addMedia(tx, app.mediaStores, memberPrincipal(request), target, media));
          }
          return added;
        });
        records.forEach((record, index) => {
          const { fingerprint } = prepared[index]!;
          if (fingerprint) app.fingerprintCatalogue.noteAdded(record.id, fingerprint);
        });
        return words.uploaded(prepared.length);
      },
      { multipart: true },
    );
  });

  // The alerts and transfer routes' bodies, checked by their API schemas before their services run.
  postAction(app, '/assets/:planet/:id/alerts', AssetParams, async (request, { planet, asset }) => {
    const fields = {
      kind: formText(request, 'kind'),
      occurred_at: formText(request, 'occurred_at'),
      reference: formText(request, 'reference') || undefined,
      note: formText(request, 'note') || undefined,
    };
    const body = checkAgainstRouteSchema<Static<typeof RaiseAlertBody>>(
      RaiseAlertBody,
      withoutUndefined(fields),
      'body',
    );
    const actor = { principal: memberPrincipal(request) };
    await commitChange(request, 201, (tx) => raiseAlert(tx, actor, { planet, assetId: asset.id }, body));
    return words.reported(body.kind);
  });

  postAction(
    app,
    '/assets/:planet/:id/alerts/:alert_id/resolve',
    AlertParams,
    async (request, { planet, asset }) => {
      const outcome = formText(request, 'outcome');
      const body = checkAgainstRouteSchema<Static<typeof ResolveAlertBody>>(
        ResolveAlertBody,
        { outcome },
        'body',
      );
      const target = { planet, assetId: asset.id, alertId: request.params.alert_id! };
      await commitChange(request, 200, (tx) =>
        resolveAlert(tx, { principal: memberPrincipal(request) }, target, body),
      );
      return words.resolved(body.outcome);
    },
  );

  postAction(app, '/assets/:planet/:id/transfer', AssetParams, async (request, { planet, asset }) => {
    const to = { to_account_id: formText(request, 'to_account_id')?.trim() };
    const body = checkAgainstRouteSchema<Static<typeof TransferBody>>(
      TransferBody,
      withoutUndefined(to),
      'body',
    );
    await commitChange(request, 202, (tx) =>
      offerTransfer(tx, memberPrincipal(request), planet, asset.id, body.to_account_id),
    );
    return words.offered;
  });

  postAction(app, '/assets/:planet/:id/transfer/:transfer_id/cancel', TransferParams, async (request) => {
    const id = request.params.transfer_id!;
    await commitChange(request, 200, (tx) => closeTransfer(tx, memberPrincipal(request), id, 'cancel'));
    return words.cancelled;
  });
}

/** The request of an asset's form: the route's params, and a form body (undefined for a multipart one). */
type ActionRequest = FastifyRequest<{
  Params: { planet: string; id: string } & Partial<Record<string, string>>;
  Body: Record<string, unknown> | undefined;
}>;

/** A text field of a form body: undefined when absent, or a list (a repeated name). */
function formText(request: ActionRequest, name: string): string | undefined {
  const value = request.body?.[name];
  return typeof value === 'string' ? value : undefined;
}

function withoutUndefined(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}
