import { publicPage } from './admin-layout.views.js';
import type { Flash } from '../../web-pages/page-document.views.js';
import { signInForm } from '../../web-pages/sign-in-form.js';
import { html, type SafeHtml } from '../../../lib/html.js';

/** The value of the hidden field that confirms logging in as another administrator (`switch`). */
export const SWITCH_CONFIRMED = 'confirmed';

/**
 * The log-in page. `signedInAs`: the browser is logged in as another administrator, so the form asks for the
 * password again and confirms the switch (docs/admin.md).
 */
export function loginPage(options: {
  csrfToken: string;
  email?: string;
  flash?: Flash;
  signedInAs?: string;
}): SafeHtml {
  const { signedInAs, ...form } = options;
  if (signedInAs === undefined) {
    return publicPage('Log in', signInForm({ action: '/admin/login', button: 'Log in', ...form }));
  }
  return publicPage(
    'Log in as someone else?',
    html`${signInForm({
        action: '/admin/login',
        button: 'Log in as this administrator instead',
        ...form,
        flash: form.flash ?? {
          kind: 'notice',
          message: `This browser is logged in as ${signedInAs}. To log in as someone else instead, enter their password again and confirm; ${signedInAs} is then logged out here.`,
        },
        more: html`<input type="hidden" name="switch" value="${SWITCH_CONFIRMED}" />`,
      })}
      <p><a href="/admin">Stay logged in as ${signedInAs}</a></p>`,
  );
}
