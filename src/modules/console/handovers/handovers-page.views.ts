import { formatDate } from '../../../i18n/formats.js';
import type { Language } from '../../../i18n/locales.js';
import { html, type SafeHtml } from '../../../lib/html.js';
import { labelledQrSvg } from '../../../lib/qr-codes.js';
import { limits } from '../../../limits.js';
import type { AssetRecordType } from '../../assets/assets.schemas.js';
import { holdingProofOffer } from '../../holding-proofs/holding-proof-page.views.js';
import { text as proofWords } from '../../holding-proofs/text/index.js';
import { roleReaches } from '../../members/member-roles.js';
import type { MemberSession } from '../../members/member-sessions.service.js';
import { inputField, labelledTable } from '../../web-pages/form-parts.views.js';
import { formatTime } from '../../web-pages/page-document.views.js';
import { consolePage, csrfInput, type ConsoleFrame } from '../shell/console-layout.views.js';
import { pdfLanguageField } from '../print/certificate-print.views.js';
import { codeInGroups } from '../print/handover-card.js';
import { text } from '../text/index.js';
import type { ConsignmentLists, HoldingView, MadeClaim } from './handovers-console.service.js';

const words = text.handovers;

/** The object a hand-over is about, as its pages name it. */
export interface HandedObject {
  planet: string;
  id: string;
  title: string;
  certificate_number: string;
  certificate_status: AssetRecordType['certificate_status'];
  account_id: string;
  created_at: string;
  /** Whether the account registered it (its asset page is the account's); else it holds it on consignment. */
  registeredHere: boolean;
}

/** Where an object's hand-over forms post. */
export const objectHandoverPath = (object: Pick<HandedObject, 'planet' | 'id'>): string =>
  `/console/handovers/objects/${encodeURIComponent(object.planet)}/${encodeURIComponent(object.id)}`;

const consoleAssetHref = (object: HandedObject): string =>
  object.registeredHere
    ? `/console/assets/${encodeURIComponent(object.planet)}/${encodeURIComponent(object.id)}`
    : '/console/handovers';

/** Who holds the object, in people's words (never a collector's name or address). */
function holderSentence(view: HoldingView): string {
  const since = formatDate(view.since);
  if (view.holder.kind === 'collector') {
    return view.holder.erased ? words.heldByFormerCollector(since) : words.heldByCollector(since);
  }
  if (!view.heldHere) return words.heldByAccount(view.holderName ?? words.unnamed, since);
  return '';
}

function openOfferPart(session: MemberSession, view: HoldingView): SafeHtml {
  const { offer } = view;
  if (!offer) return html``;
  const until = formatDate(offer.expiresAt);
  return html`<p data-open-handover="${offer.kind}">
      ${
        offer.kind === 'claim'
          ? words.openClaim(until)
          : words.openConsignment(offer.toAccountName ?? words.unnamed, until)
      }
    </p>
    ${
      roleReaches(session.role, 'editor')
        ? html`<form
            method="post"
            action="/console/handovers/offers/${offer.id}/cancel"
            class="inline-actions"
          >
            ${csrfInput(session)}
            <button type="submit" class="button-secondary">${words.cancel}</button>
          </form>`
        : ''
    }`;
}

/** The two ways to hand the object on: a claim for a buyer (the card), a consignment to another account. */
function handoverForms(session: MemberSession, object: HandedObject): SafeHtml {
  const action = objectHandoverPath(object);
  return html`<form method="post" action="${action}/claim" class="stacked panel">
      ${csrfInput(session)}
      <h3>${words.toBuyerHeading}</h3>
      <p>${words.toBuyerIntro}</p>
      ${inputField(
        words.buyerEmail,
        { id: 'handover-email', name: 'email', type: 'email', maxlength: 320, autocomplete: 'off' },
        words.buyerEmailHint,
      )}
      ${pdfLanguageField('handover-language', words.cardLanguage)}
      <button type="submit">${words.createClaim}</button>
    </form>
    <form method="post" action="${action}/consign" class="stacked panel">
      ${csrfInput(session)}
      <h3>${words.consignHeading}</h3>
      <p>${words.consignIntro}</p>
      ${inputField(
        words.consignee,
        { id: 'consignee-name', name: 'consignee', required: true, maxlength: limits.stringLength },
        words.consigneeHint,
      )}
      <button type="submit">${words.consign}</button>
    </form>`;
}

