import { formatDate } from '../../../i18n/formats.js';
import { html, type SafeHtml } from '../../../lib/html.js';
import { labelledQrSvg } from '../../../lib/qr-codes.js';
import type { PublicAccountMatch } from '../../accounts/account-profiles.service.js';
import { text as consoleText } from '../../console/text/index.js';
import type { ProvenanceEntry } from '../../holders/holders.service.js';
import { holdingProofOffer } from '../../holding-proofs/holding-proof-page.views.js';
import type { MediaRecordType } from '../../media/media.schemas.js';
import { historyTimeline } from '../../web-pages/history-timeline.views.js';
import { csrfField } from '../../web-pages/page-frame.views.js';
import { collectionPage, type CollectionFrame } from '../shell/collection-layout.views.js';
import { addPasskeyOffer } from '../shell/sign-in.views.js';
import { text } from '../text/index.js';
import type { HeldObject, HeldObjectGlance } from './held-objects.service.js';

const words = () => text.holdings;
const objectWords = () => text.heldObject;

function photo(image: MediaRecordType | undefined, title: string, className: string): SafeHtml {
  if (!image) return html`<p class="hint ${className}">${words().noPhoto}</p>`;
  return html`<img
    class="${className}"
    src="${image.url}"
    alt="${image.caption ?? text.claim.photoOf(title)}"
    width="${image.width ?? ''}"
    height="${image.height ?? ''}"
  />`;
}

function statusOf(object: { certificateStatus: string; alert: HeldObjectGlance['alert'] }): string {
  if (object.alert) return words().alerts[object.alert.kind] ?? words().statuses.other!;
  return words().statuses[object.certificateStatus] ?? words().statuses.other!;
}

export function objectPath(object: { planet: string; id: string }): string {
  return `/collection/objects/${object.planet}/${object.id}`;
}

/** /collection: each work the collector holds, its photograph, title, certificate and status. */
export function collectionListPage(
  frame: CollectionFrame,
  objects: readonly HeldObjectGlance[],
  offerPasskey: boolean,
): SafeHtml {
  const list =
    objects.length === 0
      ? html`<p>${words().empty}</p>`
      : html`<ul class="collection-list">
          ${objects.map(
            (object) =>
              html`<li class="panel">
                ${photo(object.image, object.title, 'collection-photo')}
                <h2><a href="${objectPath(object)}">${object.title}</a></h2>
                <dl>
                  <dt>${words().certificateNumber}</dt>
                  <dd>${object.certificateNumber}</dd>
                  <dt>${words().status}</dt>
                  <dd>${statusOf(object)}${object.handingOn ? html` · ${words().handingOn}` : ''}</dd>
                </dl>
              </li>`,
          )}
        </ul>`;
  return collectionPage(frame, {
    title: words().title,
    section: 'collection',
    content: html`<p>${words().intro}</p>
      ${list} ${offerPasskey ? addPasskeyOffer() : ''}`,
  });
}

function provenanceLine(entry: ProvenanceEntry, accounts: ReadonlyMap<string, string>): string | undefined {
  const since = formatDate(entry.since);
  const provenance = text.provenance;
  const account = entry.accountId ? (accounts.get(entry.accountId) ?? '') : '';
  switch (entry.holder) {
    case 'registrant':
      return provenance.registrant(account, since);
    case 'account':
      return provenance.account(account, since);
    case 'collector':
      return entry.publicName ? provenance.named(entry.publicName, since) : provenance.private(since);
    case 'former_collector':
      return provenance.former(since);
  }
}

