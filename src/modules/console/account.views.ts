import { html, type SafeHtml } from '../../lib/html.js';
import type { Membership } from '../members/members.service.js';
import type { MemberSession } from '../members/member-sessions.service.js';
import { passwordField } from '../web-pages/form-parts.views.js';
import type { Flash } from '../web-pages/page-document.views.js';
import { MIN_PASSWORD_LENGTH } from '../web-pages/passwords.js';
import { consolePage, csrfInput } from './console-layout.views.js';

/** Your account: change the password, passkeys (filled by the passkey pages), sign out everywhere. */
export function accountPage(options: {
  session: MemberSession;
  memberships: readonly Membership[];
  flash?: Flash;
}): SafeHtml {
  const { session } = options;
  return consolePage({
    title: 'Your account',
    section: 'account',
    session,
    memberships: options.memberships,
    flash: options.flash,
    content: html`<p>Signed in as <strong>${session.email}</strong>.</p>
      <section aria-labelledby="password-heading" class="panel">
        <h2 id="password-heading">Change your password</h2>
        <form method="post" action="/console/account/password" class="stacked">
          ${csrfInput(session)}
          ${passwordField('Current password', { id: 'current_password', autocomplete: 'current-password' })}
          ${passwordField('New password', { id: 'password', autocomplete: 'new-password', minlength: MIN_PASSWORD_LENGTH })}
          <p class="hint">
            At least ${MIN_PASSWORD_LENGTH} characters, and not one of the most used passwords. Your other
            sessions end.
          </p>
          ${passwordField('New password again', {
            id: 'password_again',
            autocomplete: 'new-password',
            minlength: MIN_PASSWORD_LENGTH,
          })}
          <button type="submit">Change password</button>
        </form>
      </section>
      <section id="passkeys" aria-labelledby="passkeys-heading" class="panel">
        <h2 id="passkeys-heading">Passkeys</h2>
        <p>Passkeys are not available yet.</p>
      </section>
      <section aria-labelledby="everywhere-heading" class="panel">
        <h2 id="everywhere-heading">Sign out everywhere</h2>
        <p>Ends every session of yours, in every account and on every device, this one included.</p>
        <form method="post" action="/console/logout-everywhere">
          ${csrfInput(session)}
          <button type="submit" class="button-secondary">Sign out everywhere</button>
        </form>
      </section>`,
  });
}
