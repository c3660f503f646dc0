import { html, type SafeHtml } from '../../../lib/html.js';
import { roleReaches } from '../../members/member-roles.js';
import type { MemberSession } from '../../members/member-sessions.service.js';
import { allWebhookEventTypes, webhookEventTypes } from '../../webhooks/webhook-event-types.js';
import type { CreatedWebhook, Delivery, Webhook } from '../../webhooks/webhooks.schemas.js';
import {
  checkboxChoice,
  dataTable,
  detailsList,
  filterForm,
  inputField,
  valueFilter,
} from '../../web-pages/form-parts.views.js';
import { formatTime } from '../../web-pages/page-document.views.js';
import { csrfInput } from '../shell/console-layout.views.js';
import { cornerPage, pageLinks, type Frame } from './developers-page.views.js';
import { text } from '../text/index.js';

/** What the register form had when it was refused: shown again as typed. */
export interface WebhookFormValues {
  url?: string;
  events?: readonly string[];
}

interface Paged<T> {
  data: readonly T[];
  next_cursor: string | null;
}

const WEBHOOKS_URL = '/console/developers/webhooks';

/** Editors and owners change webhooks; a viewer's pages show no button. */
const canEdit = (session: MemberSession) => roleReaches(session.role, 'editor');

/** The part of a link's or button's words only a screen reader says (which webhook, which delivery). */
const visuallyHidden = (words: SafeHtml) => html`<span class="visually-hidden">${words}</span>`;

const statusBadge = (status: string) =>
  html`<span class="badge badge-${status}">${text.webhookWords.statuses[status] ?? status}</span>`;

/** An event type by what happened, its API name beside it as code. */
const eventTypeName = (type: string) =>
  html`${text.webhookWords.eventNames[type.replace('.', '_')] ?? ''} <code>${type}</code>`;

/** The event types a webhook receives, each by what happened. */
const eventTypeList = (types: readonly string[]) =>
  html`<ul class="event-types">
    ${types.map((type) => html`<li>${eventTypeName(type)}</li>`)}
  </ul>`;

function webhooksTable(webhooks: readonly Webhook[], session: MemberSession): SafeHtml {
  const t = text.webhooks;
  const c = t.columns;
  if (webhooks.length === 0) return html`<p class="empty">${t.empty}</p>`;
  return dataTable({
    caption: t.caption,
    responsive: true,
    columns: [
      c.url,
      c.events,
      c.status,
      c.created,
      c.disabled,
      html`<span class="visually-hidden">${c.actions}</span>`,
    ],
    rows: webhooks.map(
      (webhook) =>
        html`<tr data-webhook-id="${webhook.id}">
          <td data-label="${c.url}"><code>${webhook.url}</code></td>
          <td data-label="${c.events}">${eventTypeList(webhook.events)}</td>
          <td data-label="${c.status}">${statusBadge(webhook.status)}</td>
          <td data-label="${c.created}">${formatTime(webhook.created_at)}</td>
          <td data-label="${c.disabled}">${formatTime(webhook.disabled_at)}</td>
          <td data-label="${c.actions}" class="inline-actions">
            <a href="${WEBHOOKS_URL}/${webhook.id}">${t.logLink(visuallyHidden, webhook.url)}</a>
            ${
              canEdit(session) && webhook.status === 'active'
                ? html`<a class="button-link danger" href="${WEBHOOKS_URL}/${webhook.id}/disable"
                    >${t.disableLink(visuallyHidden, webhook.url)}</a
                  >`
                : ''
            }
          </td>
        </tr>`,
    ),
  });
}

