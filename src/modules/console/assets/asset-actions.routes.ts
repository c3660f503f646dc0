import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Static, TObject } from '@sinclair/typebox';
import { AppError } from '../../../errors/error-catalogue.js';
import type { PlanetId } from '../../../planets/planets.js';
import { commitChange } from '../../../plugins/commit-change.js';
import { checkAgainstRouteSchema } from '../../../plugins/schema-check.js';
import { RaiseAlertBody, ResolveAlertBody } from '../../alerts/alerts.schemas.js';
import { raiseAlert, resolveAlert } from '../../alerts/alerts.service.js';
import { planetUpdateBodies, type AssetRecordType } from '../../assets/assets.schemas.js';
import { updateAsset } from '../../assets/assets.service.js';
import { addImageToCorrection, requestCorrection } from '../../corrections/corrections.service.js';
import {
  addMedia,
  changeMediaVisibility,
  forgetOrphanBytes,
  imageUploadTypes,
  prepareUpload,
  removeMedia,
} from '../../media/media.service.js';
import type { ProcessedMedia } from '../../media/media-processing.js';
import { TransferBody } from '../../transfers/transfers.schemas.js';
import { closeTransfer, offerTransfer } from '../../transfers/transfers.service.js';
import { memberPrincipal } from '../shell/console-auth.js';
import { readMultipartForm, uploadRoute, uploadRoutes, type UploadedFile } from '../shell/console-uploads.js';
import { FormBody, formList, pageRoute, redirectWithFlash } from '../shell/console-page.helpers.js';
import { text } from '../text/index.js';
import {
  AssetFormRefused,
  assertAssetForm,
  assetFormValues,
  readAssetForm,
  updateBody,
  type AssetFormValues,
} from './asset-form.js';
import { consoleAssetPath } from './asset-list-page.views.js';
import { renderAssetPage } from './asset-page.routes.js';
import {
  AlertParams,
  AssetParams,
  formRefusal,
  MAX_FILES,
  MediaParams,
  ownAsset,
  TransferParams,
} from './asset-route-parts.js';

const words = text.assets;

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
  scope.post(
    url,
    options.multipart
      ? uploadRoute('editor', MAX_FILES * scope.config.AVS_MEDIA_MAX_BYTES, { params })
      : pageRoute('editor', { params, body: FormBody }),
    async (request, reply) => {
      const actionRequest = request as ActionRequest;
      const target = await ownAsset(request, actionRequest.params);
      let notice: string;
      try {
        notice = await action(actionRequest, target);
      } catch (error) {
        // Read after the action: a multipart form's fields are its body only once the action has read them.
        const values = options.formValues?.(actionRequest, target.planet);
        return renderAssetPage(request, reply, actionRequest.params, { ...formRefusal(error), values });
      }
      return redirectWithFlash(request, reply, consoleAssetPath(target.asset), {
        kind: 'notice',
        message: notice,
      });
    },
  );
}

