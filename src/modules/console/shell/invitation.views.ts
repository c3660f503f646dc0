import { html, type SafeHtml } from '../../../lib/html.js';
import type { OpenInvitation } from '../../members/invitations.service.js';
import { inputField, passwordField } from '../../web-pages/form-parts.views.js';
import { flashMessage, type Flash } from '../../web-pages/page-document.views.js';
import { MIN_PASSWORD_LENGTH } from '../../web-pages/passwords.js';
import { csrfField } from '../../web-pages/page-frame.views.js';
import type { ServiceBrand } from '../../web-pages/service-brand.js';
import { consolePublicPage } from './console-layout.views.js';
import { passkeyControl } from './console-passkeys.views.js';
import { text } from '../text/index.js';

/**
 * The invitation: a new person chooses a password or registers a passkey; a member elsewhere enters their
 * password, or uses their passkey if that is how they sign in.
 */
export function invitationPage(options: {
  service: ServiceBrand;
  token: string;
  invitation: OpenInvitation;
  /** The pre-session token (consoleSignInCsrf) the password form carries back. */
  csrfToken: string;
  flash?: Flash;
  /** The browser is signed in as another person, whom accepting signs out here. */
  signedInAs?: string;
}): SafeHtml {
  const { invitation } = options;
  const endpoint = `/console/invitations/${options.token}/passkey`;
  const passwordForm = (fields: SafeHtml) =>
    html`<form method="post" action="/console/invitations/${options.token}" class="stacked">
      ${csrfField(options.csrfToken)}
      ${inputField('Email', {
        id: 'email',
        name: 'email',
        type: 'email',
        autocomplete: 'username',
        value: invitation.email,
        readonly: true,
      })}
      ${fields}
      <button type="submit">Accept the invitation</button>
    </form>`;
  let content: SafeHtml;
  switch (invitation.signIn) {
    case 'new':
      content = html`<section aria-labelledby="password-heading">
          <h2 id="password-heading">With a password</h2>
          ${passwordForm(
            html`${passwordField('Choose a password', {
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
              })}`,
          )}
        </section>
        <section id="passkey-registration" aria-labelledby="passkey-heading">
          <h2 id="passkey-heading">Or with a passkey, instead of a password</h2>
          ${passkeyControl({
            endpoint,
            button: 'Accept with a new passkey',
            fallback:
              'Registering a passkey needs JavaScript and a browser that supports passkeys; choose a password above instead.',
          })}
        </section>`;
      break;
    case 'password':
      content = passwordForm(
        html`<p>
            You already have a password with us (you are a member of another account): enter it to accept.
          </p>
          ${passwordField('Your password', { id: 'password', autocomplete: 'current-password' })}`,
      );
      break;
    case 'passkey':
      content = html`<section id="passkey-registration" aria-labelledby="passkey-heading">
        <h2 id="passkey-heading">With your passkey</h2>
        <p>You sign in with a passkey (you are a member of another account): use it to accept.</p>
        ${passkeyControl({
          endpoint,
          button: 'Accept with your passkey',
          fallback: 'Using your passkey needs JavaScript and a browser that supports passkeys.',
        })}
      </section>`;
      break;
  }
  return consolePublicPage(
    options.service,
    `Join ${invitation.accountName}`,
    html`${flashMessage(options.flash)}
      ${
        options.signedInAs === undefined
          ? ''
          : flashMessage({
              kind: 'notice',
              message: text.signIn.invitationReplaces(options.signedInAs, invitation.email),
            })
      }
      <p>
        You are invited to <strong>${invitation.accountName}</strong> as <strong>${invitation.role}</strong>.
      </p>
      ${content}`,
  );
}