function registerForm(session: MemberSession, values: WebhookFormValues): SafeHtml {
  const t = text.webhooks;
  // A fresh form ticks the types a registration without `events` gets; a refused one keeps what was ticked.
  const ticked: readonly string[] = values.events ?? webhookEventTypes;
  const defaults: readonly string[] = webhookEventTypes;
  return html`<section aria-labelledby="register-heading" class="panel">
    <h2 id="register-heading">${t.registerHeading}</h2>
    <form method="post" action="${WEBHOOKS_URL}" class="stacked" id="register-webhook-form">
      ${csrfInput(session)}
      ${inputField(
        t.urlLabel,
        {
          id: 'webhook-url',
          name: 'url',
          type: 'url',
          required: true,
          maxlength: 2048,
          value: values.url ?? '',
        },
        t.urlHint,
      )}
      <fieldset aria-describedby="webhook-events-hint">
        <legend>${t.eventsLegend}</legend>
        <p class="hint" id="webhook-events-hint">${t.eventsHint}</p>
        ${allWebhookEventTypes.map((type) =>
          checkboxChoice({
            id: `event-${type}`,
            name: 'events',
            value: type,
            checked: ticked.includes(type),
            label: html`${eventTypeName(type)}${defaults.includes(type) ? '' : html` ${t.optIn}`}`,
          }),
        )}
      </fieldset>
      <button type="submit">${t.registerButton}</button>
    </form>
  </section>`;
}

/** The signing secret of a new webhook, on the answer to its registration only. */
function createdPanel(created: CreatedWebhook): SafeHtml {
  const t = text.webhooks;
  return html`<section aria-labelledby="created-heading" class="panel">
    <h2 id="created-heading">${t.createdHeading}</h2>
    <p><code>${created.url}</code></p>
    <p>${created.message}</p>
    <div class="flash flash-warning" role="alert">
      <p><strong>${t.secretWarning}</strong></p>
    </div>
    <div class="secret-box">
      <label for="webhook-secret">${t.secretLabel}</label>
      <output id="webhook-secret" class="secret" aria-live="off">${created.secret}</output>
    </div>
  </section>`;
}

/** /console/developers/webhooks: the account's endpoints; the register form for editors and owners. */
export function webhooksPage(
  options: Frame & {
    page: Paged<Webhook>;
    created?: CreatedWebhook;
    form?: WebhookFormValues;
  },
): SafeHtml {
  const t = text.webhooks;
  return cornerPage(
    options,
    t,
    html`${options.created ? createdPanel(options.created) : ''}
      <h2 id="webhooks-heading">${t.listHeading}</h2>
      ${webhooksTable(options.page.data, options.session)}
      ${pageLinks({ label: text.developers.pagesLabel, base: WEBHOOKS_URL, nextCursor: options.page.next_cursor })}
      ${canEdit(options.session) ? registerForm(options.session, options.form ?? {}) : ''}`,
  );
}

export function disableWebhookPage(options: Frame & { webhook: Webhook }): SafeHtml {
  const t = text.webhooks;
  const { session, webhook } = options;
  return cornerPage(
    options,
    { title: t.disableTitle },
    html`<p>${t.disableQuestion(webhook.url)}</p>
      <form method="post" action="${WEBHOOKS_URL}/${webhook.id}/disable" class="inline-actions">
        ${csrfInput(session)}
        <button type="submit" class="danger">${t.disableButton}</button>
        <a href="${WEBHOOKS_URL}" class="button-link">${t.cancel}</a>
      </form>`,
  );
}

/** What the receiver last said: the service's reading of it, then the start of its body. */
function lastAnswer(delivery: Delivery): SafeHtml {
  const { last_error: error, last_response_excerpt: excerpt } = delivery;
  if (!error && !excerpt) return html`${text.developers.none}`;
  return html`${error ?? ''}${error && excerpt ? html`<br />` : ''}${excerpt ? html`<code>${excerpt}</code>` : ''}`;
}

