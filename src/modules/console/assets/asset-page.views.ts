import { limits } from '../../../limits.js';
import { fileSize } from '../../../errors/people-units.js';
import { html, showValue, type SafeHtml } from '../../../lib/html.js';
import { type PlanetId } from '../../../planets/planets.js';
import type { AlertType } from '../../alerts/alerts.schemas.js';
import {
  canChangeMedia,
  canPrintCertificate,
  canTransfer,
  wasIssued,
  type UpdateRefusal,
} from '../../assets/asset-states.js';
import type { AssetRecordType } from '../../assets/assets.schemas.js';
import type { TagType, TapType } from '../../tags/tags.schemas.js';
import { tapVerdictWord } from '../../tags/tap-page.views.js';
import type { NamedOffer } from '../../transfers/transfers.service.js';
import type { VerificationType } from '../../verification/verification.schemas.js';
import {
  alertsPanel,
  certificateStatusBadge,
  mediaSection,
  verificationsTable,
} from '../../web-pages/asset-parts.views.js';
import { assetHistory, type AssetPageHistory } from '../../web-pages/history-timeline.views.js';
import { detailsList, inputField, selectField, type DetailRow } from '../../web-pages/form-parts.views.js';
import { categoryName, fieldName } from '../../web-pages/category-name.js';
import { formatDateTime } from '../../../i18n/formats.js';
import { formatTime } from '../../web-pages/page-document.views.js';
import type { AssetFormValues, FormProblems } from './asset-form.js';
import { isRecordField } from './asset-form.js';
import { csrfInput } from '../shell/console-layout.views.js';
import { technicalDetails } from '../shell/technical-details.views.js';
import { text } from '../text/index.js';
import type { HoldingView } from '../handovers/handovers-console.service.js';
import { handoverPanel } from '../handovers/handovers-page.views.js';

import { assetForm, errorSentence } from './asset-form.views.js';
import {
  assetStatusName,
  canEdit,
  consoleAssetPath,
  underList,
  type PageBase,
} from './asset-list-page.views.js';
const words = text.assets;

export interface AssetPageData extends PageBase, AssetPageHistory {
  planet: PlanetId;
  asset: AssetRecordType;
  /** The edit form's values: the asset's, or those just refused. */
  values: AssetFormValues;
  /** The problems of the edit form just refused, each said beside its field. */
  formProblems?: FormProblems;
  /** Why the asset cannot change (archived, certificate not pending), or undefined when it can. */
  frozen: UpdateRefusal | undefined;
  /** Whether a correction request of the issued certificate waits for the operator (docs/corrections.md). */
  correctionOpen: boolean;
  verifications: VerificationType[];
  /** The asset's active NFC tag, if any (docs/tags.md). */
  tag: TagType | undefined;
  /** The latest taps of its tags, newest first. */
  taps: TapType[];
  alerts: AlertType[];
  offer: NamedOffer | undefined;
  /** Who holds the object now and its open hand-over (docs/collectors.md). */
  holding: HoldingView;
  maxFiles: number;
  maxFileBytes: number;
  /** Whether this service decodes HEIC photos (its libvips, docs/media.md). */
  heicReadable: boolean;
}

function recordSection(data: AssetPageData): SafeHtml {
  const { asset } = data;
  const issued = wasIssued(asset.certificate_status);
  return html`<section aria-labelledby="record-heading" class="panel">
    <h2 id="record-heading">${words.record}</h2>
    ${detailsList([
      [words.number, html`<code>${asset.certificate_number}</code>`],
      ...(asset.inventory_number
        ? [[words.inventoryNumberField, asset.inventory_number] satisfies DetailRow]
        : []),
      [words.certificateStatus, certificateStatusBadge(asset.certificate_status, asset.alert)],
      [words.status, assetStatusName(asset.status)],
      [words.category, categoryName(asset.planet)],
      [words.created_at, formatTime(asset.created_at)],
      [words.updated_at, formatTime(asset.updated_at)],
      ...Object.entries(asset)
        .filter(([name]) => !isRecordField(name))
        .map(([name, value]): DetailRow => [fieldName(name), showValue(value)]),
      [
        words.publicPage,
        issued
          ? html`<a href="/c/${encodeURIComponent(asset.certificate_number)}"
              >/c/${asset.certificate_number}</a
            >`
          : words.noPublicPage,
      ],
    ])}
    ${technicalDetails([[words.assetId, asset.id]])}
  </section>`;
}

/** The images a correction may add: the files route's types, without HEIC (not readable everywhere). */
const CORRECTION_IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/tiff';

