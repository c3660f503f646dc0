import { CSRF_FIELD } from '../auth/admin-auth.js';
import { flashMessage, publicPage, type Flash } from './admin-layout.views.js';
import { adminEmailField, adminPasswordField } from './admin-parts.views.js';
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
        ${adminEmailField(options.email)}
        ${adminPasswordField('Password', {
          id: 'password',
          autocomplete: 'new-password',
          minlength: options.minPasswordLength,
        })}
        ${adminPasswordField('Password again', { id: 'password_confirm', autocomplete: 'new-password' })}
        <button type="submit">Create administrator</button>
      </form>`,
  );
}
