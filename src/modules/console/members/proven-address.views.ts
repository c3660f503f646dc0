import { html, type SafeHtml } from '../../../lib/html.js';
import type { MemberSession } from '../../members/member-sessions.service.js';
import { passwordField } from '../../web-pages/form-parts.views.js';
import { flashMessage, type Flash } from '../../web-pages/page-document.views.js';
import { csrfField } from '../../web-pages/page-frame.views.js';
import type { ServiceBrand } from '../../../lib/service-brand.js';
import { consolePublicPage, csrfInput } from '../shell/console-layout.views.js';
import { passkeyControl } from '../shell/console-passkeys.views.js';
import { text } from '../text/index.js';

// Read on each use: the text answers in the language of the request being drawn.
const words = () => text.addresses;

/** Where the signed-in person's address stands: proven or not, and how many other sign-ins of it may join. */
export interface AddressStatus {
  provenAt: Date | null;
  /** Other sign-ins of the address (unproven people) the proven person may join; 0 unless proven. */
  others: number;
}

/** The account page's section: prove the address, or join the address's other sign-ins once it is proven. */
export function addressSection(session: MemberSession, status: AddressStatus): SafeHtml {
  const join =
    status.provenAt && status.others > 0
      ? html`<h3 id="join-heading">${words().joinHeading}</h3>
          <p>${words().joinIntro(status.others, session.email)}</p>
          <form method="post" action="/console/account/join-sign-in" class="stacked">
            ${csrfInput(session)}
            ${passwordField(words().joinPassword, { id: 'join_password', autocomplete: 'current-password' })}
            <button type="submit" class="button-secondary">${words().joinButton}</button>
          </form>
          ${passkeyControl({
            endpoint: '/console/account/join-sign-in/passkey',
            button: words().joinPasskey,
            fallback: words().joinPasskeyFallback,
          })}`
      : '';
  return html`<section id="address" aria-labelledby="address-heading" class="panel">
    <h2 id="address-heading">${words().heading}</h2>
    ${
      status.provenAt
        ? html`<p>${words().proven(session.email)}</p>`
        : html`<p>${words().notProven(session.email)}</p>
            <form method="post" action="/console/account/prove-address">
              ${csrfInput(session)}
              <button type="submit" class="button-secondary">${words().proveButton}</button>
            </form>`
    }
    ${join}
  </section>`;
}

/**
 * The page of a link that proves an address: a button to confirm it in a browser signed in as the person who asked
 * for it; otherwise how to get there (sign in as that sign-in), or why the link no longer works.
 */
export function proveAddressPage(options: {
  service: ServiceBrand;
  token: string;
  email: string;
  /** The session of the person who asked for the link; undefined: not signed in, or as someone else. */
  session?: MemberSession;
  flash?: Flash;
}): SafeHtml {
  const { session } = options;
  const content = session
    ? html`<p>${words().proveIntro(options.email)}</p>
        <form method="post" action="/console/prove-address/${options.token}">
          ${csrfField(session.csrfToken)}
          <button type="submit">${words().proveConfirm}</button>
        </form>`
    : html`<p>${words().proveSignInFirst(options.email)}</p>
        <p><a href="/console/login">${words().signIn}</a></p>`;
  return consolePublicPage(
    options.service,
    words().proveTitle,
    html`${flashMessage(options.flash)} ${content}`,
  );
}