/** An issued certificate's record changes by a correction the operator approves: the edit form, a reason, images. */
function correctionForm(data: AssetPageData): SafeHtml {
  const said = words.correction;
  if (data.correctionOpen) return html`<p class="empty" data-correction-open>${said.open}</p>`;
  const images = data.media.filter((medium) => medium.public);
  const imagesProblem = data.formProblems?.get('images');
  const extra = html`${inputField(said.reason, {
    id: 'correction-reason',
    name: 'reason',
    value: data.values.reason,
    required: true,
    maxlength: limits.stringLength,
  })}
  ${
    images.length > 0
      ? html`<fieldset>
          <legend>${said.removeImages}</legend>
          ${images.map(
            (medium) =>
              html`<label
                ><input type="checkbox" name="remove_media_ids" value="${medium.id}" />
                ${medium.caption ?? medium.id}</label
              >`,
          )}
        </fieldset>`
      : ''
  }
  ${inputField(
    said.addImages,
    { id: 'correction-images', name: 'images', type: 'file', multiple: true, accept: CORRECTION_IMAGE_TYPES },
    said.addImagesHint,
    imagesProblem ? errorSentence(said.addImages, imagesProblem) : undefined,
  )}`;
  return html`<p>${words.notEditable.issued} ${said.intro}</p>
    ${assetForm({
      session: data.session,
      planet: data.planet,
      action: `${consoleAssetPath(data.asset)}/correction`,
      values: data.values,
      submit: said.submit,
      problems: data.formProblems,
      extra,
      withFiles: true,
    })}`;
}

function editSection(data: AssetPageData): SafeHtml {
  if (!canEdit(data.session)) return html``;
  return html`<section aria-labelledby="edit-heading">
    <h2 id="edit-heading">${data.frozen === 'issued' ? words.correction.heading : words.edit}</h2>
    ${
      data.frozen === 'issued'
        ? correctionForm(data)
        : data.frozen
          ? html`<p class="empty">${words.notEditable[data.frozen]}</p>`
          : assetForm({
              session: data.session,
              planet: data.planet,
              action: `${consoleAssetPath(data.asset)}/edit`,
              values: data.values,
              submit: words.save,
              problems: data.formProblems,
            })
    }
  </section>`;
}

/**
 * The file picker's types. HEIC is offered only where it can be read: elsewhere an iPhone, seeing it is not
 * accepted, hands the browser a JPEG of the photo instead.
 */
function uploadAccept(heicReadable: boolean): string {
  const types = ['image/jpeg', 'image/png', 'image/webp', 'image/tiff', 'application/pdf'];
  return (heicReadable ? [...types, 'image/heic', 'image/heif', '.heic', '.heif'] : types).join(',');
}

function assetMedia(data: AssetPageData): SafeHtml {
  const base = consoleAssetPath(data.asset);
  const editable = canEdit(data.session) && canChangeMedia(data.asset.certificate_status);
  return mediaSection(data.media, {
    heading: words.media,
    hrefOf: (medium) => `${base}/media/${medium.id}`,
    actions: (medium, name) =>
      editable
        ? html`<form method="post" action="${base}/media/${medium.id}/visibility" class="inline-actions">
              ${csrfInput(data.session)}
              <input type="hidden" name="visibility" value="${medium.public ? 'private' : 'public'}" />
              <button type="submit" class="button-secondary button-small">
                ${medium.public ? words.makePrivate : words.makePublic}<span class="visually-hidden">
                  ${name}</span
                >
              </button>
            </form>
            <form method="post" action="${base}/media/${medium.id}/remove" class="inline-actions">
              ${csrfInput(data.session)}
              <button type="submit" class="danger button-small">
                ${words.remove}<span class="visually-hidden"> ${name}</span>
              </button>
            </form>`
        : html``,
    more: !canEdit(data.session)
      ? undefined
      : editable
        ? html`<form method="post" action="${base}/media" enctype="multipart/form-data" class="stacked panel">
            ${csrfInput(data.session)}
            <h3>${words.upload}</h3>
            <div class="field">
              <label for="upload-files">${words.uploadFiles}</label>
              <input
                id="upload-files"
                name="files"
                type="file"
                multiple
                required
                accept="${uploadAccept(data.heicReadable)}"
                aria-describedby="upload-files-hint"
              />
              <p class="hint" id="upload-files-hint">
                ${words.uploadHint(data.maxFiles, fileSize(data.maxFileBytes))}
                ${data.heicReadable ? words.heicTaken : ''}
              </p>
            </div>
            ${selectField(
              words.visibility,
              { id: 'upload-visibility', name: 'visibility' },
              html`<option value="private" selected>${words.private}</option>
                <option value="public">${words.public}</option>`,
            )}
            ${inputField(words.caption, { id: 'upload-caption', name: 'caption', maxlength: limits.stringLength })}
            <button type="submit">${words.uploadSubmit}</button>
          </form>`
        : html`<p class="hint">${words.mediaFrozen}</p>`,
  });
}

