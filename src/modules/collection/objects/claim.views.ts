import { html, type SafeHtml } from '../../../lib/html.js';
import type { ServiceBrand } from '../../../lib/service-brand.js';
import type { MediaRecordType } from '../../media/media.schemas.js';
import { flashMessage, type Flash } from '../../web-pages/page-document.views.js';
import { csrfField } from '../../web-pages/page-frame.views.js';
import {
  collectionPage,
  collectionPublicPage,
  type CollectionFrame,
} from '../shell/collection-layout.views.js';
import { mailedLinkForm } from '../shell/sign-in.views.js';
import { text } from '../text/index.js';

/** What a claim's page shows of the work offered. */
export interface ClaimShown {
  code: string;
  title: string;
  certificateNumber: string;
  registrantName: string;
  image?: MediaRecordType;
}

function offered(claim: ClaimShown): SafeHtml {
  const words = text.claim;
  return html`<p>${words.intro}</p>
    ${
      claim.image
        ? html`<img
            class="collection-photo"
            src="${claim.image.url}"
            alt="${claim.image.caption ?? words.photoOf(claim.title)}"
            width="${claim.image.width ?? ''}"
            height="${claim.image.height ?? ''}"
          />`
        : ''
    }
    <h2>${claim.title}</h2>
    <dl>
      <dt>${words.certificateNumber}</dt>
      <dd>${claim.certificateNumber}</dd>
      <dt>${words.registeredBy}</dt>
      <dd>${claim.registrantName}</dd>
    </dl>`;
}

/** A signed-in collector's look at a claim: the work, and the button that accepts it. */
export function claimPage(frame: CollectionFrame, claim: ClaimShown): SafeHtml {
  return collectionPage(frame, {
    title: text.claim.title,
    section: 'collection',
    content: html`${offered(claim)}
      <form method="post" action="/collection/claim/${claim.code}">
        ${csrfField(frame.session.csrfToken)}
        <button type="submit">${text.claim.accept}</button>
      </form>`,
  });
}

/** A signed-out look at a claim: the work, then the sign-in by mailed link that comes back here. */
export function claimSignInPage(
  service: ServiceBrand,
  claim: ClaimShown,
  form: { csrfToken: string; flash?: Flash },
): SafeHtml {
  return collectionPublicPage(
    service,
    text.claim.title,
    html`${offered(claim)}
      <h2>${text.claim.accept}</h2>
      ${mailedLinkForm({ ...form, intro: text.claim.signInFirst, claim: claim.code })}`,
  );
}

/** A claim that is no longer open, or never was, said in the reader's language. */
export function closedClaimPage(
  service: ServiceBrand,
  standing: 'accepted' | 'cancelled' | 'expired' | 'unknown',
): SafeHtml {
  const words = text.claim;
  const message =
    standing === 'accepted'
      ? words.taken
      : standing === 'cancelled'
        ? words.cancelled
        : standing === 'expired'
          ? words.expired
          : words.unknown;
  return collectionPublicPage(
    service,
    standing === 'unknown' ? words.unknownTitle : words.goneTitle,
    html`${flashMessage({ kind: 'error', message })}`,
  );
}
