import { html, type SafeHtml } from '../../lib/html.js';
import { signInForm } from '../web-pages/sign-in-form.js';
import type { Flash } from '../web-pages/page-document.views.js';
import { consolePublicPage } from './console-layout.views.js';
import { passkeyControl } from './passkey-controls.views.js';

export function consoleLoginPage(options: { email?: string; flash?: Flash } = {}): SafeHtml {
  return consolePublicPage(
    'Sign in',
    html`${signInForm({ action: '/console/login', button: 'Sign in', ...options })}
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
