import { publicPage } from './admin-layout.views.js';
import { flashMessage, type Flash } from '../../web-pages/page-document.views.js';
import { emailField, passwordField } from '../../web-pages/form-parts.views.js';
import { html, type SafeHtml } from '../../../lib/html.js';

export function loginPage(options: { email?: string; flash?: Flash } = {}): SafeHtml {
  return publicPage(
    'Log in',
    html`${flashMessage(options.flash)}
      <form method="post" action="/admin/login" class="stacked">
        ${emailField(options.email)}
        ${passwordField('Password', { id: 'password', autocomplete: 'current-password' })}
        <button type="submit">Log in</button>
      </form>`,
  );
}
