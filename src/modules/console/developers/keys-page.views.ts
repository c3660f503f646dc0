import { html, type SafeHtml } from '../../../lib/html.js';
import type { ApiKey, CreatedApiKey } from '../../keys/keys.service.js';
import type { KeyFormValues } from '../../web-pages/key-form.js';
import { keyFormFields, keysTable, newKeySecret, revokeKeyForm } from '../../web-pages/key-form.views.js';
import { type ConsoleFrame, consolePage, csrfInput } from '../shell/console-layout.views.js';
import { text } from '../text/index.js';

// Read on each use: the text answers in the language of the request being drawn.
const words = () => text.apiKeys;

/** Who made a key, as the page shows it: a member's e-mail, or the operator. */
function madeBy(key: ApiKey, emails: ReadonlyMap<string, string>): string {
  if (key.created_by_member_id === null) return words().byOperator;
  return emails.get(key.created_by_member_id) ?? words().byFormerMember;
}

function accountKeys(keys: readonly ApiKey[], emails: ReadonlyMap<string, string>): SafeHtml {
  if (keys.length === 0) return html`<p class="empty">${words().empty}</p>`;
  return keysTable(keys, {
    table: { labelledBy: 'keys-heading' },
    revokeBase: '/console/keys',
    extra: { label: words().createdBy, cell: (key) => madeBy(key, emails) },
  });
}

/** A page of the API keys section (owners): its title and content in the console's frame. */
function keysSectionPage(frame: ConsoleFrame, title: string, content: SafeHtml): SafeHtml {
  return consolePage({ ...frame, title, section: 'keys', content });
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
  return keysSectionPage(
    options,
    words().title,
    html`${
        created
          ? html`<section aria-labelledby="created-heading" class="panel">
              <h2 id="created-heading">${words().createdHeading(created.name ?? created.prefix)}</h2>
              ${newKeySecret(created.key, { copyButton: false })}
            </section>`
          : ''
      }
      <h2 id="keys-heading">${words().keysOf(session.accountName)}</h2>
      ${accountKeys(options.keys, options.emails)}
      <section aria-labelledby="create-key-heading" class="panel">
        <h2 id="create-key-heading">${words().createHeading}</h2>
        <form method="post" action="/console/keys" class="stacked" id="create-key-form">
          ${csrfInput(session)} ${keyFormFields(options.form ?? {})}
          <button type="submit">${words().createButton}</button>
        </form>
      </section>`,
  );
}

export function revokeKeyPage(
  options: ConsoleFrame & {
    key: ApiKey;
  },
): SafeHtml {
  const { session, key } = options;
  return keysSectionPage(
    options,
    words().revokeTitle,
    revokeKeyForm(key, { revokeBase: '/console/keys', csrfToken: session.csrfToken }),
  );
}
