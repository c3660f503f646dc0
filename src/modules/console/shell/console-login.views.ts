import { html, type SafeHtml } from '../../../lib/html.js';
import { signInForm } from '../../web-pages/sign-in-form.js';
import type { AccountChoice } from '../../members/member-login.service.js';
import type { Flash } from '../../web-pages/page-document.views.js';
import type { ServiceBrand } from '../../../lib/service-brand.js';
import { consolePublicPage } from './console-layout.views.js';
import { passkeyControl } from './console-passkeys.views.js';
import { emailSignInLink } from './email-sign-in.views.js';
import { forgotPasswordLink } from './forgot-password.views.js';
import { text } from '../text/index.js';

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

/** The value of the hidden field that confirms signing in as another person (`switch`). */
export const SWITCH_CONFIRMED = 'confirmed';

/**
 * The sign-in page. `signedInAs`: the browser is signed in as another person, so the form asks for the password
 * again and confirms the switch (docs/members.md).
 */
export function consoleLoginPage(options: {
  service: ServiceBrand;
  csrfToken: string;
  email?: string;
  flash?: Flash;
  accounts?: readonly AccountChoice[];
  signedInAs?: string;
}): SafeHtml {
  const { accounts, signedInAs, service, ...form } = options;
  const choice = accounts ? accountChoice(accounts) : html``;
  if (signedInAs !== undefined) {
    return consolePublicPage(
      service,
      text.login.titleSwitch,
      html`${signInForm({
          action: '/console/login',
          button: text.signIn.confirmSwitchButton,
          ...form,
          flash: form.flash ?? { kind: 'notice', message: text.signIn.confirmSwitch(signedInAs) },
          more: html`${choice}<input type="hidden" name="switch" value="${SWITCH_CONFIRMED}" />`,
        })}
        <p><a href="/console">${text.signIn.staySignedIn(signedInAs)}</a></p>`,
    );
  }
  return consolePublicPage(
    service,
    text.login.title,
    html`${signInForm({ action: '/console/login', button: text.login.button, ...form, more: choice })}
      ${forgotPasswordLink()}
      <section id="passkey-sign-in" aria-labelledby="passkey-sign-in-heading">
        <h2 id="passkey-sign-in-heading">${text.login.passkeyHeading}</h2>
        ${passkeyControl({
          endpoint: '/console/passkey-sign-in',
          button: text.login.passkeyButton,
          fallback: text.login.passkeyFallback,
        })}
      </section>
      ${emailSignInLink()}`,
  );
}