/**
 * The hand-over panel of an object (the asset page and the object's hand-over page): who holds it; held here, its
 * open offer (cancel) or, for editors, the forms to hand it over. Held elsewhere, the registrant reads only that.
 */
export function handoverPanel(session: MemberSession, object: HandedObject, view: HoldingView): SafeHtml {
  const held = holderSentence(view);
  const body = !view.heldHere
    ? html`<p data-holder="${view.holder.kind}">${held}</p>
        <p class="hint">${words.noLongerYours}</p>`
    : !view.issued
      ? html`<p class="empty">${words.notIssued}</p>`
      : view.offer
        ? openOfferPart(session, view)
        : roleReaches(session.role, 'editor')
          ? handoverForms(session, object)
          : html``;
  return html`<section aria-labelledby="handover-heading">
    <h2 id="handover-heading">${words.heading}</h2>
    ${view.heldHere && !object.registeredHere ? html`<p>${words.heldHereOnConsignment(formatDate(view.since))}</p>` : ''}
    ${body}
  </section>`;
}

/**
 * /console/handovers/objects/{planet}/{id}: an object's hand-over, for one the account registered or holds; held
 * here with its certificate issued, editors may also make a proof of holding (holder-rules.ts `prove_holding`).
 */
export function objectHandoverPage(frame: ConsoleFrame, object: HandedObject, view: HoldingView): SafeHtml {
  const { session } = frame;
  const mayProve = view.heldHere && view.issued && roleReaches(session.role, 'editor');
  return consolePage({
    ...frame,
    title: words.heldTitle(object.certificate_number),
    section: 'transfers',
    content: html`<p><strong>${object.title}</strong> · <code>${object.certificate_number}</code></p>
      ${handoverPanel(session, object, view)}
      ${mayProve ? holdingProofOffer(`${objectHandoverPath(object)}/proof`, csrfInput(session)) : ''}
      <p><a href="${consoleAssetHref(object)}">${words.backToAsset}</a></p>`,
  });
}

/** A proof of holding just made for the account (`content`: the page the collector's place shows too), `no-store`. */
export function holdingProofMadePage(frame: ConsoleFrame, object: HandedObject, content: SafeHtml): SafeHtml {
  return consolePage({
    ...frame,
    title: proofWords.holdingProofPage.title,
    section: 'transfers',
    content: html`${content}
      <p><a href="${consoleAssetHref(object)}">${words.backToAsset}</a></p>`,
  });
}

/**
 * The answer to "Hand over to a buyer": the claim's link, QR code and code, shown this once, and the card's
 * download, a form that carries the code back (the database keeps only its hash).
 */
export function claimMadePage(
  frame: ConsoleFrame,
  object: HandedObject,
  claim: MadeClaim & { qrSvg: string; language: Language },
): SafeHtml {
  const { session } = frame;
  return consolePage({
    ...frame,
    title: words.claimTitle(object.certificate_number),
    section: 'transfers',
    content: html`<p><strong>${object.title}</strong> · <code>${object.certificate_number}</code></p>
      <p class="notice" role="status">${words.claimOnce}</p>
      <div class="handover-claim" data-claim-made>
        ${labelledQrSvg(claim.qrSvg, words.claimQr(object.certificate_number), 'qr-code')}
        <dl class="details">
          <dt>${words.claimLink}</dt>
          <dd><a href="${claim.claimUrl}" data-claim-link>${claim.claimUrl}</a></dd>
          <dt>${words.claimCode}</dt>
          <dd><code data-claim-code>${codeInGroups(claim.code)}</code></dd>
        </dl>
        <p>${words.validUntil(formatDate(claim.handover.expires_at))}</p>
        ${claim.email ? html`<p>${words.mailedTo(claim.email)}</p>` : ''}
      </div>
      <form
        method="post"
        action="/console/handovers/offers/${claim.handover.id}/card.pdf"
        class="inline-actions"
      >
        ${csrfInput(session)}
        <input type="hidden" name="code" value="${claim.code}" />
        <input type="hidden" name="language" value="${claim.language}" />
        <button type="submit">${words.downloadCard}</button>
      </form>
      <form
        method="post"
        action="/console/handovers/offers/${claim.handover.id}/cancel"
        class="inline-actions"
      >
        ${csrfInput(session)}
        <button type="submit" class="button-secondary">${words.cancel}</button>
      </form>
      <p><a href="${consoleAssetHref(object)}">${words.backToAsset}</a></p>`,
  });
}

