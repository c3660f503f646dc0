import { html, type SafeHtml } from '../../lib/html.js';
import { signInForm } from '../web-pages/sign-in-form.js';
import type { AccountChoice } from '../members/member-login.service.js';
import type { Flash } from '../web-pages/page-document.views.js';
import { consolePublicPage } from './console-layout.views.js';
import { passkeyControl } from './passkey-controls.views.js';
import { text } from './text/index.js';

/** The accounts to choose from when the e-mail and password open sign-ins in several (docs/members.md). */
function accountChoice(accounts: readonly AccountChoice[]): SafeHtml {
  return html`<fieldset>
    <legend>${text.signIn.account}</legend>
    ${accounts.map(
      (account, index) =>
        html`<div class="choice">
          <input type="radio" id="account-${index}" name="account_id" value="${account.id}" required /><label
            for="account-${index}"
            >${account.name}</label
          >
        </div>`,
    )}
  </fieldset>`;
}

export function consoleLoginPage(
  options: { email?: string; flash?: Flash; accounts?: readonly AccountChoice[] } = {},
): SafeHtml {
  const { accounts, ...form } = options;
  return consolePublicPage(
    'Sign in',
    html`${signInForm({
        action: '/console/login',
        button: 'Sign in',
        ...form,
        more: accounts ? accountChoice(accounts) : undefined,
      })}
      <section id="passkey-sign-in" aria-labelledby="passkey-sign-in-heading">
        <h2 id="passkey-sign-in-heading">Or with a passkey</h2>
        ${passkeyControl({
          endpoint: '/console/passkey-sign-in',
          button: 'Sign in with a passkey',
          fallback:
            'Signing in with a passkey needs JavaScript and a browser that supports passkeys; use your email and password above.',
        })}
      </section>`,
  );
}
