import type { Static } from '@sinclair/typebox';
import { html, type SafeHtml } from '../../../lib/html.js';
import type { EventPage } from '../../event-feed/event-feed.schemas.js';
import type { Membership } from '../../members/members.service.js';
import type { MemberSession } from '../../members/member-sessions.service.js';
import { allWebhookEventTypes } from '../../webhooks/webhook-event-types.js';
import { dataTable, filterForm, valueFilter } from '../../web-pages/form-parts.views.js';
import { formatTime, type Flash } from '../../web-pages/page-document.views.js';
import type { ServiceBrand } from '../../../lib/service-brand.js';
import { consolePage } from '../shell/console-layout.views.js';
import { text } from '../text/index.js';

/** What a page of the corner shows around its content (consolePage's frame). */
export interface Frame {
  session: MemberSession;
  memberships: readonly Membership[];
  service: ServiceBrand;
  flash?: Flash;
}

/** A page of the developers' corner: the console's frame, the corner's place in the navigation, its intro. */
export function cornerPage(
  frame: Frame,
  words: { readonly title: string; readonly intro?: string },
  content: SafeHtml,
): SafeHtml {
  const intro = words.intro ? html`<p>${words.intro}</p>` : '';
  return consolePage({
    ...frame,
    title: words.title,
    section: 'developers',
    content: html`${intro}${content}`,
  });
}

