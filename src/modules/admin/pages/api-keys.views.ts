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
import { adminPage, csrfInput } from './admin-layout.views.js';
import { formatTime, type Flash } from '../../web-pages/page-document.views.js';
import {
  emptyOption,
  filterForm,
  filterSelect,
  selectField,
  valueOptions,
} from '../../web-pages/form-parts.views.js';
import type { AdminSession } from '../auth/admin-sessions.service.js';
import { html, type SafeHtml } from '../../../lib/html.js';

export const KEY_STATUSES = ['active', 'revoked', 'expired'] as const;

export interface KeyFormValues extends CommonKeyFormValues {
  account_id?: string;
}

function accountName(accounts: AccountSummary[], id: string): string {
  return accounts.find((account) => account.id === id)?.name ?? id;
}

function keysList(keys: ApiKey[], accounts: AccountSummary[]): SafeHtml {
  if (keys.length === 0) return html`<p class="empty">No API keys match.</p>`;
  return keysTable(keys, {
    table: { caption: 'API keys' },
    revokeBase: '/admin/api-keys',
    extra: { label: 'Account', cell: (key) => accountName(accounts, key.account_id) },
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
  if (accounts.length === 0) {
    return html`<p>Create an <a href="/admin/accounts">account</a> first: every key belongs to one.</p>`;
  }
  return html`<form method="post" action="/admin/api-keys" class="stacked" id="create-key-form">
    ${csrfInput(session)}
    ${selectField(
      'Account',
      { id: 'key-account', name: 'account_id', required: true },
      accountOptions(accounts, values.account_id, 'Choose an account'),
    )}
    ${keyFormFields(values)}
    <button type="submit">Create key</button>
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
  return adminPage({
    ...options,
    title: 'API keys',
    section: 'api-keys',
    content: html`${filterForm({
        action: '/admin/api-keys',
        label: 'Filter keys',
        fields: [
          filterSelect(
            'Account',
            'account',
            accountOptions(options.accounts, filter.account, 'All accounts'),
          ),
          filterSelect('Status', 'status', valueOptions(KEY_STATUSES, filter.status, 'Any status')),
        ],
        submit: 'Filter',
      })}
      ${keysList(options.keys, options.accounts)}
      <section aria-labelledby="create-key-heading" class="panel">
        <h2 id="create-key-heading">Create a key</h2>
        ${createForm(options.session, options.accounts, options.form ?? { account_id: filter.account })}
      </section>`,
  });
}

export function keyCreatedPage(session: AdminSession, key: CreatedApiKey, account: string): SafeHtml {
  return adminPage({
    title: 'API key created',
    section: 'api-keys',
    session,
    content: html`${newKeySecret(key.key, { copyButton: true })}
      <dl class="details">
        <dt>Prefix</dt>
        <dd><code>${key.prefix}…</code></dd>
        <dt>Name</dt>
        <dd>${key.name ?? '—'}</dd>
        <dt>Account</dt>
        <dd>${account}</dd>
        <dt>Planet scope</dt>
        <dd>${scopeText(key.planet_scope)}</dd>
        <dt>Expires</dt>
        <dd>${formatTime(key.expires_at, 'never')}</dd>
      </dl>
      <p><a href="/admin/api-keys">Back to API keys</a></p>`,
  });
}

export function revokeKeyPage(session: AdminSession, key: ApiKey, account: string): SafeHtml {
  return adminPage({
    title: 'Revoke API key',
    section: 'api-keys',
    session,
    content: revokeKeyForm(key, {
      whose: account,
      revokeBase: '/admin/api-keys',
      csrfToken: session.csrfToken,
    }),
  });
}
