import { adminEmailField, flashMessage, publicPage, type Flash } from './admin-layout.views.js';
import { html, type SafeHtml } from '../../../lib/html.js';

export function loginPage(options: { email?: string; flash?: Flash } = {}): SafeHtml {
  return publicPage(
    'Log in',
    html`${flashMessage(options.flash)}
      <form method="post" action="/admin/login" class="stacked">
        ${adminEmailField(options.email)}
        <div class="field">
          <label for="password">Password</label>
          <input
            id="password"
            name="password"
            type="password"
            autocomplete="current-password"
            required
            maxlength="1024"
          />
        </div>
        <button type="submit">Log in</button>
      </form>`,
  );
}