function offeredTable(session: MemberSession, lists: ConsignmentLists): SafeHtml {
  if (lists.offered.length === 0) return html`<p class="empty">${words.noneOffered}</p>`;
  const editor = roleReaches(session.role, 'editor');
  const columns = words.columns;
  const decision = (id: string, number: string, move: 'accept' | 'decline') =>
    html`<form method="post" action="/console/handovers/offers/${id}/${move}">
      ${csrfInput(session)}
      <button
        type="submit"
        class="${move === 'accept' ? '' : 'button-secondary'}"
        aria-label="${move === 'accept' ? words.acceptLabel(number) : words.declineLabel(number)}"
      >
        ${move === 'accept' ? words.accept : words.decline}
      </button>
    </form>`;
  return labelledTable({
    labelledBy: 'offered-heading',
    columns: [
      columns.object,
      columns.number,
      columns.from,
      columns.offered,
      columns.expires,
      ...(editor ? [columns.actions] : []),
    ],
    actionsColumn: editor ? 5 : undefined,
    rows: lists.offered.map((row) => ({
      attributes: html` data-handover-id="${row.handover.id}"`,
      cells: [
        row.title,
        html`<code>${row.certificateNumber}</code>`,
        row.fromName || words.unnamed,
        formatTime(row.handover.created_at),
        formatTime(row.handover.expires_at),
        ...(editor
          ? [
              html`<div class="inline-actions">
                ${decision(row.handover.id, row.certificateNumber, 'accept')}
                ${decision(row.handover.id, row.certificateNumber, 'decline')}
              </div>`,
            ]
          : []),
      ],
    })),
  });
}

function heldTable(session: MemberSession, lists: ConsignmentLists): SafeHtml {
  if (lists.held.length === 0) return html`<p class="empty">${words.noneHeld}</p>`;
  const editor = roleReaches(session.role, 'editor');
  const columns = words.columns;
  return labelledTable({
    labelledBy: 'held-heading',
    columns: [
      columns.object,
      columns.number,
      columns.registeredBy,
      columns.since,
      ...(editor ? [columns.actions] : []),
    ],
    actionsColumn: editor ? 4 : undefined,
    rows: lists.held.map((row) => ({
      attributes: html` data-held-asset="${row.assetId}"`,
      cells: [
        row.title,
        html`<code>${row.certificateNumber}</code>`,
        row.registrantName,
        formatTime(row.since),
        ...(editor
          ? [
              html`<a href="${objectHandoverPath({ planet: row.planet, id: row.assetId })}"
                >${words.toBuyerHeading}<span class="visually-hidden"> ${row.certificateNumber}</span></a
              >`,
            ]
          : []),
      ],
    })),
  });
}

/** /console/handovers: consignments offered to the account (accept, decline) and the objects it holds on consignment. */
export function consignmentsPage(frame: ConsoleFrame, lists: ConsignmentLists): SafeHtml {
  return consolePage({
    ...frame,
    title: words.pageTitle,
    section: 'transfers',
    content: html`<p>${words.pageIntro}</p>
      <h2 id="offered-heading">${words.offeredHeading}</h2>
      ${offeredTable(frame.session, lists)}
      <h2 id="held-heading">${words.heldHeading}</h2>
      ${heldTable(frame.session, lists)}`,
  });
}
