import { limits } from '../../limits.js';
import { html, type SafeHtml } from '../../lib/html.js';
import type { AlertType } from '../alerts/alerts.schemas.js';
import type { MediaRecordType } from '../media/media.schemas.js';
import type { TapType } from '../tags/tags.schemas.js';
import { tapVerdictWord } from '../tags/tap-page.views.js';
import type { VerificationType } from '../verification/verification.schemas.js';
import { dataTable, inputField, selectField } from './form-parts.views.js';
import { formatTime } from './page-document.views.js';
import { text } from './text/index.js';

// The parts of an asset's page that the operator's (/admin) and the account's (/console) pages both show.

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

function byteSize(bytes: number): string {
  const words = text.media;
  if (bytes < 1024) return words.bytes(bytes);
  if (bytes < 1024 * 1024) return words.kibibytes(oneDecimal(bytes / 1024));
  return words.mebibytes(oneDecimal(bytes / 1024 / 1024));
}

// A file type by the name people know it by ("image/webp" → "WebP image"); the rest by its own subtype.
const FORMAT_NAMES: Readonly<Record<string, string>> = {
  jpeg: 'JPEG',
  png: 'PNG',
  webp: 'WebP',
  tiff: 'TIFF',
  pdf: 'PDF',
};

export function fileKind(contentType: string): string {
  const [type, subtype = ''] = contentType.split('/');
  const format = FORMAT_NAMES[subtype] ?? subtype.toUpperCase();
  return type === 'image' ? text.media.imageFormat(format) : text.media.documentFormat(format);
}

/** A medium's name on the page: its caption, else "Image 2" or "Document 3". */
function mediumName(medium: MediaRecordType, index: number): string {
  const name = medium.content_type.startsWith('image/') ? text.media.image : text.media.document;
  return medium.caption ?? name(String(index + 1));
}

/**
 * The media of an asset as a grid of figures, each linking to its bytes at `hrefOf(medium)`; `actions` adds
 * controls under a figure's caption (the console's remove button).
 */
function mediaGrid(
  media: readonly MediaRecordType[],
  options: {
    hrefOf: (medium: MediaRecordType) => string;
    actions?: (medium: MediaRecordType, name: string) => SafeHtml;
  },
): SafeHtml {
  if (media.length === 0) return html`<p class="empty">${text.media.none}</p>`;
  return html`<ul class="media-grid">
    ${media.map((medium, index) => {
      const href = options.hrefOf(medium);
      const name = mediumName(medium, index);
      return html`<li data-media-id="${medium.id}">
        <figure>
          <a href="${href}">
            ${
              medium.content_type.startsWith('image/')
                ? html`<img
                    src="${href}"
                    alt="${name}"
                    width="${medium.width ?? ''}"
                    height="${medium.height ?? ''}"
                    loading="lazy"
                  />`
                : html`<span class="document-icon" aria-hidden="true">${text.media.documentIcon}</span
                    ><span class="visually-hidden">${name}</span>`
            }
          </a>
          <figcaption>
            <strong>${name}</strong><br />
            ${fileKind(medium.content_type)},
            ${byteSize(medium.bytes)}${medium.width ? `, ${medium.width}×${medium.height}` : ''}<br />
            <span class="badge ${medium.public ? 'badge-active' : 'badge-expired'}"
              >${medium.public ? text.media.public : text.media.private}</span
            >
            <code class="digest" title="SHA-256">${medium.sha256.slice(0, 16)}…</code>
            ${options.actions ? options.actions(medium, name) : ''}
          </figcaption>
        </figure>
      </li>`;
    })}
  </ul>`;
}

/** The media section of an asset's page: its heading with the count, the grid, then what the page adds (a form). */
export function mediaSection(
  media: readonly MediaRecordType[],
  options: Parameters<typeof mediaGrid>[1] & { heading: string; more?: SafeHtml },
): SafeHtml {
  return html`<section aria-labelledby="media-heading">
    <h2 id="media-heading">${options.heading} <span class="count">${media.length}</span></h2>
    ${mediaGrid(media, options)} ${options.more ?? ''}
  </section>`;
}

/**
 * Who verified an asset and when, newest first, with the failed checks of a verification that failed; the taps of its
 * NFC tags among them, marked as taps, for its owner.
 */
export function verificationsTable(
  verifications: readonly VerificationType[],
  taps: readonly TapType[] = [],
): SafeHtml {
  const words = text.verifications;
  if (verifications.length === 0 && taps.length === 0) return html`<p class="empty">${words.never}</p>`;
  const rows = [
    ...verifications.map((verification) => ({
      at: verification.verified_at,
      row: html`<tr>
        <td>${formatTime(verification.verified_at)}</td>
        <td>${verification.verified_by.name ?? verification.verified_by.account_id}</td>
        <td>
          ${
            verification.verified
              ? words.verified
              : html`<span>${words.notVerified}</span>
                  <span class="hint"
                    >(${verification.checks
                      .filter((check) => !check.passed)
                      .map((check) => check.name)
                      .join(', ')})</span
                  >`
          }
        </td>
      </tr>`,
    })),
    // A tap of the asset's NFC tag, marked as one (docs/tags.md): made by anyone, without a key.
    ...taps.map((tap) => ({
      at: tap.tapped_at,
      row: html`<tr>
        <td>${formatTime(tap.tapped_at)}</td>
        <td><span class="badge">${words.tagTap}</span></td>
        <td>
          ${tapVerdictWord(tap.verdict)}${tap.counter === null ? '' : html` <span class="hint">${words.tapCounter(String(tap.counter))}</span>`}
        </td>
      </tr>`,
    })),
  ].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  return dataTable({
    caption: taps.length > 0 ? words.captionWithTaps : words.caption,
    columns: [words.columns.when, words.columns.by, words.columns.result],
    rows: rows.map((entry) => entry.row),
  });
}

