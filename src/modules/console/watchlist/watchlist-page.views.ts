import type { Static } from '@sinclair/typebox';
import { html, type SafeHtml } from '../../../lib/html.js';
import type { AssetGlance } from '../../assets/asset-glances.service.js';
import type { EventPage } from '../../event-feed/event-feed.schemas.js';
import type { Membership } from '../../members/members.service.js';
import { roleReaches } from '../../members/member-roles.js';
import type { MemberSession } from '../../members/member-sessions.service.js';
import type { WatchType } from '../../watchlist/watchlist.schemas.js';
import { titleAtGlance } from '../../web-pages/asset-glance.views.js';
import { inputField, labelledTable } from '../../web-pages/form-parts.views.js';
import { formatTime, type Flash } from '../../web-pages/page-document.views.js';
import type { ServiceBrand } from '../../../lib/service-brand.js';
import { text as pageText } from '../../web-pages/text/index.js';
import { consolePage, csrfInput } from '../shell/console-layout.views.js';
import { technicalDetails } from '../shell/technical-details.views.js';
import { consoleThumbnailPath } from '../assets/asset-list-page.views.js';
import { text } from '../text/index.js';

const words = text.watchlist;

interface WatchPage {
  data: WatchType[];
  next_cursor: string | null;
}

/** What a watch.triggered event carries (outbox.repository.ts, insertWatchTriggeredEvents). */
interface Fired {
  watch?: { certificate_number?: string };
  change?: { type?: string; certificate_status?: string; alert?: { kind?: string } | null };
}

function addForm(session: MemberSession, number: string | undefined): SafeHtml {
  return html`<section aria-labelledby="add-heading" class="panel">
    <h2 id="add-heading">${words.addHeading}</h2>
    <form method="post" action="/console/watchlist" class="stacked">
      ${csrfInput(session)}
      ${inputField(
        words.numberLabel,
        {
          id: 'watch-number',
          name: 'certificate_number',
          required: true,
          maxlength: 100,
          autocomplete: 'off',
          value: number ?? '',
        },
        words.numberHint,
      )}
      <button type="submit">${words.add}</button>
    </form>
  </section>`;
}

function removeForm(session: MemberSession, watch: WatchType): SafeHtml {
  return html`<form method="post" action="/console/watchlist/${watch.id}/remove">
    ${csrfInput(session)}
    <button
      type="submit"
      class="button-secondary"
      aria-label="${words.removeLabel(watch.certificate_number)}"
    >
      ${words.remove}
    </button>
  </form>`;
}

function watchedTable(
  session: MemberSession,
  page: WatchPage,
  glances: ReadonlyMap<string, AssetGlance>,
  moreHref: string,
): SafeHtml {
  if (page.data.length === 0) return html`<p class="empty">${words.noneWatched}</p>`;
  const editor = roleReaches(session.role, 'editor');
  const columns = words.columns;
  return html`${labelledTable({
    labelledBy: 'watched-heading',
    columns: [text.lists.asset, columns.number, columns.since, ...(editor ? [columns.actions] : [])],
    actionsColumn: editor ? 3 : undefined,
    rows: page.data.map((watch) => {
      // Another account's certificate shows its title once issued, as its public page does; before, a dash.
      const glance = glances.get(watch.certificate_number);
      return {
        attributes: html` data-watch-id="${watch.id}"`,
        cells: [
          titleAtGlance({ title: glance?.title ?? '—', glance, thumbnailHref: consoleThumbnailPath }),
          html`<code>${watch.certificate_number}</code>`,
          formatTime(watch.created_at),
          ...(editor ? [removeForm(session, watch)] : []),
        ],
      };
    }),
  })}
  ${page.next_cursor ? html`<p><a href="${moreHref}">${words.more}</a></p>` : ''}`;
}

function firedTable(page: Static<typeof EventPage>, moreHref: string): SafeHtml {
  if (page.data.length === 0) return html`<p class="empty">${words.noneFired}</p>`;
  const columns = words.firedColumns;
  return html`${labelledTable({
    labelledBy: 'fired-heading',
    columns: [columns.when, columns.number, columns.change, columns.status],
    rows: page.data.map((event) => {
      const data = event.data as Fired;
      const change = data.change?.type ?? '';
      const kind = data.change?.alert?.kind;
      return {
        attributes: html` data-event-id="${event.id}"`,
        cells: [
          formatTime(event.timestamp),
          html`<code>${data.watch?.certificate_number ?? '—'}</code>`,
          `${words.changes[change] ?? change}${kind ? words.alertNote(kind) : ''}`,
          data.change?.certificate_status
            ? (pageText.values.certificateStatuses[data.change.certificate_status] ??
              data.change.certificate_status)
            : '—',
        ],
      };
    }),
  })}
  ${page.next_cursor ? html`<p><a href="${moreHref}">${words.moreFired}</a></p>` : ''}`;
}

/** The account's watch-list: add by number and remove (editors), and the changes that fired. */
export function watchlistPage(options: {
  session: MemberSession;
  memberships: readonly Membership[];
  service: ServiceBrand;
  watches: WatchPage;
  /** The watched certificates' titles, thumbnails and bylines, by certificate number. */
  glances: ReadonlyMap<string, AssetGlance>;
  fired: Static<typeof EventPage>;
  retentionDays: number;
  cursors: { cursor?: string; fired?: string };
  /** The number typed in a refused add, shown again in the field. */
  number?: string;
  flash?: Flash;
}): SafeHtml {
  const { session, cursors } = options;
  const more = (name: 'cursor' | 'fired', cursor: string | null) =>
    `/console/watchlist?${new URLSearchParams({ ...cursors, [name]: cursor ?? '' }).toString()}`;
  return consolePage({
    title: words.title,
    section: 'watchlist',
    session,
    memberships: options.memberships,
    service: options.service,
    flash: options.flash,
    content: html`<p>${words.intro}</p>
      ${technicalDetails([[words.webhookEvent, 'watch.triggered']])}
      ${roleReaches(session.role, 'editor') ? addForm(session, options.number) : ''}
      <h2 id="watched-heading">${words.watchedHeading}</h2>
      ${watchedTable(session, options.watches, options.glances, more('cursor', options.watches.next_cursor))}
      <h2 id="fired-heading">${words.firedHeading}</h2>
      <p class="hint">${words.firedIntro(options.retentionDays)}</p>
      ${firedTable(options.fired, more('fired', options.fired.next_cursor))}`,
  });
}
