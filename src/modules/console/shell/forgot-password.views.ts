import { html, type SafeHtml } from '../../../lib/html.js';
import type { ServiceBrand } from '../../../lib/service-brand.js';
import type { MemberSession } from '../../members/member-sessions.service.js';
import { emailField, inputField, passwordField } from '../../web-pages/form-parts.views.js';
import { flashMessage, type Flash } from '../../web-pages/page-document.views.js';
import { csrfField } from '../../web-pages/page-frame.views.js';
import { MIN_PASSWORD_LENGTH } from '../../web-pages/passwords.js';
import { text as pageText } from '../../web-pages/text/index.js';
import { text } from '../text/index.js';
import { consolePublicPage, csrfInput } from './console-layout.views.js';

// Read on each use: the text answers in the language of the request being drawn.
const words = () => text.passwordReset;

/** The link under the sign-in form. */
export function forgotPasswordLink(): SafeHtml {
  return html`<p><a href="/console/forgot-password">${words().forgotLink}</a></p>`;
}

const backToSignIn = () => html`<p><a href="/console/login">${words().backToSignIn}</a></p>`;

/** "Forgot your password?": the address to send a link to. */
export function forgotPasswordPage(options: {
  service: ServiceBrand;
  csrfToken: string;
  email?: string;
  flash?: Flash;
}): SafeHtml {
  return consolePublicPage(
    options.service,
    words().requestTitle,
    html`${flashMessage(options.flash)}
      <p>${words().requestIntro}</p>
      <form method="post" action="/console/forgot-password" class="stacked">
        ${csrfField(options.csrfToken)} ${emailField(options.email)}
        <button type="submit">${words().requestButton}</button>
      </form>
      ${backToSignIn()}`,
  );
}

/** The one answer to a request, whether or not the address signs in here. */
export function resetLinkSentPage(options: { service: ServiceBrand; email: string }): SafeHtml {
  return consolePublicPage(
    options.service,
    words().sentTitle,
    html`${flashMessage({ kind: 'notice', message: words().sent(options.email) })}
      <p>${words().sentNothing}</p>
      <p><a href="/console/forgot-password">${words().askAgain}</a></p>
      ${backToSignIn()}`,
  );
}

/** The new password, typed twice: the e-mail shown (and given to password managers as the username). */
export function chooseNewPasswordPage(options: {
  service: ServiceBrand;
  token: string;
  email: string;
  csrfToken: string;
  flash?: Flash;
}): SafeHtml {
  const account = text.account;
  return consolePublicPage(
    options.service,
    words().chooseTitle,
    html`${flashMessage(options.flash)}
      <p>${words().chooseIntro}</p>
      <form method="post" action="/console/reset-password/${options.token}" class="stacked">
        ${csrfField(options.csrfToken)}
        ${inputField(pageText.forms.email, {
          id: 'email',
          name: 'email',
          type: 'email',
          autocomplete: 'username',
          value: options.email,
          readonly: true,
        })}
        ${passwordField(account.newPassword, {
          id: 'password',
          autocomplete: 'new-password',
          minlength: MIN_PASSWORD_LENGTH,
        })}
        <p class="hint">${words().passwordHint(MIN_PASSWORD_LENGTH)}</p>
        ${passwordField(account.newPasswordAgain, {
          id: 'password_again',
          autocomplete: 'new-password',
          minlength: MIN_PASSWORD_LENGTH,
        })}
        <button type="submit">${words().save}</button>
      </form>`,
  );
}

/** After the change: nobody is signed in, the person signs in with the new password. */
export function passwordChangedPage(options: { service: ServiceBrand }): SafeHtml {
  return consolePublicPage(
    options.service,
    words().doneTitle,
    html`${flashMessage({ kind: 'notice', message: words().done })}
      <p><a href="/console/login">${words().signIn}</a></p>`,
  );
}

/** A link that is used, expired or not one: why, and the way to a new one. */
export function resetLinkClosedPage(options: {
  service: ServiceBrand;
  state: 'used' | 'expired' | 'unknown';
}): SafeHtml {
  return consolePublicPage(
    options.service,
    words().closedTitle,
    html`${flashMessage({ kind: 'error', message: words()[options.state] })}
      <p><a href="/console/forgot-password">${words().askNew}</a></p>
      ${backToSignIn()}`,
  );
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
      ${passwordField(account.newPassword, {
        id: 'password',
        autocomplete: 'new-password',
        minlength: MIN_PASSWORD_LENGTH,
      })}
      <p class="hint">${words().passwordHint(MIN_PASSWORD_LENGTH)}</p>
      ${passwordField(account.newPasswordAgain, {
        id: 'password_again',
        autocomplete: 'new-password',
        minlength: MIN_PASSWORD_LENGTH,
      })}
      <button type="submit">${words().addButton}</button>
    </form>
  </section>`;
}
