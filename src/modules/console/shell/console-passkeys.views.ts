import { html, type SafeHtml } from '../../../lib/html.js';
import { inputField } from '../../web-pages/form-parts.views.js';
import { text } from '../text/index.js';

/**
 * A passkey button for console.js: hidden until the script finds WebAuthn in the browser, with the text
 * alternative shown until then (no script, no passkeys: the password forms beside it still work).
 */
export function passkeyControl(options: {
  /** The ceremony's routes: `${endpoint}/options`, then `endpoint` with the answer. */
  endpoint: string;
  button: string;
  fallback: string;
  /** An optional name field (a passkey being added). */
  nameField?: boolean;
}): SafeHtml {
  const words = text.passkeys;
  const said = words.script;
  // console.js says these while and after the browser asks for the passkey, in the page's language.
  return html`<div
    class="passkey-control"
    data-passkey-endpoint="${options.endpoint}"
    data-waiting="${said.waiting}"
    data-done="${said.done}"
    data-cancelled="${said.cancelled}"
    data-already-here="${said.alreadyHere}"
    data-failed="${said.failed}"
    data-request-failed="${said.requestFailed}"
  >
    <p class="passkey-fallback hint">${options.fallback}</p>
    <div class="passkey-ready" hidden>
      ${
        options.nameField
          ? inputField(
              words.nameLabel,
              { id: 'passkey-name', name: 'name', type: 'text', maxlength: 100 },
              words.nameHint,
            )
          : ''
      }
      <button type="button" class="passkey-start">${options.button}</button>
    </div>
    <p class="passkey-status" role="status" aria-live="polite"></p>
  </div>`;
}
