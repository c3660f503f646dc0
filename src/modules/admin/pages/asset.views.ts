import { html, showValue, type SafeHtml } from '../../../lib/html.js';
import type { CertificateMove } from '../../assets/asset-states.js';
import type { CertificateListItem } from '../../certificates/certificate-moves.service.js';
import type { VerificationSummary } from '../../verification/verification.service.js';
import type { VerificationType } from '../../verification/verification.schemas.js';
import type { Lookup } from '../../alert-lookups/alert-lookups.service.js';
import type { AlertType } from '../../alerts/alerts.schemas.js';
import type { AdminSession } from '../auth/admin-sessions.service.js';
import { adminPage, csrfInput } from './admin-layout.views.js';
import { formatTime, type Flash } from '../../web-pages/page-document.views.js';
import { dataTable, detailsList, type DetailRow } from '../../web-pages/form-parts.views.js';
import {
  alertsPanel,
  certificateStatusBadge,
  mediaSection,
  verificationsTable,
} from '../../web-pages/asset-parts.views.js';
import { assetHistory, type AssetPageHistory } from '../../web-pages/history-timeline.views.js';
import { text } from '../../console/text/index.js';
import {
  moveLabel,
  moveTakesReason,
  moveWithReasonForm,
  offeredCertificateMoves,
} from './certificate-move.views.js';
import { categoryName } from '../../web-pages/category-name.js';
import { fieldName, statusName } from './value-names.js';
import { text as pageText } from '../../web-pages/text/index.js';
import { adminText } from '../text/index.js';

/** The asset's page: its history's names are every name (the operator is told them all). */
export interface AssetPageData extends AssetPageHistory {
  session: AdminSession;
  certificate: CertificateListItem;
  verifications: VerificationType[];
  verificationSummary: VerificationSummary | undefined;
  /** The asset's stolen-or-lost alerts, newest first (docs/alerts.md), and the look-ups recorded while one was open. */
  alerts: AlertType[];
  lookups: Lookup[];
  lookupsHaveMore: boolean;
  flash?: Flash;
}

/** Where an asset's page lives: the one place that spells the URL (the queue links here too). */
export function assetPagePath(asset: { planet: string; asset_id: string }): string {
  return `/admin/assets/${encodeURIComponent(asset.planet)}/${encodeURIComponent(asset.asset_id)}`;
}

function moveForm(session: AdminSession, certificate: CertificateListItem, move: CertificateMove): SafeHtml {
  const action = `${assetPagePath(certificate)}/${move}`;
  const label = moveLabel(move);
  if (!moveTakesReason(move)) {
    return html`<form method="post" action="${action}">
      ${csrfInput(session)}<button type="submit">${label}</button>
    </form>`;
  }
  return moveWithReasonForm({ action, hidden: csrfInput(session), label, move, fieldId: `${move}-reason` });
}

function certificateSection(data: AssetPageData): SafeHtml {
  const { certificate } = data;
  const moves = offeredCertificateMoves(certificate.status);
  const number = encodeURIComponent(certificate.certificate_number);
  const words = adminText.asset;
  return html`<section aria-labelledby="certificate-heading" class="panel">
    <h2 id="certificate-heading">${words.certificate}</h2>
    ${detailsList([
      [words.number, html`<code>${certificate.certificate_number}</code>`],
      [
        words.certificateStatus,
        certificateStatusBadge(
          certificate.status,
          data.alerts.find((alert) => alert.status === 'open'),
        ),
      ],
      [
        words.assetStatus,
        pageText.values.assetStatuses[certificate.asset_status] ?? certificate.asset_status,
      ],
      [words.category, categoryName(certificate.planet)],
      [
        words.account,
        html`${certificate.account_name} <span class="hint">(${certificate.account_id})</span>`,
      ],
      [words.submitted, formatTime(certificate.created_at)],
      [words.issued, formatTime(certificate.issued_at)],
      certificate.revoked_at ? [words.revoked, formatTime(certificate.revoked_at)] : false,
      certificate.reason ? [words.reason, certificate.reason] : false,
      [
        words.credential,
        certificate.issued_at
          ? html`<a href="/c/${number}/credential">${words.signedCredential}</a> ·
              <a href="/c/${number}">${words.publicPage}</a>`
          : html`<span class="hint">${words.noCredential}</span>`,
      ],
    ])}
    ${
      moves.length > 0
        ? html`<div class="row-actions" aria-label="${words.certificateActions}" role="group">
            ${moves.map((move) => moveForm(data.session, certificate, move))}
          </div>`
        : ''
    }
  </section>`;
}

