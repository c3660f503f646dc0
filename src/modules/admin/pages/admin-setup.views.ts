import { CSRF_FIELD } from '../../web-pages/web-sessions.js';
import { publicPage } from './admin-layout.views.js';
import { flashMessage, type Flash } from '../../web-pages/page-document.views.js';
import { emailField, passwordField } from '../../web-pages/form-parts.views.js';
import { html, type SafeHtml } from '../../../lib/html.js';

/** The one-time page where the first administrator chooses an e-mail and a password. */
export function setupPage(options: {
  action: string;
  csrfToken: string;
  minPasswordLength: number;
  email?: string;
  flash?: Flash;
}): SafeHtml {
  return publicPage(
    'Set up the first administrator',
    html`${flashMessage(options.flash)}
      <p>This link works once. Choose the e-mail and password you will log in with.</p>
      <form method="post" action="${options.action}" class="stacked">
        <input type="hidden" name="${CSRF_FIELD}" value="${options.csrfToken}" />
        ${emailField(options.email)}
        ${passwordField('Password', {
          id: 'password',
          autocomplete: 'new-password',
          minlength: options.minPasswordLength,
        })}
        ${passwordField('Password again', { id: 'password_confirm', autocomplete: 'new-password' })}
        <button type="submit">Create administrator</button>
      </form>`,
  );
}