function deliveriesTable(
  webhook: Webhook,
  deliveries: readonly Delivery[],
  session: MemberSession,
): SafeHtml {
  const t = text.deliveries;
  const c = t.columns;
  if (deliveries.length === 0) return html`<p class="empty">${t.empty}</p>`;
  const replayable = canEdit(session) && webhook.status === 'active';
  return dataTable({
    caption: t.caption,
    responsive: true,
    columns: [
      c.created,
      c.event,
      c.status,
      c.attempts,
      c.code,
      c.answer,
      c.lastAttempt,
      c.nextAttempt,
      ...(replayable ? [html`<span class="visually-hidden">${c.actions}</span>`] : []),
    ],
    rows: deliveries.map(
      (delivery) =>
        html`<tr data-delivery-id="${delivery.id}">
          <td data-label="${c.created}">${formatTime(delivery.created_at)}</td>
          <td data-label="${c.event}"><code>${delivery.event_type}</code></td>
          <td data-label="${c.status}">${statusBadge(delivery.status)}</td>
          <td data-label="${c.attempts}" class="number">${delivery.attempts}</td>
          <td data-label="${c.code}" class="number">${delivery.last_status_code ?? text.developers.none}</td>
          <td data-label="${c.answer}">${lastAnswer(delivery)}</td>
          <td data-label="${c.lastAttempt}">${formatTime(delivery.last_attempt_at)}</td>
          <td data-label="${c.nextAttempt}">${formatTime(delivery.next_attempt_at)}</td>
          ${
            replayable
              ? html`<td data-label="${c.actions}">
                  <form method="post" action="${WEBHOOKS_URL}/${webhook.id}/deliveries/${delivery.id}/replay">
                    ${csrfInput(session)}
                    <button type="submit" class="button-secondary">
                      ${t.replayButton(visuallyHidden, delivery.event_type)}
                    </button>
                  </form>
                </td>`
              : ''
          }
        </tr>`,
    ),
  });
}

/** /console/developers/webhooks/{id}: the webhook, its delivery log; replay and a test event for editors. */
export function deliveriesPage(
  options: Frame & { webhook: Webhook; page: Paged<Delivery>; status?: string; limit?: number },
): SafeHtml {
  const t = text.deliveries;
  const { session, webhook } = options;
  const base = `${WEBHOOKS_URL}/${webhook.id}`;
  return cornerPage(
    options,
    { title: t.title },
    html`<p><a href="${WEBHOOKS_URL}">${text.webhooks.backToList}</a></p>
      <section aria-labelledby="webhook-heading">
        <h2 id="webhook-heading">${t.detailsHeading}</h2>
        ${detailsList([
          [t.url, html`<code>${webhook.url}</code>`],
          [t.status, statusBadge(webhook.status)],
          [t.events, eventTypeList(webhook.events)],
          [t.created, formatTime(webhook.created_at)],
        ])}
        ${webhook.status === 'active' ? '' : html`<p>${t.inactive}</p>`}
      </section>
      ${
        canEdit(session) && webhook.status === 'active'
          ? html`<section aria-labelledby="test-heading" class="panel">
              <h2 id="test-heading">${t.testHeading}</h2>
              <p>${t.testIntro}</p>
              <form method="post" action="${base}/test">
                ${csrfInput(session)}
                <button type="submit">${t.testButton}</button>
              </form>
            </section>`
          : ''
      }
      <h2 id="deliveries-heading">${t.heading}</h2>
      <p>${t.intro}</p>
      ${filterForm({
        action: base,
        label: t.filterLabel,
        fields: [
          valueFilter(t.filterStatus, 'status', {
            values: ['pending', 'succeeded', 'failed'],
            selected: options.status,
            empty: t.filterAll,
            names: text.webhookWords.statuses,
          }),
        ],
        submit: t.filterButton,
      })}
      ${deliveriesTable(webhook, options.page.data, session)}
      ${pageLinks({
        label: text.developers.pagesLabel,
        base,
        nextCursor: options.page.next_cursor,
        filters: { status: options.status, limit: options.limit ? String(options.limit) : undefined },
      })}`,
  );
}
