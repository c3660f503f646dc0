import { html, type SafeHtml } from '../../lib/html.js';
import type { OpenInvitation } from '../members/invitations.service.js';
import { inputField, passwordField } from '../web-pages/form-parts.views.js';
import { flashMessage, type Flash } from '../web-pages/page-document.views.js';
import { MIN_PASSWORD_LENGTH } from '../web-pages/passwords.js';
import { consolePublicPage } from './console-layout.views.js';

/** The invitation: choose a password (a new person) or enter yours (a member elsewhere), and join. */
export function invitationPage(options: {
  token: string;
  invitation: OpenInvitation;
  flash?: Flash;
}): SafeHtml {
  const { invitation } = options;
  const passwordFields = invitation.choosesPassword
    ? html`${passwordField('Choose a password', {
          id: 'password',
          autocomplete: 'new-password',
          minlength: MIN_PASSWORD_LENGTH,
        })}
        <p class="hint">
          At least ${MIN_PASSWORD_LENGTH} characters, and not one of the most used passwords.
        </p>
        ${passwordField('The same password again', {
          id: 'password_again',
          autocomplete: 'new-password',
          minlength: MIN_PASSWORD_LENGTH,
        })}`
    : html`<p>
          You already have a password with us (you are a member of another account): enter it to accept.
        </p>
        ${passwordField('Your password', { id: 'password', autocomplete: 'current-password' })}`;
  return consolePublicPage(
    `Join ${invitation.accountName}`,
    html`${flashMessage(options.flash)}
      <p>
        You are invited to <strong>${invitation.accountName}</strong> as <strong>${invitation.role}</strong>.
      </p>
      <form method="post" action="/console/invitations/${options.token}" class="stacked">
        ${inputField('Email', {
          id: 'email',
          name: 'email',
          type: 'email',
          autocomplete: 'username',
          value: invitation.email,
          readonly: true,
        })}
        ${passwordFields}
        <button type="submit">Accept the invitation</button>
      </form>
      <section id="passkey-registration" aria-label="Join with a passkey"></section>`,
  );
}
