import { html, type SafeHtml } from '../../lib/html.js';
import { planetIds } from '../../planets/planets.js';
import { checkboxChoice, inputField } from './form-parts.views.js';
import type { KeyFormValues } from './key-form.js';

export function scopeText(scope: readonly string[]): string {
  return scope.length === 0 ? 'All planets' : scope.join(', ');
}

/** The fields every key form has: name, planet scope (all, or the ticked ones) and an optional expiry. */
export function keyFormFields(values: KeyFormValues): SafeHtml {
  const chosen = values.scope === 'chosen';
  return html`${inputField(
      'Name',
      { id: 'key-name', name: 'name', maxlength: 200, value: values.name ?? '' },
      'What the key is for, e.g. "Gallery website".',
    )}
    <fieldset>
      <legend>Planet scope</legend>
      <div class="choice">
        <input type="radio" id="scope-all" name="scope" value="all" ${chosen ? '' : html` checked`} /><label
          for="scope-all"
          >All planets</label
        >
      </div>
      <div class="choice">
        <input
          type="radio"
          id="scope-chosen"
          name="scope"
          value="chosen"
          ${chosen ? html` checked` : ''}
        /><label for="scope-chosen">Only these planets:</label>
      </div>
      <div class="planet-choices">
        ${planetIds.map((planet) =>
          checkboxChoice({
            id: `planet-${planet}`,
            name: 'planets',
            value: planet,
            checked: values.planets?.includes(planet) ?? false,
            label: planet,
          }),
        )}
      </div>
    </fieldset>
    ${inputField(
      'Expires (UTC, optional)',
      { id: 'key-expires', name: 'expires_at', type: 'datetime-local', value: values.expires_at ?? '' },
      'Leave empty for a key that does not expire.',
    )}`;
}

/**
 * The secret of a new key, on the answer to its creation only: only its hash is stored. The copy button needs
 * the admin's script; the console has none, and selecting the text does the same.
 */
export function newKeySecret(key: string, options: { copyButton: boolean }): SafeHtml {
  return html`<div class="flash flash-warning" role="alert">
      <p>
        <strong>Copy this key now. It will not be shown again.</strong> Only its hash is stored; if it is
        lost, revoke it and create another.
      </p>
    </div>
    <div class="secret-box">
      <label for="new-api-key">API key</label>
      <output id="new-api-key" class="secret" aria-live="off">${key}</output>
      ${
        options.copyButton
          ? html`<div class="secret-actions">
              <button type="button" data-copy-target="new-api-key" data-copy-status="copy-status">
                Copy key
              </button>
              <span id="copy-status" class="copy-status" role="status"></span>
            </div>`
          : ''
      }
    </div>`;
}
