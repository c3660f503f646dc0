import { html, type SafeHtml } from '../../lib/html.js';
import { planetIds } from '../../planets/planets.js';
import { checkboxChoice, inputField, labelledTable, radioChoice } from './form-parts.views.js';
import { formatTime } from './page-document.views.js';
import { csrfField } from './page-frame.views.js';
import type { KeyFormValues } from './key-form.js';
import { text } from './text/index.js';

// Read on each use: the text answers in the language of the request being drawn.
const words = () => text.keyForm;

/** A planet as people name its kind of object ("Artworks"); its id when it has no name. */
function categoryName(planet: string): string {
  return text.values.categories[planet] ?? planet;
}

/** A key's planets by their names, or "All planets". */
export function scopeText(scope: readonly string[]): string {
  return scope.length === 0 ? text.keyForm.scopeAll : scope.map(categoryName).join(', ');
}

/** The fields every key form has: name, planet scope (all, or the ticked ones) and an optional expiry. */
export function keyFormFields(values: KeyFormValues): SafeHtml {
  const chosen = values.scope === 'chosen';
  return html`${inputField(
      words().name,
      { id: 'key-name', name: 'name', maxlength: 200, value: values.name ?? '' },
      words().nameHint,
    )}
    <fieldset>
      <legend>${words().scopeLegend}</legend>
      ${radioChoice({ id: 'scope-all', name: 'scope', value: 'all', checked: !chosen, label: words().scopeAll })}
      ${radioChoice({
        id: 'scope-chosen',
        name: 'scope',
        value: 'chosen',
        checked: chosen,
        label: words().scopeChosen,
      })}
      <div class="planet-choices">
        ${planetIds.map((planet) =>
          checkboxChoice({
            id: `planet-${planet}`,
            name: 'planets',
            value: planet,
            checked: values.planets?.includes(planet) ?? false,
            label: categoryName(planet),
          }),
        )}
      </div>
    </fieldset>
    ${inputField(
      words().expires,
      { id: 'key-expires', name: 'expires_at', type: 'datetime-local', value: values.expires_at ?? '' },
      words().expiresHint,
    )}`;
}

/**
 * The secret of a new key, on the answer to its creation only: only its hash is stored. The copy button needs
 * the admin's script; the console has none, and selecting the text does the same.
 */
export function newKeySecret(key: string, options: { copyButton: boolean }): SafeHtml {
  return html`<div class="flash flash-warning" role="alert">
      <p>${words().secretWarning((strong) => html`<strong>${strong}</strong>`)}</p>
    </div>
    <div class="secret-box">
      <label for="new-api-key">${words().secretLabel}</label>
      <output id="new-api-key" class="secret" aria-live="off">${key}</output>
      ${
        options.copyButton
          ? html`<div class="secret-actions">
              <button type="button" data-copy-target="new-api-key" data-copy-status="copy-status">
                ${words().copy}
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

/** A key's status as the page names it (the badge's class keeps the stored value). */
function keyStatusName(status: string): string {
  return (words().statuses as Record<string, string>)[status] ?? status;
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
  const columns = words().columns;
  const never = text.frame.never;
  const revoke = (key: Key) =>
    words().revoke((hidden) => html`<span class="visually-hidden">${hidden}</span>`, key.prefix);
  return labelledTable({
    ...options.table,
    columns: [
      columns.prefix,
      columns.name,
      extra.label,
      columns.scope,
      columns.status,
      columns.created,
      columns.lastUsed,
      columns.expires,
      columns.actions,
    ],
    actionsColumn: 8,
    rows: keys.map((key) => ({
      attributes: html` data-key-id="${key.id}"`,
      cells: [
        html`<code>${key.prefix}…</code>`,
        key.name ?? '—',
        extra.cell(key),
        scopeText(key.planet_scope),
        html`<span class="badge badge-${key.status}">${keyStatusName(key.status)}</span>`,
        formatTime(key.created_at),
        formatTime(key.last_used_at, never),
        formatTime(key.expires_at, never),
        key.status === 'revoked'
          ? ''
          : html`<a class="button-link danger" href="${options.revokeBase}/${key.id}/revoke"
              >${revoke(key)}</a
            >`,
      ],
    })),
  });
}

/** The question before a key is revoked, and its two answers. */
export function revokeKeyForm(
  key: ListedKey,
  options: { whose?: string; revokeBase: string; csrfToken: string },
): SafeHtml {
  const named = html`<code>${key.prefix}…</code>${key.name ? html` (${key.name})` : ''}`;
  const question = options.whose
    ? words().revokeQuestionOf(named, (strong) => html`<strong>${strong}</strong>`, options.whose)
    : words().revokeQuestion(named);
  return html`<p>${question}</p>
    <p>${words().revokeWarning}</p>
    <form method="post" action="${options.revokeBase}/${key.id}/revoke" class="inline-actions">
      ${csrfField(options.csrfToken)}
      <button type="submit" class="danger">${words().revokeButton}</button>
      <a href="${options.revokeBase}" class="button-link">${words().cancel}</a>
    </form>`;
}
