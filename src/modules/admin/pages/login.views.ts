import { publicPage } from './admin-layout.views.js';
import type { Flash } from '../../web-pages/page-document.views.js';
import { signInForm } from '../../web-pages/sign-in-form.js';
import { text as pageText } from '../../web-pages/text/index.js';
import { html, type SafeHtml } from '../../../lib/html.js';
import { adminText } from '../text/index.js';

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
  const words = adminText.login;
  if (signedInAs === undefined) {
    return publicPage(
      words.title,
      html`${signInForm({ action: '/admin/login', button: words.submit, ...form })}
        <p><a href="/admin/forgot-password">${pageText.passwordReset.forgotLink}</a></p>`,
    );
  }
  return publicPage(
    words.switchTitle,
    html`${signInForm({
        action: '/admin/login',
        button: words.switchSubmit,
        ...form,
        flash: form.flash ?? { kind: 'notice', message: words.switchNotice(signedInAs) },
        more: html`<input type="hidden" name="switch" value="${SWITCH_CONFIRMED}" />`,
      })}
      <p><a href="/admin">${words.stay(signedInAs)}</a></p>`,
  );
}
