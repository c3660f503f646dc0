import { html, type SafeHtml } from '../../../lib/html.js';
import type { Membership } from '../../members/members.service.js';
import { roleReaches } from '../../members/member-roles.js';
import type { MemberSession } from '../../members/member-sessions.service.js';
import type { AssetGlance } from '../../assets/asset-glances.service.js';
import type { DescribedTransfer } from '../../transfers/transfers.service.js';
import { titleAtGlance } from '../../web-pages/asset-glance.views.js';
import { labelledTable } from '../../web-pages/form-parts.views.js';
import { formatTime, type Flash } from '../../web-pages/page-document.views.js';
import type { ServiceBrand } from '../../../lib/service-brand.js';
import { consolePage, csrfInput } from '../shell/console-layout.views.js';
import { technicalDetails } from '../shell/technical-details.views.js';
import { consoleThumbnailPath } from '../assets/asset-list-page.views.js';
import { text } from '../text/index.js';

const words = text.transfers;
const columns = words.columns;

interface OfferPage {
  data: DescribedTransfer[];
  next_cursor: string | null;
}

/** A form that posts one decision on the offer; its button names the certificate for a screen reader. */
function decisionForm(
  session: MemberSession,
  offer: DescribedTransfer,
  move: 'accept' | 'decline' | 'cancel',
): SafeHtml {
  const number = offer.certificate_number ?? offer.asset_id;
  const label = {
    accept: [words.accept, words.acceptLabel(number)],
    decline: [words.decline, words.declineLabel(number)],
    cancel: [words.cancel, words.cancelLabel(number)],
  }[move];
  return html`<form method="post" action="/console/transfers/${offer.id}/${move}">
    ${csrfInput(session)}
    <button type="submit" class="${move === 'accept' ? '' : 'button-secondary'}" aria-label="${label[1]}">
      ${label[0]}
    </button>
  </form>`;
}

function offersTable(options: {
  session: MemberSession;
  headingId: string;
  page: OfferPage;
  side: 'received' | 'made';
  moreHref: string;
  glances: ReadonlyMap<string, AssetGlance>;
}): SafeHtml {
  const { session, page, side } = options;
  const editor = roleReaches(session.role, 'editor');
  if (page.data.length === 0) {
    return html`<p class="empty">${side === 'received' ? words.noneReceived : words.noneMade}</p>`;
  }
  // The other account by its name; its id (what a sender typed) only behind the technical details.
  const party = (offer: DescribedTransfer) => {
    const [name, id] =
      side === 'received'
        ? [offer.from_account_name, offer.from_account_id]
        : [offer.to_account_name, offer.to_account_id];
    return html`${name ?? words.unnamed} ${technicalDetails([[words.accountId, id]])}`;
  };
  // The asset's page is the sender's while the offer is open: the receiver sees its title only.
  const asset = (offer: DescribedTransfer) =>
    titleAtGlance({
      title:
        side === 'made'
          ? html`<a href="/console/assets/${offer.planet}/${offer.asset_id}"
              >${offer.asset_title ?? offer.asset_id}</a
            >`
          : (offer.asset_title ?? offer.asset_id),
      glance: options.glances.get(offer.asset_id),
      thumbnailHref: consoleThumbnailPath,
    });
  const actions = (offer: DescribedTransfer) =>
    html`<div class="inline-actions">
      ${
        side === 'received'
          ? html`${decisionForm(session, offer, 'accept')} ${decisionForm(session, offer, 'decline')}`
          : decisionForm(session, offer, 'cancel')
      }
    </div>`;
  return html`${labelledTable({
    labelledBy: options.headingId,
    columns: [
      columns.asset,
      columns.number,
      side === 'received' ? columns.from : columns.to,
      columns.offered,
      columns.expires,
      ...(editor ? [columns.actions] : []),
    ],
    actionsColumn: editor ? 5 : undefined,
    rows: page.data.map((offer) => ({
      attributes: html` data-transfer-id="${offer.id}"`,
      cells: [
        asset(offer),
        html`<code>${offer.certificate_number ?? '—'}</code>`,
        party(offer),
        formatTime(offer.created_at),
        formatTime(offer.expires_at),
        ...(editor ? [actions(offer)] : []),
      ],
    })),
  })}
  ${page.next_cursor ? html`<p><a href="${options.moreHref}">${words.more}</a></p>` : ''}`;
}

/** The account's open transfer offers: received (accept, decline) and made (cancel); buttons for editors only. */
export function transfersPage(options: {
  session: MemberSession;
  memberships: readonly Membership[];
  service: ServiceBrand;
  received: OfferPage;
  made: OfferPage;
  /** The offered assets' thumbnails and bylines, by asset id. */
  glances: ReadonlyMap<string, AssetGlance>;
  cursors: { received?: string; made?: string };
  flash?: Flash;
}): SafeHtml {
  const { session, cursors } = options;
  const more = (side: 'received' | 'made', cursor: string | null) => {
    const query = new URLSearchParams({ ...cursors, [side]: cursor ?? '' });
    return `/console/transfers?${query.toString()}`;
  };
  return consolePage({
    title: words.title,
    section: 'transfers',
    session,
    memberships: options.memberships,
    service: options.service,
    flash: options.flash,
    content: html`<p>${words.intro}</p>
      <p><a href="/console/handovers">${text.handovers.consignmentsLink}</a></p>
      <h2 id="received-heading">${words.receivedHeading}</h2>
      ${offersTable({
        session,
        headingId: 'received-heading',
        page: options.received,
        side: 'received',
        moreHref: more('received', options.received.next_cursor),
        glances: options.glances,
      })}
      <h2 id="made-heading">${words.madeHeading}</h2>
      ${offersTable({
        session,
        headingId: 'made-heading',
        page: options.made,
        side: 'made',
        moreHref: more('made', options.made.next_cursor),
        glances: options.glances,
      })}
      <p class="hint">${words.offerHint}</p>`,
  });
}
