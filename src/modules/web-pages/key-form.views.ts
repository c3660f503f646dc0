import { html, type SafeHtml } from '../../lib/html.js';
import { planetIds } from '../../planets/planets.js';
import { checkboxChoice, dataTable, inputField } from './form-parts.views.js';
import { formatTime } from './page-document.views.js';
import { csrfField } from './page-frame.views.js';
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

interface ListedKey {
  id: string;
  prefix: string;
  name: string | null;
  planet_scope: readonly string[];
  status: string;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
}

/** A table of API keys with a revoke link on the live ones; `extra` is the column the page adds (account, maker). */
export function keysTable<Key extends ListedKey>(
  keys: readonly Key[],
  options: {
    table: { caption: string } | { labelledBy: string };
    revokeBase: string;
    extra: { label: string; cell: (key: Key) => string };
  },
): SafeHtml {
  const { extra } = options;
  return dataTable({
    ...options.table,
    responsive: true,
    columns: [
      'Prefix',
      'Name',
      extra.label,
      'Planet scope',
      'Status',
      'Created',
      'Last used',
      'Expires',
      html`<span class="visually-hidden">Actions</span>`,
    ],
    rows: keys.map(
      (key) =>
        html`<tr data-key-id="${key.id}">
          <td data-label="Prefix"><code>${key.prefix}…</code></td>
          <td data-label="Name">${key.name ?? '—'}</td>
          <td data-label="${extra.label}">${extra.cell(key)}</td>
          <td data-label="Planet scope">${scopeText(key.planet_scope)}</td>
          <td data-label="Status"><span class="badge badge-${key.status}">${key.status}</span></td>
          <td data-label="Created">${formatTime(key.created_at)}</td>
          <td data-label="Last used">${formatTime(key.last_used_at, 'never')}</td>
          <td data-label="Expires">${formatTime(key.expires_at, 'never')}</td>
          <td data-label="Actions">
            ${key.status === 'revoked' ? '' : html`<a class="button-link danger" href="${options.revokeBase}/${key.id}/revoke">Revoke<span class="visually-hidden"> key ${key.prefix}</span></a>`}
          </td>
        </tr>`,
    ),
  });
}

/** The question before a key is revoked, and its two answers. */
export function revokeKeyForm(
  key: ListedKey,
  options: { whose?: string; revokeBase: string; csrfToken: string },
): SafeHtml {
  return html`<p>
      Revoke the key <code>${key.prefix}…</code>${key.name ? html` (${key.name})` : ''}${
        options.whose ? html` of <strong>${options.whose}</strong>` : ''
      }?
    </p>
    <p>Every request made with it will be refused at once. This cannot be undone.</p>
    <form method="post" action="${options.revokeBase}/${key.id}/revoke" class="inline-actions">
      ${csrfField(options.csrfToken)}
      <button type="submit" class="danger">Revoke key</button>
      <a href="${options.revokeBase}" class="button-link">Cancel</a>
    </form>`;
}