/**
 * A certificate's status as a badge. An issued one whose item is reported stolen or lost says so, in red: never the
 * issued green while an alert is open (issue #46).
 */
export function certificateStatusBadge(status: string, alert: { kind: string } | null | undefined): SafeHtml {
  if (alert && status === 'issued') {
    const reported = text.certificateBadge.issuedButReported(alert.kind);
    return html`<span class="badge badge-alert">${reported}</span>`;
  }
  const name = text.values.certificateStatuses[status] ?? status;
  return html`<span class="badge badge-${status}">${name}</span>`;
}

/** The form that reports an asset stolen or lost, posted to `action` with the page's hidden fields. */
function raiseAlertForm(action: string, hidden: SafeHtml): SafeHtml {
  const words = text.alerts;
  return html`<details class="move">
    <summary>${words.report}</summary>
    <form method="post" action="${action}" class="stacked">
      ${hidden}
      ${selectField(
        words.kind,
        { id: 'alert-kind', name: 'kind' },
        html`<option value="stolen">${words.stolen}</option>
          <option value="lost">${words.lost}</option>`,
      )}
      ${inputField(words.missingSince, { id: 'alert-occurred', name: 'occurred_at', type: 'date', required: true })}
      ${inputField(words.policeReference, {
        id: 'alert-reference',
        name: 'reference',
        maxlength: limits.stringLength,
      })}
      ${inputField(words.note, { id: 'alert-note', name: 'note', maxlength: limits.stringLength })}
      <button type="submit" class="danger">${words.submit}</button>
    </form>
  </details>`;
}

function resolveAlertForm(action: string, hidden: SafeHtml): SafeHtml {
  return html`<form method="post" action="${action}" class="inline-actions">
    ${hidden}
    <button type="submit" name="outcome" value="recovered">${text.alerts.resolveRecovered}</button>
    <button type="submit" name="outcome" value="withdrawn" class="button-secondary">
      ${text.alerts.resolveWithdrawn}
    </button>
  </form>`;
}

/** An open alert in a sentence: what, since when, raised when, the police reference if any. */
function openAlertSentence(open: AlertType): SafeHtml {
  const strong = (words: SafeHtml) => html`<strong>${words}</strong>`;
  const since = formatTime(open.occurred_at);
  const raised = formatTime(open.raised_at);
  return open.reference
    ? text.alerts.openWithReference(strong, open.kind, since, raised, open.reference)
    : text.alerts.open(strong, open.kind, since, raised);
}

/**
 * An asset's open alert, loud, with the resolve buttons (posted to `{base}/alerts/{id}/resolve`), or the report form
 * (posted to `{base}/alerts`); then the earlier alerts. `hidden` undefined: shown without the forms.
 */
function alertControls(
  alerts: readonly AlertType[],
  options: { base: string; hidden: SafeHtml | undefined },
): SafeHtml {
  const open = alerts.find((alert) => alert.status === 'open');
  const { base, hidden } = options;
  const resolved = alerts.filter((alert) => alert.status === 'resolved');
  return html`${
    open
      ? html`<p class="alert-banner" role="alert">${openAlertSentence(open)}</p>
          ${open.note ? html`<p>${open.note}</p>` : ''}
          ${hidden ? resolveAlertForm(`${base}/alerts/${encodeURIComponent(open.id)}/resolve`, hidden) : ''}`
      : html`<p class="empty">${text.alerts.noneOpen}</p>
          ${hidden ? raiseAlertForm(`${base}/alerts`, hidden) : ''}`
  }
  ${
    resolved.length > 0
      ? html`<h3>${text.alerts.earlier}</h3>
          <ul>
            ${resolved.map(
              (alert) =>
                html`<li>
                  ${text.alerts.earlierAlert(
                    alert.kind,
                    formatTime(alert.occurred_at),
                    alert.outcome ?? '',
                    formatTime(alert.resolved_at),
                  )}
                </li>`,
            )}
          </ul>`
      : ''
  }`;
}

/** The alerts panel of an asset's page, loud while one is open: the alert controls, then what the page adds. */
export function alertsPanel(
  alerts: readonly AlertType[],
  options: Parameters<typeof alertControls>[1] & { heading: string; more?: SafeHtml },
): SafeHtml {
  const open = alerts.some((alert) => alert.status === 'open');
  return html`<section aria-labelledby="alerts-heading" class="panel${open ? ' alert-open' : ''}">
    <h2 id="alerts-heading">${options.heading}</h2>
    ${alertControls(alerts, options)} ${options.more ?? ''}
  </section>`;
}
