import { html, type SafeHtml } from '../../../lib/html.js';
import type { ServiceBrand } from '../../../lib/service-brand.js';
import type { MemberSession } from '../../members/member-sessions.service.js';
import { newPasswordFields, passwordResetPages } from '../../web-pages/password-reset.views.js';
import { text as pageText } from '../../web-pages/text/index.js';
import { text } from '../text/index.js';
import { consolePublicPage, csrfInput } from './console-layout.views.js';

// Read on each use: the text answers in the language of the request being drawn.
const words = () => text.passwordReset;

/** The link under the sign-in form. */
export function forgotPasswordLink(): SafeHtml {
  return html`<p><a href="/console/forgot-password">${pageText.passwordReset.forgotLink}</a></p>`;
}

/** The people's way back in (docs/members.md): the shared pages in the console's frame, with the account page's words. */
export function consolePasswordResetPages(service: ServiceBrand) {
  return passwordResetPages({
    base: '/console',
    page: (title, content) => consolePublicPage(service, title, content),
    words: () => ({
      ...words(),
      newPassword: text.account.newPassword,
      newPasswordAgain: text.account.newPasswordAgain,
    }),
  });
}

/** A person who signs in with passkeys only: the link gives no password; a passkey first, then the account page. */
export function passkeyOnlyPage(options: { service: ServiceBrand }): SafeHtml {
  return consolePublicPage(
    options.service,
    words().passkeyTitle,
    html`<p>${words().passkeyOnly}</p>
      <p><a href="/console/login">${words().signIn}</a></p>
      <p>${words().passkeyLost}</p>`,
  );
}

/** On the account page of a person without a password, in place of "Change your password". */
export function addPasswordSection(session: MemberSession): SafeHtml {
  const account = text.account;
  return html`<section aria-labelledby="password-heading" class="panel">
    <h2 id="password-heading">${words().addHeading}</h2>
    <p>${words().addIntro}</p>
    <form method="post" action="/console/account/add-password" class="stacked">
      ${csrfInput(session)}
      ${newPasswordFields({
        newPassword: account.newPassword,
        newPasswordAgain: account.newPasswordAgain,
        passwordHint: pageText.passwordReset.passwordHint,
      })}
      <button type="submit">${words().addButton}</button>
    </form>
  </section>`;
}
