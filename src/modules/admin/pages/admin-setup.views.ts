import { CSRF_FIELD } from '../../web-pages/web-sessions.js';
import { publicPage } from './admin-layout.views.js';
import { flashMessage, type Flash } from '../../web-pages/page-document.views.js';
import { emailField, passwordField } from '../../web-pages/form-parts.views.js';
import { html, type SafeHtml } from '../../../lib/html.js';
import { adminText } from '../text/index.js';

/** The one-time page where the first administrator chooses an e-mail and a password. */
export function setupPage(options: {
  action: string;
  csrfToken: string;
  minPasswordLength: number;
  email?: string;
  flash?: Flash;
}): SafeHtml {
  const words = adminText.setup;
  return publicPage(
    words.title,
    html`${flashMessage(options.flash)}
      <p>${words.intro}</p>
      <form method="post" action="${options.action}" class="stacked">
        <input type="hidden" name="${CSRF_FIELD}" value="${options.csrfToken}" />
        ${emailField(options.email)}
        ${passwordField(words.password, {
          id: 'password',
          autocomplete: 'new-password',
          minlength: options.minPasswordLength,
        })}
        ${passwordField(words.passwordAgain, { id: 'password_confirm', autocomplete: 'new-password' })}
        <button type="submit">${words.submit}</button>
      </form>`,
  );
}
