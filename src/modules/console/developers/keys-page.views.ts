import { html, type SafeHtml } from '../../../lib/html.js';
import type { ApiKey, CreatedApiKey } from '../../keys/keys.service.js';
import type { KeyFormValues } from '../../web-pages/key-form.js';
import { keyFormFields, keysTable, newKeySecret, revokeKeyForm } from '../../web-pages/key-form.views.js';
import { type ConsoleFrame, consolePage, csrfInput } from '../shell/console-layout.views.js';

/** Who made a key, as the page shows it: a member's e-mail, or the operator. */
function madeBy(key: ApiKey, emails: ReadonlyMap<string, string>): string {
  if (key.created_by_member_id === null) return 'operator';
  return emails.get(key.created_by_member_id) ?? 'a former member';
}

function accountKeys(keys: readonly ApiKey[], emails: ReadonlyMap<string, string>): SafeHtml {
  if (keys.length === 0) return html`<p class="empty">The account has no API keys yet.</p>`;
  return keysTable(keys, {
    table: { labelledBy: 'keys-heading' },
    revokeBase: '/console/keys',
    extra: { label: 'Created by', cell: (key) => madeBy(key, emails) },
  });
}

/** The account's API keys, and the form that makes one (its secret shown once, on the answer). */
export function keysPage(
  options: ConsoleFrame & {
    keys: readonly ApiKey[];
    /** Member id → e-mail, for the "created by" column. */
    emails: ReadonlyMap<string, string>;
    created?: CreatedApiKey;
    form?: KeyFormValues;
  },
): SafeHtml {
  const { session, created } = options;
  return consolePage({
    ...options,
    title: 'API keys',
    section: 'keys',
    content: html`${
        created
          ? html`<section aria-labelledby="created-heading" class="panel">
              <h2 id="created-heading">Key ${created.name ?? created.prefix} created</h2>
              ${newKeySecret(created.key, { copyButton: false })}
            </section>`
          : ''
      }
      <h2 id="keys-heading">Keys of ${session.accountName}</h2>
      ${accountKeys(options.keys, options.emails)}
      <section aria-labelledby="create-key-heading" class="panel">
        <h2 id="create-key-heading">Create a key</h2>
        <form method="post" action="/console/keys" class="stacked" id="create-key-form">
          ${csrfInput(session)} ${keyFormFields(options.form ?? {})}
          <button type="submit">Create key</button>
        </form>
      </section>`,
  });
}

export function revokeKeyPage(
  options: ConsoleFrame & {
    key: ApiKey;
  },
): SafeHtml {
  const { session, key } = options;
  return consolePage({
    ...options,
    title: 'Revoke API key',
    section: 'keys',
    content: revokeKeyForm(key, { revokeBase: '/console/keys', csrfToken: session.csrfToken }),
  });
}