/** The forms of an asset's page: edit, media, alerts and the transfer offer (editors). */
export async function assetActionsRoutes(app: FastifyInstance): Promise<void> {
  // A correction's image goes through the upload's rules, an image type only (the files route takes no PDF).
  const prepareCorrectionImage = async (file: UploadedFile): Promise<ProcessedMedia> => {
    const media = await prepareUpload(typeTheBrowserKnew(file.mimetype), file.bytes, app.imageDecoder);
    if (media.type === 'application/pdf') {
      throw new AppError('unsupported_media_type', 'media_types', { expected: imageUploadTypes });
    }
    return media;
  };

  // An asset's form with files: its fields, and each file prepared as it arrives (one original held at a time).
  const readPreparedForm = async (
    request: ActionRequest,
    prepare: (file: UploadedFile) => Promise<ProcessedMedia | undefined>,
    maxFields?: number,
  ) => {
    const prepared: ProcessedMedia[] = [];
    const form = await readMultipartForm(request, {
      maxFiles: MAX_FILES,
      maxFileBytes: app.config.AVS_MEDIA_MAX_BYTES,
      maxFields,
      onFile: async (file) => {
        const media = await prepare(file);
        if (media) prepared.push(media);
      },
    });
    return { ...form, prepared };
  };

  postAction(
    app,
    '/assets/:planet/:id/edit',
    AssetParams,
    async (request, { planet, asset }) => {
      // PATCH /api/v1/assets/{planet}/{id}'s schema and service (archived is final; only a pending one changes).
      const [typed, shown] = [readAssetForm(planet, request.body ?? {}), assetFormValues(planet, asset)];
      assertAssetForm(planet, typed, shown);
      const changes = updateBody(planet, typed, shown);
      const body = checkAgainstRouteSchema(planetUpdateBodies[planet], changes, 'body');
      await commitChange(request, 200, (tx) =>
        updateAsset(tx, memberPrincipal(request), planet, asset.id, body),
      );
      return words.saved;
    },
    { formValues: (request, planet) => readAssetForm(planet, request.body ?? {}) },
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

  await uploadRoutes(app, (uploads) => {
    postAction(
      uploads,
      '/assets/:planet/:id/correction',
      AssetParams,
      async (request, { planet, asset }) => {
        // POST /api/v1/assets/{planet}/{id}/corrections' schema and service: the edit form's changes, a reason,
        // and images held through the files route's service, all in one transaction.
        let notAnImage = false;
        const { body: form, prepared } = await readPreparedForm(
          request,
          async (file) => {
            try {
              return await prepareCorrectionImage(file);
            } catch (error) {
              if (!isNotAnImage(error)) throw error;
              notAnImage = true;
              return undefined;
            }
          },
          MAX_FORM_FIELDS,
        );
        // The fields as typed, for the form shown again.
        request.body = form;
        if (notAnImage) throw new AssetFormRefused(new Map([['images', { rule: 'not_an_image' }]]));
        const [typed, shown] = [readAssetForm(planet, form), assetFormValues(planet, asset)];
        assertAssetForm(planet, typed, shown);
        const fields = checkAgainstRouteSchema(
          planetUpdateBodies[planet],
          updateBody(planet, typed, shown),
          'body',
        );
        await commitChange(request, 201, async (tx) => {
          const principal = memberPrincipal(request);
          const correction = await requestCorrection(tx, principal, planet, asset.id, {
            fields: fields as Record<string, unknown>,
            remove_media_ids: formList(form.remove_media_ids),
            reason: typeof form.reason === 'string' ? form.reason : '',
            adds_images: prepared.length > 0,
          });
          for (const media of prepared) {
            await addImageToCorrection(tx, app.mediaStores, principal, correction.id, media);
          }
        });
        return words.correction.requested;
      },
      {
        multipart: true,
        formValues: (request, planet) => {
          const body = request.body ?? {};
          return {
            ...readAssetForm(planet, body),
            reason: typeof body.reason === 'string' ? body.reason : '',
          };
        },
      },
    );

    postAction(
      uploads,
      '/assets/:planet/:id/media',
      AssetParams,
      async (request, { planet, asset }) => {
        // The API upload's service: the type from the bytes, the pixel limit, images scaled down and stored
        // without metadata. Each file is prepared as it arrives, so a form holds one camera original at a time.
        const { prepared, ...form } = await readPreparedForm(request, (file) =>
          prepareUpload(typeTheBrowserKnew(file.mimetype), file.bytes, app.imageDecoder),
        );
        const visibility = form.fields.visibility ?? 'private';
        if (visibility !== 'public' && visibility !== 'private') {
          throw new AppError('validation_failed', 'not_one_of', {
            field: 'visibility',
            value: visibility,
            expected: ['private', 'public'],
          });
        }
        if (prepared.length === 0) throw new AppError('validation_failed', 'required', { field: 'files' });
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

  postAction(
    app,
    '/assets/:planet/:id/media/:media_id/visibility',
    MediaParams,
    async (request, { planet, asset }) => {
      // PATCH /api/v1/assets/{planet}/{id}/media/{media_id}'s service: only while the certificate is pending.
      const makePublic = formText(request, 'visibility') === 'public';
      const record = await commitChange(request, 200, (tx) =>
        changeMediaVisibility(tx, memberPrincipal(request), {
          planet,
          assetId: asset.id,
          mediaId: request.params.media_id!,
          public: makePublic,
        }),
      );
      return record.public ? words.madePublic : words.madePrivate;
    },
  );

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

/** An asset's form with a planet's fields, other-field rows and a correction's choices: more than an upload's. */
const MAX_FORM_FIELDS = 200;

/** A file a correction cannot hold: said beside the images' field. */
const NOT_AN_IMAGE: ReadonlySet<string> = new Set(['unsupported_media_type', 'invalid_media']);
const isNotAnImage = (error: unknown): boolean =>
  error instanceof AppError && NOT_AN_IMAGE.has(String(error.code as unknown));

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

/** The type a browser declared for a file, or null when it did not know it (a HEIC on many systems): read from the bytes. */
function typeTheBrowserKnew(mimetype: string): string | null {
  return mimetype === '' || mimetype === 'application/octet-stream' ? null : mimetype;
}

function withoutUndefined(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}
