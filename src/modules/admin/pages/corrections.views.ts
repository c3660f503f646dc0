import { html, showValue, type SafeHtml } from '../../../lib/html.js';
import type { CorrectionReview, CorrectionRow } from '../../corrections/corrections.service.js';
import { fileKind } from '../../web-pages/asset-parts.views.js';
import { labelledTable } from '../../web-pages/form-parts.views.js';
import { formatTime, type Flash } from '../../web-pages/page-document.views.js';
import type { AdminSession } from '../auth/admin-sessions.service.js';
import { adminText } from '../text/index.js';
import { adminPage, csrfInput } from './admin-layout.views.js';
import { assetPagePath } from './asset.views.js';
import { fieldName } from './value-names.js';
import { reasonField } from './certificate-move.views.js';

const words = () => adminText.corrections;

/** A held image's longest side on the operator's page, in CSS pixels: a small picture, not the image itself. */
const PICTURE_SIDE = 160;

/** The width and height attributes of a held image's small picture, its proportions kept (none when unknown). */
function pictureSize(image: { width: number | null; height: number | null }): SafeHtml {
  if (!image.width || !image.height) return html``;
  const scale = Math.min(1, PICTURE_SIDE / Math.max(image.width, image.height));
  return html`width="${Math.round(image.width * scale)}" height="${Math.round(image.height * scale)}"`;
}

const correctionPagePath = (id: string): string => `/admin/corrections/${encodeURIComponent(id)}`;

/** /admin/corrections: the requests waiting for an answer, oldest first. */
export function correctionsPage(options: {
  session: AdminSession;
  items: readonly CorrectionRow[];
  titles: ReadonlyMap<string, string>;
  flash?: Flash;
}): SafeHtml {
  const text = words();
  const columns = text.columns;
  const table = labelledTable({
    caption: text.caption,
    columns: [columns.certificate, columns.title, columns.requested, columns.reason],
    rows: options.items.map((item) => ({
      attributes: html` data-correction="${item.id}"`,
      cells: [
        html`<a href="${correctionPagePath(item.id)}"><code>${item.certificate_number}</code></a>`,
        options.titles.get(item.asset_id) ?? '—',
        formatTime(item.requested_at.toISOString()),
        item.reason,
      ],
    })),
  });
  return adminPage({
    ...options,
    title: text.title,
    section: 'corrections',
    content: html`<p>${text.intro}</p>
      ${options.items.length === 0 ? html`<p class="empty">${text.none}</p>` : table}`,
  });
}

function requester(requestedBy: Record<string, string>): string {
  const text = words();
  return requestedBy.api_key_id
    ? text.byKey(requestedBy.api_key_id)
    : text.byMember(requestedBy.member_id ?? '—');
}

function decisionForm(session: AdminSession, id: string, decision: 'approve' | 'refuse'): SafeHtml {
  const text = words();
  const required = decision === 'refuse';
  const fieldId = `${decision}-reason`;
  return html`<form method="post" action="${correctionPagePath(id)}/${decision}" class="stacked">
    ${csrfInput(session)}
    ${reasonField({ fieldId, label: required ? text.decisionReason : text.decisionReasonOptional, required })}
    <button type="submit" class="${required ? 'danger' : ''}">
      ${decision === 'approve' ? text.approve : text.refuse}
    </button>
  </form>`;
}

/** /admin/corrections/{id}: the request beside the record as it stands (a diff), and the two answers. */
export function correctionPage(options: {
  session: AdminSession;
  review: CorrectionReview;
  flash?: Flash;
}): SafeHtml {
  const { session, review } = options;
  const { correction, asset } = review;
  const text = words();
  const shown = (value: unknown) =>
    value === null ? html`<em>${text.removed}</em>` : html`${showValue(value)}`;
  const diff = labelledTable({
    caption: text.diffCaption,
    columns: [text.diffColumns.field, text.diffColumns.current, text.diffColumns.requested],
    rows: review.diff.map((row) => ({
      attributes: html` data-field="${row.field}"`,
      cells: [fieldName(row.field), shown(row.current), html`<strong>${shown(row.requested)}</strong>`],
    })),
  });
  const images =
    review.images.length === 0
      ? html`<p>${text.noImages}</p>`
      : html`<ul>
          ${review.images.map(
            (image) =>
              html`<li data-media="${image.id}">
                <a
                  href="${assetPagePath({ planet: asset.planet, asset_id: asset.id })}/media/${image.id}/thumbnail"
                  >${fileKind(image.content_type)}</a
                >
                <code>${image.sha256}</code>
              </li>`,
          )}
        </ul>`;
  // The images a request adds are not media yet: named by type, size and digest until the answer.
  const added = html`<ul>
    ${review.added.map(
      (image, index) =>
        html`<li data-added-image="${image.id}">
          <img
            src="${correctionPagePath(correction.id)}/images/${encodeURIComponent(image.id)}"
            alt="${text.addedImageAlt(index + 1, review.added.length)}"
            ${pictureSize(image)}
          />
          ${fileKind(image.content_type)}, ${text.imageSize(image.width ?? 0, image.height ?? 0)}
          <code>${image.sha256}</code>
        </li>`,
    )}
  </ul>`;
  const decided =
    correction.status === 'open'
      ? html`<div class="row-actions">
          ${decisionForm(session, correction.id, 'approve')} ${decisionForm(session, correction.id, 'refuse')}
        </div>`
      : html`<dl class="fields">
          <div>
            <dt>${text.decidedOn}</dt>
            <dd>${formatTime(correction.decided_at?.toISOString())}</dd>
          </div>
          <div>
            <dt>${text.decisionReasonShown}</dt>
            <dd>${correction.decision_reason ?? '—'}</dd>
          </div>
        </dl>`;
  return adminPage({
    ...options,
    title: text.requestTitle(correction.certificate_number),
    section: 'corrections',
    content: html`<p>
        <a href="${assetPagePath({ planet: asset.planet, asset_id: asset.id })}">${asset.title}</a>
      </p>
      <dl class="fields">
        <div>
          <dt>${text.status}</dt>
          <dd data-status="${correction.status}">${text.statuses[correction.status]}</dd>
        </div>
        <div>
          <dt>${text.reason}</dt>
          <dd>${correction.reason}</dd>
        </div>
        <div>
          <dt>${text.requestedBy}</dt>
          <dd>${requester(correction.requested_by)}</dd>
        </div>
        <div>
          <dt>${text.requestedAt}</dt>
          <dd>${formatTime(correction.requested_at.toISOString())}</dd>
        </div>
      </dl>
      ${review.diff.length > 0 ? diff : ''}
      <h2>${text.imagesToRemove}</h2>
      ${images}
      ${
        review.added.length > 0
          ? html`<h2>${text.imagesToAdd}</h2>
              ${added}`
          : ''
      }
      ${decided}
      <p><a href="/admin/corrections">${text.back}</a></p>`,
  });
}
