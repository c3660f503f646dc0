import { html, showValue, type SafeHtml } from '../../../lib/html.js';
import type { CertificateMove } from '../../assets/asset-states.js';
import type { CertificateListItem } from '../../certificates/certificate-moves.service.js';
import type { MediaRecordType } from '../../media/media.schemas.js';
import type { VerificationSummary } from '../../verification/verification.service.js';
import type { VerificationType } from '../../verification/verification.schemas.js';
import type { Lookup } from '../../alert-lookups/alert-lookups.service.js';
import type { AlertType } from '../../alerts/alerts.schemas.js';
import type { AdminSession } from '../auth/admin-sessions.service.js';
import { adminPage, csrfInput } from './admin-layout.views.js';
import { formatTime, type Flash } from '../../web-pages/page-document.views.js';
import { dataTable } from '../../web-pages/form-parts.views.js';
import {
  alertControls,
  certificateStatusBadge,
  mediaGrid,
  verificationsTable,
} from '../../web-pages/asset-parts.views.js';
import {
  historyTimeline,
  type AssetHistoryEntry,
  type HistoryNames,
} from '../../web-pages/history-timeline.views.js';
import { text } from '../../console/text/index.js';
import {
  moveLabel,
  moveTakesReason,
  moveWithReasonForm,
  offeredCertificateMoves,
} from './certificate-move.views.js';

export interface AssetPageData {
  session: AdminSession;
  certificate: CertificateListItem;
  media: MediaRecordType[];
  history: AssetHistoryEntry[];
  historyHasMore: boolean;
  /** Who the history's events name: the operator is told every name. */
  historyNames: HistoryNames;
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
  return html`<section aria-labelledby="certificate-heading" class="panel">
    <h2 id="certificate-heading">Certificate</h2>
    <dl class="details">
      <dt>Number</dt>
      <dd><code>${certificate.certificate_number}</code></dd>
      <dt>Certificate status</dt>
      <dd>
        ${certificateStatusBadge(
          certificate.status,
          data.alerts.find((alert) => alert.status === 'open'),
        )}
      </dd>
      <dt>Asset status</dt>
      <dd>${certificate.asset_status}</dd>
      <dt>Planet</dt>
      <dd>${certificate.planet}</dd>
      <dt>Account</dt>
      <dd>${certificate.account_name} <span class="hint">(${certificate.account_id})</span></dd>
      <dt>Submitted</dt>
      <dd>${formatTime(certificate.created_at)}</dd>
      <dt>Issued</dt>
      <dd>${formatTime(certificate.issued_at)}</dd>
      ${
        certificate.revoked_at
          ? html`<dt>Revoked</dt>
              <dd>${formatTime(certificate.revoked_at)}</dd>`
          : ''
      }
      ${
        certificate.reason
          ? html`<dt>Reason</dt>
              <dd>${certificate.reason}</dd>`
          : ''
      }
      <dt>Credential</dt>
      <dd>
        ${
          certificate.issued_at
            ? html`<a href="/c/${number}/credential">Signed credential (JSON)</a> ·
                <a href="/c/${number}">Public certificate page</a>`
            : html`<span class="hint">none until the certificate is issued</span>`
        }
      </dd>
    </dl>
    ${
      moves.length > 0
        ? html`<div class="row-actions" aria-label="Certificate actions" role="group">
            ${moves.map((move) => moveForm(data.session, certificate, move))}
          </div>`
        : ''
    }
  </section>`;
}

function fieldsSection(certificate: CertificateListItem): SafeHtml {
  const entries = Object.entries(certificate.fields);
  return html`<section aria-labelledby="fields-heading">
    <h2 id="fields-heading">Fields</h2>
    <dl class="details">
      <dt>Title</dt>
      <dd>${certificate.title}</dd>
      <dt>Asset id</dt>
      <dd><code>${certificate.asset_id}</code></dd>
      ${entries.map(
        ([name, value]) =>
          html`<dt>${name}</dt>
            <dd>${showValue(value)}</dd>`,
      )}
    </dl>
  </section>`;
}

function mediaSection(data: AssetPageData): SafeHtml {
  const base = assetPagePath(data.certificate);
  return html`<section aria-labelledby="media-heading">
    <h2 id="media-heading">Images and documents <span class="count">${data.media.length}</span></h2>
    ${mediaGrid(data.media, { hrefOf: (medium) => `${base}/media/${medium.id}` })}
  </section>`;
}

function historySection(data: AssetPageData): SafeHtml {
  return html`<section aria-labelledby="history-heading">
    <h2 id="history-heading">
      History <span class="count">${data.history.length}${data.historyHasMore ? '+' : ''} events</span>
    </h2>
    ${historyTimeline(data.history, {
      hasMore: data.historyHasMore,
      // The operator reads the history in the console's words (one catalogue of its sentences).
      words: text.history,
      names: data.historyNames,
      media: data.media,
    })}
  </section>`;
}

function verificationsSection(data: AssetPageData): SafeHtml {
  return html`<section aria-labelledby="verifications-heading">
    <h2 id="verifications-heading">
      Verifications <span class="count">${data.verificationSummary?.count ?? 0}</span>
    </h2>
    ${verificationsTable(data.verifications)}
  </section>`;
}

const LOOKUP_LABELS: Record<string, string> = {
  get: 'API: asset',
  certificate: 'API: certificate',
  credential: 'Credential',
  verify: 'API: verify',
  public_page: 'Public page',
  tap: 'Tag tap',
  photo: 'Photo search',
};

/** The alerts, the open one first and loud, and the search audit with its CSV export (docs/alerts.md). */
function alertsSection(data: AssetPageData): SafeHtml {
  const open = data.alerts.some((alert) => alert.status === 'open');
  const base = assetPagePath(data.certificate);
  const csv = `${base}/lookups.csv`;
  return html`<section aria-labelledby="alerts-heading" class="panel${open ? ' alert-open' : ''}">
    <h2 id="alerts-heading">Stolen or lost</h2>
    ${alertControls(data.alerts, { base, hidden: csrfInput(data.session) })}
    <h3 id="lookups-heading">
      Look-ups while reported
      <span class="count">${data.lookups.length}${data.lookupsHaveMore ? '+' : ''}</span>
    </h3>
    ${
      data.lookups.length === 0
        ? html`<p class="empty">No look-ups recorded.</p>`
        : dataTable({
            labelledBy: 'lookups-heading',
            columns: ['When', 'Look-up', 'Account', 'API key', 'Client address'],
            rows: data.lookups.map(
              (lookup) =>
                html`<tr>
                  <td>${formatTime(lookup.at)}</td>
                  <td>${LOOKUP_LABELS[lookup.lookup] ?? lookup.lookup}</td>
                  <td>${lookup.account_name ?? lookup.account_id ?? '—'}</td>
                  <td><code>${lookup.api_key_id ?? '—'}</code></td>
                  <td>${lookup.client_address ?? '—'}</td>
                </tr>`,
            ),
          })
    }
    <p><a href="${csv}" download>Export the look-ups as CSV</a></p>
  </section>`;
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
        <a href="${queue}">← ${certificate.status} ${certificate.planet} certificates</a>
      </p>
      <div class="asset-page">
        ${alertsSection(data)} ${certificateSection(data)} ${mediaSection(data)} ${fieldsSection(certificate)}
        ${historySection(data)} ${verificationsSection(data)}
      </div>`,
  });
}