/** The asset's NFC tag and its last tap; binding one hands out its keys, so it is the API's (the owner's) alone. */
function tagSection(data: AssetPageData): SafeHtml {
  const { tag } = data;
  const lastTap = data.taps[0];
  return html`<section aria-labelledby="tag-heading">
    <h2 id="tag-heading">${words.tag}</h2>
    ${
      tag
        ? html`<dl class="details">
            <dt>${words.tagUid}</dt>
            <dd><code>${tag.uid}</code></dd>
            <dt>${words.tagBoundAt}</dt>
            <dd>${formatTime(tag.bound_at)}</dd>
            <dt>${words.tagKind}</dt>
            <dd>${tag.tamper ? words.tagTamper : words.tagPlain}</dd>
            <dt>${words.tagLastAccepted}</dt>
            <dd>
              ${
                tag.last_counter === null || !tag.last_tapped_at
                  ? words.tagNeverTapped
                  : html`${words.tagTap(tag.last_counter)}, ${formatTime(tag.last_tapped_at)}`
              }
            </dd>
            <dt>${words.tagLastTap}</dt>
            <dd>
              ${
                lastTap
                  ? html`${tapVerdictWord(lastTap.verdict)}, ${formatTime(lastTap.tapped_at)}`
                  : words.tagNeverTapped
              }
            </dd>
          </dl>`
        : html`<p class="empty">${words.noTag}</p>
            ${technicalDetails([
              [
                words.tagRequest,
                `POST /api/v1/assets/${data.asset.planet}/${data.asset.id}/tags (docs/tags.md)`,
              ],
            ])}`
    }
  </section>`;
}

function transferSection(data: AssetPageData): SafeHtml {
  // An object the account no longer holds moves only by its holder's hand-over (the holder rules).
  if (!data.holding.heldHere) return html``;
  const base = consoleAssetPath(data.asset);
  const { offer } = data;
  const editor = canEdit(data.session);
  return html`<section aria-labelledby="transfer-heading">
    <h2 id="transfer-heading">${words.transfer}</h2>
    ${
      offer
        ? html`<p>
              ${words.pendingOffer(offer.to_account_name ?? text.transfers.unnamed, formatDateTime(offer.expires_at))}
            </p>
            ${technicalDetails([[words.offeredToAccountId, offer.to_account_id]])}
            ${
              editor
                ? html`<form
                    method="post"
                    action="${base}/transfer/${offer.id}/cancel"
                    class="inline-actions"
                  >
                    ${csrfInput(data.session)}
                    <button type="submit" class="button-secondary">${words.cancelOffer}</button>
                  </form>`
                : ''
            }`
        : html`<p class="empty">${words.noOffer}</p>
            ${
              editor && canTransfer(data.asset.status)
                ? html`<form method="post" action="${base}/transfer" class="stacked">
                    ${csrfInput(data.session)}
                    ${inputField(
                      words.toAccount,
                      { id: 'transfer-to', name: 'to_account_id', required: true, maxlength: 36 },
                      words.transferHint,
                    )}
                    <button type="submit">${words.offer}</button>
                  </form>`
                : ''
            }`
    }
  </section>`;
}

/** /console/assets/{planet}/{id}: the record, its edit form, certificate and verifications, media, alerts, transfer, history. */
export function assetPage(data: AssetPageData): SafeHtml {
  const { asset } = data;
  const base = consoleAssetPath(asset);
  return underList(
    data,
    asset.planet,
    asset.title,
    html`<div class="asset-page">
      ${alertsPanel(data.alerts, {
        heading: words.alerts,
        base,
        hidden: canEdit(data.session) && data.holding.heldHere ? csrfInput(data.session) : undefined,
      })}
      ${recordSection(data)} ${editSection(data)}
      <section aria-labelledby="verifications-heading">
        <h2 id="verifications-heading">${words.certificate}</h2>
        <p>${words.certificateStatus}: ${certificateStatusBadge(asset.certificate_status, asset.alert)}</p>
        ${
          canPrintCertificate(asset)
            ? html`<p><a href="${base}/certificate">${words.printCertificate}</a></p>`
            : ''
        }
        ${verificationsTable(data.verifications, data.taps)}
      </section>
      ${handoverPanel(data.session, { ...asset, registeredHere: true }, data.holding)} ${tagSection(data)}
      ${assetMedia(data)} ${transferSection(data)}
      <section aria-labelledby="history-heading">
        <h2 id="history-heading">${words.history}</h2>
        ${assetHistory(data, text.history)}
      </section>
    </div>`,
  );
}
