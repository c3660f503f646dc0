import { html, type SafeHtml } from '../../../lib/html.js';
import {
  MAIL_STATES,
  type MailLogEntry,
  type MailLogPage,
  type MailMessageView,
} from '../../mail/mail-log.service.js';
import { filterForm, inputField, labelledTable, valueFilter } from '../../web-pages/form-parts.views.js';
import { formatTime } from '../../web-pages/page-document.views.js';
import type { AdminSession } from '../auth/admin-sessions.service.js';
import { adminText } from '../text/index.js';
import { adminPage } from './admin-layout.views.js';

/** The mail log's filters as the query gave them (checked). */
export interface MailLogFilter {
  state?: MailLogEntry['state'];
  to?: string;
  /** Messages a page (50 unless asked). */
  limit?: number;
}

const words = adminText.mail;

function mailPagePath(id: string): string {
  return `/admin/mail/${encodeURIComponent(id)}`;
}

function stateBadge(state: MailLogEntry['state']): SafeHtml {
  return html`<span class="badge badge-${state}">${words.states[state] ?? state}</span>`;
}

/** A kind the page has a word for by its word; a notice, or a kind it does not know, as the service names it. */
function kindName(kind: string): SafeHtml {
  // A catalogue key holds no dot: notice.digest is named by notice_digest.
  const name = words.kinds[kind.replace('.', '_')];
  if (name) return html`${name}`;
  const notice = /^notice\.(.+)$/.exec(kind)?.[1];
  // One element: a table cell on a phone lays out each child apart.
  return notice
    ? html`<span>${words.notice((said) => html`<code>${said}</code>`, notice)}</span>`
    : html`<code>${kind}</code>`;
}

/** What the SMTP server (or the local mailbox) answered, as it answered it. */
function answer(entry: MailLogEntry): SafeHtml {
  return entry.last_answer ? html`<samp>${entry.last_answer}</samp>` : html`—`;
}

function logTable(entries: readonly MailLogEntry[]): SafeHtml {
  const columns = words.columns;
  return labelledTable({
    caption: words.caption,
    columns: [
      columns.to,
      columns.subject,
      columns.kind,
      columns.state,
      columns.tries,
      columns.answer,
      columns.queued,
      columns.sent,
    ],
    rows: entries.map((entry) => ({
      attributes: html` data-mail-id="${entry.id}" data-state="${entry.state}"`,
      cells: [
        entry.to,
        html`<a href="${mailPagePath(entry.id)}">${entry.subject}</a>`,
        kindName(entry.kind),
        stateBadge(entry.state),
        { number: entry.attempts },
        answer(entry),
        formatTime(entry.created_at),
        formatTime(entry.sent_at),
      ],
    })),
  });
}

function logQuery(filter: MailLogFilter, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams({
    ...(filter.state ? { state: filter.state } : {}),
    ...(filter.to ? { to: filter.to } : {}),
    ...(filter.limit ? { limit: String(filter.limit) } : {}),
    ...extra,
  }).toString();
  return query ? `/admin/mail?${query}` : '/admin/mail';
}

/** /admin/mail: every message, newest first, a page at a time; never a body. */
export function mailLogPage(options: {
  session: AdminSession;
  page: MailLogPage;
  filter: MailLogFilter;
}): SafeHtml {
  const { page, filter } = options;
  const next = page.next_cursor ? logQuery(filter, { cursor: page.next_cursor }) : undefined;
  return adminPage({
    ...options,
    title: words.title,
    section: 'mail',
    content: html`<p>${words.intro}</p>
      ${filterForm({
        action: '/admin/mail',
        label: words.filters,
        fields: [
          valueFilter(words.state, 'state', {
            values: MAIL_STATES,
            selected: filter.state,
            empty: words.anyState,
            names: words.states,
          }),
          inputField(
            words.recipient,
            {
              id: 'filter-to',
              name: 'to',
              type: 'email',
              autocomplete: 'off',
              maxlength: 320,
              value: filter.to,
            },
            words.recipientHint,
          ),
        ],
        submit: words.filter,
      })}
      ${page.data.length === 0 ? html`<p class="empty">${words.none}</p>` : logTable(page.data)}
      <nav aria-label="${words.pagesLabel}">
        <p>
          ${next ? html`<a href="${next}" rel="next">${words.older}</a> ` : ''}<a href="${logQuery(filter)}"
            >${words.newest}</a
          >
        </p>
      </nav>`,
  });
}

