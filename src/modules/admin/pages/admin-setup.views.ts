import { CSRF_FIELD } from '../auth/admin-auth.js';
import { adminEmailField, flashMessage, publicPage, type Flash } from './admin-layout.views.js';
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
        <div class="field">
          <label for="password">Password</label>
          <input
            id="password"
            name="password"
            type="password"
            autocomplete="new-password"
            required
            minlength="${String(options.minPasswordLength)}"
            maxlength="1024"
          />
        </div>
        <div class="field">
          <label for="password_confirm">Password again</label>
          <input
            id="password_confirm"
            name="password_confirm"
            type="password"
            autocomplete="new-password"
            required
            maxlength="1024"
          />
        </div>
        <button type="submit">Create administrator</button>
      </form>`,
  );
}
