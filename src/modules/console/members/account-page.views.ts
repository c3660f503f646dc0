import { html, type SafeHtml } from '../../../lib/html.js';
import type { MemberSession } from '../../members/member-sessions.service.js';
import type { Passkey } from '../../passkeys/passkeys.service.js';
import { dataTable, passwordField } from '../../web-pages/form-parts.views.js';
import { formatTime } from '../../web-pages/page-document.views.js';
import { MIN_PASSWORD_LENGTH } from '../../web-pages/passwords.js';
import { type ConsoleFrame, consolePage, csrfInput } from '../shell/console-layout.views.js';
import { passkeyControl } from '../shell/console-passkeys.views.js';

function passkeysSection(session: MemberSession, passkeys: readonly Passkey[]): SafeHtml {
  const list =
    passkeys.length === 0
      ? html`<p>You have no passkey yet.</p>`
      : dataTable({
          labelledBy: 'passkeys-heading',
          responsive: true,
          columns: ['Name', 'Added', 'Last used', html`<span class="visually-hidden">Actions</span>`],
          rows: passkeys.map(
            (passkey) =>
              html`<tr>
                <td data-label="Name">${passkey.name || 'Passkey'}</td>
                <td data-label="Added">${formatTime(passkey.created_at)}</td>
                <td data-label="Last used">${formatTime(passkey.last_used_at, 'never')}</td>
                <td>
                  <form method="post" action="/console/account/passkeys/${passkey.id}/remove">
                    ${csrfInput(session)}
                    <button type="submit" class="button-secondary">
                      Remove<span class="visually-hidden"> passkey ${passkey.name || 'Passkey'}</span>
                    </button>
                  </form>
                </td>
              </tr>`,
          ),
        });
  return html`<section id="passkeys" aria-labelledby="passkeys-heading" class="panel">
    <h2 id="passkeys-heading">Passkeys</h2>
    <p>Sign in with your device's screen lock or a security key instead of a password.</p>
    ${list}
    ${passkeyControl({
      endpoint: '/console/account/passkeys',
      button: 'Add a passkey',
      fallback: 'Adding a passkey needs JavaScript and a browser that supports passkeys.',
      nameField: true,
    })}
  </section>`;
}

/** Your account: change the password, passkeys, sign out everywhere. */
export function accountPage(
  options: ConsoleFrame & {
    passkeys: readonly Passkey[];
  },
): SafeHtml {
  const { session } = options;
  return consolePage({
    ...options,
    title: 'Your account',
    section: 'account',
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
      ${passkeysSection(session, options.passkeys)}
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