function fieldsSection(certificate: CertificateListItem): SafeHtml {
  const entries = Object.entries(certificate.fields);
  const words = adminText.asset;
  return html`<section aria-labelledby="fields-heading">
    <h2 id="fields-heading">${words.fields}</h2>
    ${detailsList([
      [words.title, certificate.title],
      [words.assetId, html`<code>${certificate.asset_id}</code>`],
      ...entries.map(([name, value]): DetailRow => [fieldName(name), showValue(value)]),
    ])}
  </section>`;
}

function assetMedia(data: AssetPageData): SafeHtml {
  const base = assetPagePath(data.certificate);
  return mediaSection(data.media, {
    heading: adminText.asset.media,
    hrefOf: (medium) => `${base}/media/${medium.id}`,
  });
}

function historySection(data: AssetPageData): SafeHtml {
  // The operator reads the history in the console's words (one catalogue of its sentences).
  const timeline = assetHistory(data, text.history);
  return html`<section aria-labelledby="history-heading">
    <h2 id="history-heading">
      ${adminText.asset.history}
      <span class="count"
        >${(data.historyHasMore ? adminText.asset.moreEvents : adminText.asset.events)(data.history.length)}</span
      >
    </h2>
    ${timeline}
  </section>`;
}

function verificationsSection(data: AssetPageData): SafeHtml {
  return html`<section aria-labelledby="verifications-heading">
    <h2 id="verifications-heading">
      ${adminText.asset.verifications} <span class="count">${data.verificationSummary?.count ?? 0}</span>
    </h2>
    ${verificationsTable(data.verifications)}
  </section>`;
}

/** The alerts, the open one first and loud, and the search audit with its CSV export (docs/alerts.md). */
function alertsSection(data: AssetPageData): SafeHtml {
  const base = assetPagePath(data.certificate);
  const csv = `${base}/lookups.csv`;
  const words = adminText.asset;
  const columns = words.lookupColumns;
  return alertsPanel(data.alerts, {
    heading: words.alerts,
    base,
    hidden: csrfInput(data.session),
    more: html`<h3 id="lookups-heading">
        ${words.lookups}
        <span class="count">${data.lookups.length}${data.lookupsHaveMore ? '+' : ''}</span>
      </h3>
      ${
        data.lookups.length === 0
          ? html`<p class="empty">${words.noLookups}</p>`
          : dataTable({
              labelledBy: 'lookups-heading',
              columns: [columns.when, columns.lookup, columns.account, columns.apiKey, columns.clientAddress],
              rows: data.lookups.map(
                (lookup) =>
                  html`<tr>
                    <td>${formatTime(lookup.at)}</td>
                    <td>${words.lookupKinds[lookup.lookup] ?? lookup.lookup}</td>
                    <td>${lookup.account_name ?? lookup.account_id ?? '—'}</td>
                    <td><code>${lookup.api_key_id ?? '—'}</code></td>
                    <td>${lookup.client_address ?? '—'}</td>
                  </tr>`,
              ),
            })
      }
      <p><a href="${csv}" download>${words.exportLookups}</a></p>`,
  });
}

/** /admin/assets/{planet}/{id}: everything the operator reviews about one asset, and the certificate moves. */
export function assetPage(data: AssetPageData): SafeHtml {
  const { certificate } = data;
  const queue = `/admin/certificates?status=${encodeURIComponent(certificate.status)}&planet=${encodeURIComponent(certificate.planet)}`;
  return adminPage({
    title: certificate.title,
    section: 'certificates',
    session: data.session,
    flash: data.flash,
    content: html`<p class="breadcrumb">
        <a href="${queue}"
          >${adminText.asset.backToQueue(categoryName(certificate.planet), statusName(certificate.status))}</a
        >
      </p>
      <div class="asset-page">
        ${alertsSection(data)} ${certificateSection(data)} ${assetMedia(data)} ${fieldsSection(certificate)}
        ${historySection(data)} ${verificationsSection(data)}
      </div>`,
  });
}