/** A held work's page: its certificate, the chain of holders, its history and what its holder may do. */
export function heldObjectPage(
  frame: CollectionFrame,
  object: HeldObject,
  options: {
    accounts: ReadonlyMap<string, string>;
    search?: { typed: string; matches: readonly PublicAccountMatch[] };
  },
): SafeHtml {
  const { asset } = object;
  const path = objectPath({ planet: object.planet, id: asset.id });
  const w = objectWords();
  const csrf = csrfField(frame.session.csrfToken);
  const alert = asset.alert;
  return collectionPage(frame, {
    title: asset.title,
    section: 'collection',
    content: html`<p><a href="/collection">${w.back}</a></p>
      ${photo(object.image, asset.title, 'collection-photo')}
      <section aria-labelledby="certificate-title">
        <h2 id="certificate-title">${w.details}</h2>
        <dl>
          <dt>${words().certificateNumber}</dt>
          <dd>${asset.certificate_number}</dd>
          <dt>${text.claim.registeredBy}</dt>
          <dd>${object.registrant.displayName}</dd>
          <dt>${words().status}</dt>
          <dd>
            ${statusOf({ certificateStatus: asset.certificate_status, alert })}
            ${alert ? html` · ${w.alertOpen(w.kinds[alert.kind], formatDate(alert.since))}` : ''}
          </dd>
        </dl>
        <p><a href="/c/${asset.certificate_number}">${w.publicPage}</a></p>
        <p><a href="${path}/certificate.pdf" download>${w.pdf}</a></p>
      </section>
      <section aria-labelledby="provenance-title">
        <h2 id="provenance-title">${text.provenance.title}</h2>
        <ol>
          ${object.provenance.map((entry) => html`<li>${provenanceLine(entry, options.accounts)}</li>`)}
        </ol>
      </section>
      <section aria-labelledby="actions-title">
        <h2 id="actions-title">${w.actions}</h2>
        ${
          object.openHandover
            ? html`<div class="panel">
                <p>
                  ${
                    object.openHandover.kind === 'consignment'
                      ? w.openConsignment(object.openHandover.toAccountName ?? '')
                      : w.openClaim
                  }
                  ${w.openUntil(formatDate(object.openHandover.expiresAt))}
                </p>
                <form method="post" action="${path}/cancel-handover">
                  ${csrf}<button type="submit" class="button-secondary">${w.cancel}</button>
                </form>
              </div>`
            : ''
        }
        ${holdingProofOffer(`${path}/proof`, csrf)}
        <h3>${w.handOnTitle}</h3>
        <p>${w.handOnIntro}</p>
        <form method="post" action="${path}/hand-on" class="stacked">
          ${csrf}
          <div class="field">
            <label for="buyer-email">${w.buyerEmail}</label>
            <input
              id="buyer-email"
              name="email"
              type="email"
              autocomplete="off"
              aria-describedby="buyer-email-hint"
            />
            <p class="hint" id="buyer-email-hint">${w.buyerEmailHint}</p>
          </div>
          <button type="submit">${w.handOn}</button>
        </form>
        <h3>${w.consignTitle}</h3>
        <p>${w.consignIntro}</p>
        <form method="get" action="${path}" class="stacked" role="search">
          <div class="field">
            <label for="consignee">${w.searchLabel}</label>
            <input id="consignee" name="consignee" type="search" value="${options.search?.typed ?? ''}" />
          </div>
          <button type="submit" class="button-secondary">${w.search}</button>
        </form>
        ${options.search ? consigneeMatches(path, csrf, options.search.matches) : ''}
        ${
          alert
            ? ''
            : html`<h3>${w.reportTitle}</h3>
                <p>${w.reportIntro}</p>
                <form method="post" action="${path}/report" class="stacked">
                  ${csrf}
                  <fieldset>
                    <legend>${w.kind}</legend>
                    <label
                      ><input type="radio" name="kind" value="stolen" required /> ${w.kinds.stolen}</label
                    >
                    <label><input type="radio" name="kind" value="lost" /> ${w.kinds.lost}</label>
                  </fieldset>
                  <div class="field">
                    <label for="occurred-at">${w.occurredAt}</label>
                    <input id="occurred-at" name="occurred_at" type="date" required />
                  </div>
                  <div class="field">
                    <label for="reference">${w.reference}</label>
                    <input id="reference" name="reference" type="text" maxlength="200" />
                  </div>
                  <div class="field">
                    <label for="note">${w.note}</label>
                    <textarea id="note" name="note" maxlength="2000"></textarea>
                  </div>
                  <button type="submit">${w.report}</button>
                </form>`
        }
      </section>
      <section aria-labelledby="history-title">
        <h2 id="history-title">${w.history}</h2>
        ${
          object.history.length === 0
            ? html`<p>${w.noHistory}</p>`
            : historyTimeline(object.history, {
                hasMore: object.historyHasMore,
                words: consoleText.history,
                // The collector is no account: every account reads as its public name, no member or key is named.
                names: {
                  readerAccountId: null,
                  members: new Map(),
                  keys: new Map(),
                  accounts: options.accounts,
                },
              })
        }
      </section>`,
  });
}

function consigneeMatches(path: string, csrf: SafeHtml, matches: readonly PublicAccountMatch[]): SafeHtml {
  const w = objectWords();
  if (matches.length === 0) return html`<p>${w.noMatches}</p>`;
  return html`<ul class="consignee-list" aria-label="${w.matchesCaption}">
    ${matches.map(
      (match) =>
        html`<li>
          <form method="post" action="${path}/consign">
            ${csrf}<input type="hidden" name="account_id" value="${match.account_id}" />
            <span
              >${match.display_name}${
                [match.city, match.country].filter(Boolean).length > 0
                  ? html` · ${[match.city, match.country].filter(Boolean).join(', ')}`
                  : ''
              }</span
            >
            <button type="submit" class="button-secondary">${w.consign}</button>
          </form>
        </li>`,
    )}
  </ul>`;
}

/** The hand-over just made: its link, its QR code and its code, shown this once. */
export function handOverMadePage(
  frame: CollectionFrame,
  made: { title: string; path: string; claimUrl: string; code: string; qrSvg: string },
): SafeHtml {
  const w = objectWords();
  return collectionPage(frame, {
    title: made.title,
    section: 'collection',
    content: html`<div class="flash flash-notice" role="status"><p>${w.handOverMade}</p></div>
      <h2>${w.handOverLink}</h2>
      <p><code id="claim-link">${made.claimUrl}</code></p>
      ${labelledQrSvg(made.qrSvg, w.qrAlt, 'claim-qr')}
      <h2>${w.handOverCode}</h2>
      <p><code id="claim-code">${made.code}</code></p>
      <p><a href="${made.path}">${w.back}</a></p>`,
  });
}
