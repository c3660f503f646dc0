import { html, type SafeHtml } from '../../../lib/html.js';
import type { ServiceBrand } from '../../../lib/service-brand.js';
import { passkeyControl } from '../../console/shell/console-passkeys.views.js';
import { flashMessage, type Flash } from '../../web-pages/page-document.views.js';
import { csrfField } from '../../web-pages/page-frame.views.js';
import { addressRequestForm, linkParagraph } from '../../web-pages/password-reset.views.js';
import { text } from '../text/index.js';
import { collectionPublicPage } from './collection-layout.views.js';

const words = () => text.collectionSignIn;

/** The address form of a sign-in by mailed link; `claim` keeps a hand-over being accepted across the round trip. */
export function mailedLinkForm(options: {
  csrfToken: string;
  intro: string;
  email?: string;
  flash?: Flash;
  claim?: string;
}): SafeHtml {
  // The code travels in the form's body (never a URL or a log) and is kept in this browser until the link is back.
  return addressRequestForm({
    action: '/collection/sign-in',
    intro: options.intro,
    button: words().send,
    back: html``,
    csrfToken: options.csrfToken,
    email: options.email,
    flash: options.flash,
    hidden:
      options.claim === undefined
        ? undefined
        : html`<input type="hidden" name="claim" value="${options.claim}" />`,
  });
}

/** /collection/sign-in: a link by e-mail, or a passkey. */
export function signInPage(options: {
  service: ServiceBrand;
  csrfToken: string;
  email?: string;
  flash?: Flash;
}): SafeHtml {
  return collectionPublicPage(
    options.service,
    words().title,
    html`${mailedLinkForm({ ...options, intro: words().intro })}
      <section aria-labelledby="passkey-title">
        <h2 id="passkey-title">${words().passkeyTitle}</h2>
        ${passkeyControl({
          endpoint: '/collection/passkey-sign-in',
          button: words().passkeyButton,
          fallback: words().passkeyFallback,
        })}
      </section>`,
  );
}

/** The page a mailed link opens: a button that signs in (a mail scanner opening the link signs nobody in). */
export function signInLinkPage(options: {
  service: ServiceBrand;
  token: string;
  email: string;
  csrfToken: string;
}): SafeHtml {
  return collectionPublicPage(
    options.service,
    words().openTitle,
    html`<p>${words().openIntro(options.email)}</p>
      <form method="post" action="/collection/sign-in/${options.token}">
        ${csrfField(options.csrfToken)}
        <button type="submit">${words().openButton}</button>
      </form>`,
  );
}

/** A mailed link that no longer signs in: why, and the way to a new one. */
export function closedLinkPage(service: ServiceBrand, state: 'unknown' | 'used' | 'expired'): SafeHtml {
  const message =
    state === 'unknown' ? words().linkUnknown : state === 'used' ? words().linkUsed : words().linkExpired;
  return collectionPublicPage(
    service,
    words().openTitle,
    html`${flashMessage({ kind: 'error', message })} ${linkParagraph('/collection/sign-in', words().askAgain)}`,
  );
}

/** The offer to add a passkey, on the collection page until the collector has one. */
export function addPasskeyOffer(): SafeHtml {
  return html`<section aria-labelledby="add-passkey-title" class="panel">
    <h2 id="add-passkey-title">${words().addPasskeyTitle}</h2>
    <p>${words().addPasskeyIntro}</p>
    ${passkeyControl({
      endpoint: '/collection/passkeys',
      button: words().addPasskeyButton,
      fallback: words().addPasskeyFallback,
      nameField: true,
    })}
  </section>`;
}