/** A paged list's links: the next (older) page by its cursor, with the filters it was made with, and the first. */
export function pageLinks(options: {
  label: string;
  base: string;
  nextCursor: string | null;
  filters?: Record<string, string | undefined>;
}): SafeHtml {
  const filters = Object.entries(options.filters ?? {}).filter(
    (entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '',
  );
  const query = (extra: [string, string][]) => {
    const search = new URLSearchParams([...filters, ...extra]).toString();
    return search ? `${options.base}?${search}` : options.base;
  };
  return html`<nav aria-label="${options.label}">
    <p class="inline-actions">
      ${
        options.nextCursor
          ? html`<a href="${query([['cursor', options.nextCursor]])}" rel="next">${text.developers.older}</a>`
          : ''
      }
      <a href="${query([])}">${text.developers.newer}</a>
    </p>
  </nav>`;
}

/** A block of code a person copies: a labelled, scrollable pre. */
function codeBlock(id: string, label: string, code: string): SafeHtml {
  return html`<pre
    class="code-block"
    id="${id}"
    tabindex="0"
    aria-label="${label}"
  ><code>${code}</code></pre>`;
}

/** /console/developers: the parts of the developers' corner, API keys for owners only. */
export function developersPage(options: Frame): SafeHtml {
  const t = text.developers;
  const part = (href: string, label: string, what: string) =>
    html`<li><a href="${href}">${label}</a>: ${what}</li>`;
  return cornerPage(
    options,
    t,
    html`<h2 id="parts-heading">${t.partsHeading}</h2>
      <ul aria-labelledby="parts-heading">
        ${options.session.role === 'owner' ? part('/console/keys', t.keysLink, t.keysWhat) : ''}
        ${part('/console/developers/webhooks', t.webhooksLink, t.webhooksWhat)}
        ${part('/console/developers/events', t.eventsLink, t.eventsWhat)}
        ${part('/console/developers/sdk', t.sdkLink, t.sdkWhat)} ${part('/docs', t.apiDocs, t.apiDocsWhat)}
      </ul>
      ${options.session.role === 'owner' ? '' : html`<p>${t.keysOwnerOnly}</p>`}`,
  );
}

/** /console/developers/events: the account's events feed, a keyset page at a time. */
export function eventsPage(
  options: Frame & { page: Static<typeof EventPage>; type?: string; limit?: number },
): SafeHtml {
  const { page } = options;
  const t = text.events;
  return cornerPage(
    options,
    t,
    html`${filterForm({
      action: '/console/developers/events',
      label: t.filterLabel,
      fields: [
        valueFilter(t.filterType, 'type', {
          values: allWebhookEventTypes,
          selected: options.type,
          empty: t.filterAll,
          names: eventNamesByType(),
        }),
      ],
      submit: t.filterButton,
    })}
    ${
      page.data.length === 0
        ? html`<p class="empty">${t.empty}</p>`
        : dataTable({
            caption: t.caption,
            responsive: true,
            columns: [t.columns.at, t.columns.type, t.columns.id, t.columns.data],
            rows: page.data.map(
              (event) =>
                html`<tr data-event-id="${event.id}">
                  <td data-label="${t.columns.at}">${formatTime(event.timestamp)}</td>
                  <td data-label="${t.columns.type}"><code>${event.type}</code></td>
                  <td data-label="${t.columns.id}"><code>${event.id}</code></td>
                  <td data-label="${t.columns.data}">
                    <details>
                      <summary>${t.showData}</summary>
                      <pre class="code-block"><code>${JSON.stringify(event.data, null, 2)}</code></pre>
                    </details>
                  </td>
                </tr>`,
            ),
          })
    }
    ${pageLinks({
      label: text.developers.pagesLabel,
      base: '/console/developers/events',
      nextCursor: page.next_cursor,
      filters: { type: options.type, limit: options.limit ? String(options.limit) : undefined },
    })}`,
  );
}

/** The SDK's first call for this account: its public URL filled in, the key read from the environment. */
function callSnippet(baseUrl: string): string {
  return [
    "import { AvsApiError, createAvsClient } from '@avs/sdk';",
    '',
    `const avs = createAvsClient({ baseUrl: '${baseUrl}', apiKey: process.env.AVS_API_KEY ?? '' });`,
    "const asset = await avs.assets.create('artworks', { title: 'Water Lilies', artist: 'Claude Monet', year: 1916 });",
    "console.log('created', asset.id, asset.certificate_number, asset.status);",
    "for await (const event of avs.events.list({ type: 'asset.created' })) console.log(event.type, event.id);",
    "await avs.assets.get('artworks', asset.id).catch((error: unknown) => {",
    '  if (error instanceof AvsApiError) console.log(error.status, error.code, error.request_id);',
    '});',
  ].join('\n');
}

const BUILD_SNIPPET = 'npm ci && npm run build';
const INSTALL_SNIPPET = 'npm install /path/to/the/repository/sdk';

const WEBHOOK_SNIPPET = [
  "import { verifyWebhook } from '@avs/sdk';",
  '',
  "const event = verifyWebhook(process.env.AVS_WEBHOOK_SECRET ?? '', rawBody, request.headers);",
  'console.log(event.id, event.type, event.data);',
].join('\n');

/** /console/developers/sdk: install and call the SDK for this account; never a key, only where it goes. */
export function sdkPage(options: Frame & { baseUrl: string }): SafeHtml {
  const t = text.sdk;
  return cornerPage(
    options,
    t,
    html`<h2 id="install-heading">${t.installHeading}</h2>
      <p>${t.installText}</p>
      <p>${t.buildText}</p>
      ${codeBlock('sdk-build', t.snippetLabel(t.buildText), BUILD_SNIPPET)}
      <p>${t.addText}</p>
      ${codeBlock('sdk-install', t.snippetLabel(t.addText), INSTALL_SNIPPET)}
      <h2 id="call-heading">${t.callHeading}</h2>
      <p>${t.callText(options.session.accountName)}</p>
      <p>
        ${options.session.role === 'owner' ? html`<a href="/console/keys">${t.keyOwner}</a>` : html`${t.keyOther}`}
      </p>
      ${codeBlock('sdk-call', t.snippetLabel(t.callHeading), callSnippet(options.baseUrl))}
      <h2 id="webhook-heading">${t.webhookHeading}</h2>
      <p>${t.webhookText}</p>
      ${codeBlock('sdk-webhook', t.snippetLabel(t.webhookHeading), WEBHOOK_SNIPPET)}
      <p>${t.moreText}</p>`,
  );
}

/** The event types' names for a select (an option holds no markup): what happened, then the API name. */
function eventNamesByType(): Record<string, string> {
  return Object.fromEntries(
    allWebhookEventTypes.map((type) => [
      type,
      text.webhookWords.eventOption(text.webhookWords.eventNames[type.replace('.', '_')] ?? type, type),
    ]),
  );
}
