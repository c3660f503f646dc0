import { html, type SafeHtml } from '../../../lib/html.js';
import { emailField, inputField, passwordField } from '../../web-pages/form-parts.views.js';
import { flashMessage, type Flash } from '../../web-pages/page-document.views.js';
import { csrfField } from '../../web-pages/page-frame.views.js';
import { MIN_PASSWORD_LENGTH } from '../../web-pages/passwords.js';
import { text as pageText } from '../../web-pages/text/index.js';
import { adminText } from '../text/index.js';
import { publicPage } from './admin-layout.views.js';

// Read on each use: the text answers in the language of the request being drawn.
const words = () => adminText.passwordReset;

const backToLogIn = () => html`<p><a href="/admin/login">${words().backToLogIn}</a></p>`;

/** "Forgot your password?": the administrator's address to send a link to. */
export function adminForgotPasswordPage(options: {
  csrfToken: string;
  email?: string;
  flash?: Flash;
}): SafeHtml {
  return publicPage(
    words().requestTitle,
    html`${flashMessage(options.flash)}
      <p>${words().requestIntro}</p>
      <form method="post" action="/admin/forgot-password" class="stacked">
        ${csrfField(options.csrfToken)} ${emailField(options.email)}
        <button type="submit">${words().requestButton}</button>
      </form>
      ${backToLogIn()}`,
  );
}

/** The one answer to a request, whether or not the address is an administrator's. */
export function adminResetLinkSentPage(options: { email: string }): SafeHtml {
  return publicPage(
    words().sentTitle,
    html`${flashMessage({ kind: 'notice', message: words().sent(options.email) })}
      <p>${words().sentNothing}</p>
      <p><a href="/admin/forgot-password">${words().askAgain}</a></p>
      ${backToLogIn()}`,
  );
}

/** The new password, typed twice, under the administrator's address. */
export function adminChooseNewPasswordPage(options: {
  token: string;
  email: string;
  csrfToken: string;
  flash?: Flash;
}): SafeHtml {
  return publicPage(
    words().chooseTitle,
    html`${flashMessage(options.flash)}
      <p>${words().chooseIntro}</p>
      <form method="post" action="/admin/reset-password/${options.token}" class="stacked">
        ${csrfField(options.csrfToken)}
        ${inputField(pageText.forms.email, {
          id: 'email',
          name: 'email',
          type: 'email',
          autocomplete: 'username',
          value: options.email,
          readonly: true,
        })}
        ${passwordField(words().newPassword, {
          id: 'password',
          autocomplete: 'new-password',
          minlength: MIN_PASSWORD_LENGTH,
        })}
        <p class="hint">${words().passwordHint(MIN_PASSWORD_LENGTH)}</p>
        ${passwordField(words().newPasswordAgain, {
          id: 'password_again',
          autocomplete: 'new-password',
          minlength: MIN_PASSWORD_LENGTH,
        })}
        <button type="submit">${words().save}</button>
      </form>`,
  );
}

/** After the change: the administrator logs in with the new password. */
export function adminPasswordChangedPage(): SafeHtml {
  return publicPage(
    words().doneTitle,
    html`${flashMessage({ kind: 'notice', message: words().done })}
      <p><a href="/admin/login">${words().logIn}</a></p>`,
  );
}

/** A link that is used, expired or not one: why, and the way to a new one. */
export function adminResetLinkClosedPage(options: { state: 'used' | 'expired' | 'unknown' }): SafeHtml {
  return publicPage(
    words().closedTitle,
    html`${flashMessage({ kind: 'error', message: words()[options.state] })}
      <p><a href="/admin/forgot-password">${words().askNew}</a></p>
      ${backToLogIn()}`,
  );
}
