import { html, type SafeHtml } from '../../../lib/html.js';

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
  return html`<div class="passkey-control" data-passkey-endpoint="${options.endpoint}">
    <p class="passkey-fallback hint">${options.fallback}</p>
    <div class="passkey-ready" hidden>
      ${
        options.nameField
          ? html`<div class="field">
              <label for="passkey-name">Name of the passkey (optional)</label>
              <input
                id="passkey-name"
                name="name"
                type="text"
                maxlength="100"
                aria-describedby="passkey-name-hint"
              />
              <p class="hint" id="passkey-name-hint">Such as “work laptop”, to tell your passkeys apart.</p>
            </div>`
          : ''
      }
      <button type="button" class="passkey-start">${options.button}</button>
    </div>
    <p class="passkey-status" role="status" aria-live="polite"></p>
  </div>`;
}
