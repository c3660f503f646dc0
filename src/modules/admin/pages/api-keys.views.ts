import type { KeyFormValues as CommonKeyFormValues } from '../../web-pages/key-form.js';
import {
  keyFormFields,
  keysTable,
  newKeySecret,
  revokeKeyForm,
  scopeText,
} from '../../web-pages/key-form.views.js';
import type { AccountSummary } from '../../accounts/accounts.service.js';
import type { ApiKey, CreatedApiKey } from '../../keys/keys.service.js';
import { adminListPage, adminPage, csrfInput } from './admin-layout.views.js';
import { formatTime, type Flash } from '../../web-pages/page-document.views.js';
import {
  detailsList,
  emptyOption,
  filterSelect,
  selectField,
  valueFilter,
} from '../../web-pages/form-parts.views.js';
import type { AdminSession } from '../auth/admin-sessions.service.js';
import { html, type SafeHtml } from '../../../lib/html.js';
import { adminText } from '../text/index.js';

export const KEY_STATUSES = ['active', 'revoked', 'expired'] as const;

export interface KeyFormValues extends CommonKeyFormValues {
  account_id?: string;
}

function accountName(accounts: AccountSummary[], id: string): string {
  return accounts.find((account) => account.id === id)?.name ?? id;
}

function keysList(keys: ApiKey[], accounts: AccountSummary[]): SafeHtml {
  const words = adminText.apiKeys;
  if (keys.length === 0) return html`<p class="empty">${words.none}</p>`;
  return keysTable(keys, {
    table: { caption: words.caption },
    revokeBase: '/admin/api-keys',
    extra: { label: words.account, cell: (key) => accountName(accounts, key.account_id) },
  });
}

function accountOptions(
  accounts: AccountSummary[],
  selected: string | undefined,
  placeholder: string,
): SafeHtml {
  return html`${emptyOption(placeholder)}
  ${accounts.map(
    (account) =>
      html`<option value="${account.id}" ${account.id === selected ? html` selected` : ''}>
        ${account.name}
      </option>`,
  )}`;
}

function createForm(session: AdminSession, accounts: AccountSummary[], values: KeyFormValues): SafeHtml {
  const words = adminText.apiKeys;
  if (accounts.length === 0) {
    return html`<p>${words.accountFirst((link) => html`<a href="/admin/accounts">${link}</a>`)}</p>`;
  }
  return html`<form method="post" action="/admin/api-keys" class="stacked" id="create-key-form">
    ${csrfInput(session)}
    ${selectField(
      words.account,
      { id: 'key-account', name: 'account_id', required: true },
      accountOptions(accounts, values.account_id, words.chooseAccount),
    )}
    ${keyFormFields(values)}
    <button type="submit">${words.submit}</button>
  </form>`;
}

export function apiKeysPage(options: {
  session: AdminSession;
  keys: ApiKey[];
  accounts: AccountSummary[];
  filter: { account?: string; status?: string };
  form?: KeyFormValues;
  flash?: Flash;
}): SafeHtml {
  const { filter } = options;
  const words = adminText.apiKeys;
  return adminListPage(
    {
      ...options,
      title: words.title,
      section: 'api-keys',
      content: html`${keysList(options.keys, options.accounts)}
        <section aria-labelledby="create-key-heading" class="panel">
          <h2 id="create-key-heading">${words.create}</h2>
          ${createForm(options.session, options.accounts, options.form ?? { account_id: filter.account })}
        </section>`,
    },
    {
      label: words.filters,
      fields: [
        filterSelect(
          words.account,
          'account',
          accountOptions(options.accounts, filter.account, words.allAccounts),
        ),
        valueFilter(words.status, 'status', {
          values: KEY_STATUSES,
          selected: filter.status,
          empty: words.anyStatus,
          names: words.statuses,
        }),
      ],
      submit: words.filter,
    },
  );
}

export function keyCreatedPage(session: AdminSession, key: CreatedApiKey, account: string): SafeHtml {
  const words = adminText.apiKeys;
  return adminPage({
    title: words.createdTitle,
    section: 'api-keys',
    session,
    content: html`${newKeySecret(key.key, { copyButton: true })}
      ${detailsList([
        [words.prefix, html`<code>${key.prefix}…</code>`],
        [words.name, key.name ?? '—'],
        [words.account, account],
        [words.categories, scopeText(key.planet_scope)],
        [words.expires, formatTime(key.expires_at, words.neverExpires)],
      ])}
      <p><a href="/admin/api-keys">${words.back}</a></p>`,
  });
}

export function revokeKeyPage(session: AdminSession, key: ApiKey, account: string): SafeHtml {
  return adminPage({
    title: adminText.apiKeys.revokeTitle,
    section: 'api-keys',
    session,
    content: revokeKeyForm(key, {
      whose: account,
      revokeBase: '/admin/api-keys',
      csrfToken: session.csrfToken,
    }),
  });
}
