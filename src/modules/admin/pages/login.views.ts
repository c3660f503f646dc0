import { flashMessage, publicPage, type Flash } from './admin-layout.views.js';
import { adminEmailField, adminPasswordField } from './admin-parts.views.js';
import { html, type SafeHtml } from '../../../lib/html.js';

export function loginPage(options: { email?: string; flash?: Flash } = {}): SafeHtml {
  return publicPage(
    'Log in',
    html`${flashMessage(options.flash)}
      <form method="post" action="/admin/login" class="stacked">
        ${adminEmailField(options.email)}
        ${adminPasswordField('Password', { id: 'password', autocomplete: 'current-password' })}
        <button type="submit">Log in</button>
      </form>`,
  );
}
