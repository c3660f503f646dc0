import { planetIds } from '../../../planets/planets.js';
import { certificateStatuses, type CertificateMove } from '../../assets/asset-states.js';
import type { AssetGlance } from '../../assets/asset-glances.service.js';
import type { CertificateListItem } from '../../certificates/certificate-moves.service.js';
import type { VerificationSummary } from '../../verification/verification.service.js';
import { adminListPage, csrfInput } from './admin-layout.views.js';
import { formatTime, type Flash } from '../../web-pages/page-document.views.js';
import { titleAtGlance } from '../../web-pages/asset-glance.views.js';
import { valueFilter } from '../../web-pages/form-parts.views.js';
import {
  moveLabel,
  moveTakesReason,
  moveWithReasonForm,
  offeredCertificateMoves,
} from './certificate-move.views.js';
import { assetPagePath } from './asset.views.js';
import type { AdminSession } from '../auth/admin-sessions.service.js';
import { html, showValue, type SafeHtml } from '../../../lib/html.js';
import { text as pageText } from '../../web-pages/text/index.js';
import { adminText } from '../text/index.js';
import { categoryName } from '../../web-pages/category-name.js';
import { fieldName, statusName } from './value-names.js';

export interface CertificateView {
  status: string;
  planet?: string;
}

function fieldList(fields: Record<string, unknown>): SafeHtml {
  const entries = Object.entries(fields);
  if (entries.length === 0) return html`—`;
  return html`<dl class="fields">
    ${entries.map(
      ([name, value]) =>
        html`<div>
          <dt>${fieldName(name)}</dt>
          <dd>${showValue(value)}</dd>
        </div>`,
    )}
  </dl>`;
}

function moveForm(
  session: AdminSession,
  item: CertificateListItem,
  move: CertificateMove,
  view: CertificateView,
) {
  const action = `/admin/certificates/${encodeURIComponent(item.certificate_number)}/${move}`;
  const id = `${move}-${item.certificate_number}`;
  const hidden = html`${csrfInput(session)}<input
      type="hidden"
      name="view_status"
      value="${view.status}"
    /><input type="hidden" name="view_planet" value="${view.planet ?? ''}" />`;
  const label = html`${moveLabel(move)}<span class="visually-hidden"> ${item.certificate_number}</span>`;
  if (!moveTakesReason(move)) {
    return html`<form method="post" action="${action}">
      ${hidden}<button type="submit" name="move" value="${move}">${label}</button>
    </form>`;
  }
  return moveWithReasonForm({ action, hidden, label, move, fieldId: `${id}-reason` });
}

function verifiedCell(summary: VerificationSummary | undefined) {
  const words = adminText.certificates;
  if (!summary || summary.count === 0) return html`<span class="hint">${words.neverVerified}</span>`;
  return html`${words.verifiedTimes(summary.count, formatTime(summary.lastVerifiedAt))}<br /><span
      class="hint"
      >${words.verifiedBy(summary.lastVerifiers.join(', '))}</span
    >`;
}

function certificateTable(
  session: AdminSession,
  items: CertificateListItem[],
  verifications: Map<string, VerificationSummary>,
  glances: ReadonlyMap<string, AssetGlance>,
  view: CertificateView,
) {
  const moves = offeredCertificateMoves(view.status);
  const showOutcome = view.status !== 'pending';
  const columns = adminText.certificates.columns;
  return html`<div class="table-wrap">
    <table class="responsive">
      <thead>
        <tr>
          <th scope="col">${columns.certificate}</th>
          <th scope="col">${columns.title}</th>
          <th scope="col">${columns.account}</th>
          <th scope="col">${columns.details}</th>
          <th scope="col">${columns.submitted}</th>
          <th scope="col">${columns.verified}</th>
          ${
            showOutcome
              ? html`<th scope="col">${columns.issued}</th>
                  <th scope="col">${columns.reason}</th>`
              : ''
          }${moves.length > 0 ? html`<th scope="col">${columns.actions}</th>` : ''}
        </tr>
      </thead>
      <tbody>
        ${items.map(
          (item) =>
            html`<tr data-certificate="${item.certificate_number}">
              <td data-label="${columns.certificate}"><code>${item.certificate_number}</code></td>
              <td data-label="${columns.title}">
                ${titleAtGlance({
                  title: html`<a href="${assetPagePath(item)}">${item.title}</a>`,
                  glance: glances.get(item.asset_id),
                  thumbnailHref: (mediaId) =>
                    `${assetPagePath(item)}/media/${encodeURIComponent(mediaId)}/thumbnail`,
                })}
              </td>
              <td data-label="${columns.account}">${item.account_name}</td>
              <td data-label="${columns.details}">${fieldList(item.fields)}</td>
              <td data-label="${columns.submitted}">${formatTime(item.created_at)}</td>
              <td data-label="${columns.verified}">${verifiedCell(verifications.get(item.asset_id))}</td>
              ${
                showOutcome
                  ? html`<td data-label="${columns.issued}">${formatTime(item.issued_at)}</td>
                      <td data-label="${columns.reason}">${item.reason ?? '—'}</td>`
                  : ''
              }
              ${moves.length > 0 ? html`<td data-label="Actions"><div class="row-actions">${moves.map((move) => moveForm(session, item, move, view))}</div></td>` : ''}
            </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}

export function certificatesPage(options: {
  session: AdminSession;
  items: CertificateListItem[];
  /** How often and by whom each asset was verified, by asset id. */
  verifications: Map<string, VerificationSummary>;
  /** Each asset's public thumbnail and byline, by asset id. */
  glances: ReadonlyMap<string, AssetGlance>;
  view: CertificateView;
  flash?: Flash;
  status?: number;
}): SafeHtml {
  const { view } = options;
  const planets = view.planet ? [view.planet] : planetIds;
  const words = adminText.certificates;
  const { certificateStatuses: statusNames, categories } = pageText.values;
  const status = statusName(view.status);
  return adminListPage(
    {
      ...options,
      title: words.title,
      section: 'certificates',
      content: html`${planets.map((planet) => {
        const items = options.items.filter((item) => item.planet === planet);
        return html`<section aria-labelledby="planet-${planet}" class="planet-section">
          <h2 id="planet-${planet}">
            ${categoryName(planet)} <span class="count">${words.count(items.length, status)}</span>
          </h2>
          ${items.length === 0 ? html`<p class="empty">${words.none(status)}</p>` : certificateTable(options.session, items, options.verifications, options.glances, view)}
        </section>`;
      })}`,
    },
    {
      label: words.filters,
      fields: [
        valueFilter(words.status, 'status', {
          values: certificateStatuses,
          selected: view.status,
          names: statusNames,
        }),
        valueFilter(words.category, 'planet', {
          values: planetIds,
          selected: view.planet,
          empty: words.allCategories,
          names: categories,
        }),
      ],
      submit: words.show,
    },
  );
}