function bodyOf(message: MailMessageView): SafeHtml {
  const { body } = message;
  if (!body.shown) {
    return html`<p class="flash flash-notice" role="note" data-body-withheld="${body.reason}">
      ${
        body.reason === 'secret_link'
          ? words.secretBody((path) => html`<code>${path}</code>`, 'AVS_DATA_DIR/mail')
          : words.goneBody
      }
    </p>`;
  }
  const source =
    message.source === 'mailbox' && message.file
      ? words.fromFile((file) => html`<code>${file}</code>`, message.file)
      : words.fromOutbox;
  return html`<p class="hint">${source}</p>
    <section aria-labelledby="mail-html-heading" class="panel">
      <h2 id="mail-html-heading">${words.htmlVersion}</h2>
      ${
        body.html
          ? html`<iframe
              class="mail-frame"
              sandbox
              src="${mailPagePath(message.entry.id)}/html"
              title="${words.frameTitle(message.to)}"
            ></iframe>`
          : html`<p class="empty">${words.noHtml}</p>`
      }
    </section>
    <section aria-labelledby="mail-text-heading" class="panel">
      <h2 id="mail-text-heading">${words.textVersion}</h2>
      <pre class="code-block mail-text">${body.text ?? ''}</pre>
    </section>`;
}

/** /admin/mail/{id}: one message as its recipient would see it, like a development mail catcher. */
export function mailMessagePage(options: { session: AdminSession; message: MailMessageView }): SafeHtml {
  const { message } = options;
  const { entry } = message;
  return adminPage({
    session: options.session,
    title: words.messageTitle,
    section: 'mail',
    content: html`<p><a href="/admin/mail">${words.back}</a></p>
      <section aria-labelledby="mail-headers-heading">
        <h2 id="mail-headers-heading">${words.headers}</h2>
        <dl class="details" data-mail-id="${entry.id}">
          <dt>${words.from}</dt>
          <dd>${message.from}</dd>
          <dt>${words.to}</dt>
          <dd>${message.to}</dd>
          <dt>${words.subject}</dt>
          <dd>${message.subject}</dd>
          <dt>${words.date}</dt>
          <dd>${formatTime(message.date.toISOString())}</dd>
          <dt>${words.messageId}</dt>
          <dd><code>${message.messageId}</code></dd>
        </dl>
      </section>
      <section aria-labelledby="mail-delivery-heading">
        <h2 id="mail-delivery-heading">${words.delivery}</h2>
        <dl class="details">
          <dt>${words.columns.kind}</dt>
          <dd>${kindName(entry.kind)}</dd>
          <dt>${words.columns.state}</dt>
          <dd>${stateBadge(entry.state)}</dd>
          <dt>${words.columns.tries}</dt>
          <dd>${entry.attempts}</dd>
          <dt>${words.columns.answer}</dt>
          <dd>${answer(entry)}</dd>
          <dt>${words.sentThrough}</dt>
          <dd>${entry.transport ? (words.transports[entry.transport] ?? entry.transport) : '—'}</dd>
          <dt>${words.columns.queued}</dt>
          <dd>${formatTime(entry.created_at)}</dd>
          <dt>${words.columns.sent}</dt>
          <dd>${formatTime(entry.sent_at)}</dd>
        </dl>
      </section>
      ${bodyOf(message)}`,
  });
}
