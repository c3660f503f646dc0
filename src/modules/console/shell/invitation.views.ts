import { html, type SafeHtml } from '../../../lib/html.js';
import type { OpenInvitation } from '../../members/invitations.service.js';
import { inputField, passwordField } from '../../web-pages/form-parts.views.js';
import { flashMessage, type Flash } from '../../web-pages/page-document.views.js';
import { newPasswordFields } from '../../web-pages/password-reset.views.js';
import { csrfField } from '../../web-pages/page-frame.views.js';
import type { ServiceBrand } from '../../../lib/service-brand.js';
import { consolePublicPage } from './console-layout.views.js';
import { passkeyControl } from './console-passkeys.views.js';
import { roleName } from '../../web-pages/people.views.js';
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
  const words = text.invitation;
  const endpoint = `/console/invitations/${options.token}/passkey`;
  const passwordForm = (fields: SafeHtml) =>
    html`<form method="post" action="/console/invitations/${options.token}" class="stacked">
      ${csrfField(options.csrfToken)}
      ${inputField(words.email, {
        id: 'email',
        name: 'email',
        type: 'email',
        autocomplete: 'username',
        value: invitation.email,
        readonly: true,
      })}
      ${fields}
      <button type="submit">${words.accept}</button>
    </form>`;
  let content: SafeHtml;
  switch (invitation.signIn) {
    case 'new':
      content = html`<section aria-labelledby="password-heading">
          <h2 id="password-heading">${words.withPassword}</h2>
          ${passwordForm(
            newPasswordFields({
              newPassword: words.choosePassword,
              newPasswordAgain: words.passwordAgain,
              passwordHint: words.passwordHint,
            }),
          )}
        </section>
        <section id="passkey-registration" aria-labelledby="passkey-heading">
          <h2 id="passkey-heading">${words.orPasskey}</h2>
          ${passkeyControl({
            endpoint,
            button: words.acceptNewPasskey,
            fallback: words.newPasskeyFallback,
          })}
        </section>`;
      break;
    case 'password':
      content = passwordForm(
        html`<p>${words.havePassword}</p>
          ${passwordField(words.yourPassword, { id: 'password', autocomplete: 'current-password' })}`,
      );
      break;
    case 'passkey':
      content = html`<section id="passkey-registration" aria-labelledby="passkey-heading">
        <h2 id="passkey-heading">${words.withYourPasskey}</h2>
        <p>${words.havePasskey}</p>
        ${passkeyControl({
          endpoint,
          button: words.acceptYourPasskey,
          fallback: words.yourPasskeyFallback,
        })}
      </section>`;
      break;
  }
  return consolePublicPage(
    options.service,
    words.title(invitation.accountName),
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
        ${words.invited((strong) => html`<strong>${strong}</strong>`, invitation.accountName, roleName(invitation.role))}
      </p>
      ${
        invitation.byMail && invitation.signIn === 'new'
          ? html`<p>${text.addresses.invitationProves(invitation.email)}</p>`
          : ''
      }
      ${content}`,
  );
}
