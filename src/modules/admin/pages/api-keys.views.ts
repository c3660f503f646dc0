import type { KeyFormValues as CommonKeyFormValues } from '../../web-pages/key-form.js';
import { keyFormFields, newKeySecret, scopeText } from '../../web-pages/key-form.views.js';
import type { AccountSummary } from '../../accounts/accounts.service.js';
import type { ApiKey, CreatedApiKey } from '../../keys/keys.service.js';
import { adminPage, csrfInput } from './admin-layout.views.js';
import { formatTime, type Flash } from '../../web-pages/page-document.views.js';
import {
  dataTable,
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

function keysTable(keys: ApiKey[], accounts: AccountSummary[]): SafeHtml {
  if (keys.length === 0) return html`<p class="empty">No API keys match.</p>`;
  return dataTable({
    caption: 'API keys',
    responsive: true,
    columns: [
      'Prefix',
      'Name',
      'Account',
      'Planet scope',
      'Created',
      'Last used',
      'Expires',
      'Status',
      html`<span class="visually-hidden">Actions</span>`,
    ],
    rows: keys.map(
      (key) =>
        html`<tr data-key-id="${key.id}">
          <td data-label="Prefix"><code>${key.prefix}…</code></td>
          <td data-label="Name">${key.name ?? '—'}</td>
          <td data-label="Account">${accountName(accounts, key.account_id)}</td>
          <td data-label="Planet scope">${scopeText(key.planet_scope)}</td>
          <td data-label="Created">${formatTime(key.created_at)}</td>
          <td data-label="Last used">${formatTime(key.last_used_at, 'never')}</td>
          <td data-label="Expires">${formatTime(key.expires_at, 'never')}</td>
          <td data-label="Status"><span class="badge badge-${key.status}">${key.status}</span></td>
          <td data-label="Actions">
            ${key.status === 'revoked' ? '' : html`<a class="button-link danger" href="/admin/api-keys/${key.id}/revoke">Revoke<span class="visually-hidden"> key ${key.prefix}</span></a>`}
          </td>
        </tr>`,
    ),
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
    title: 'API keys',
    section: 'api-keys',
    session: options.session,
    flash: options.flash,
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
      ${keysTable(options.keys, options.accounts)}
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
    content: html`<p>
        Revoke the key <code>${key.prefix}…</code>${key.name ? html` (${key.name})` : ''} of
        <strong>${account}</strong>?
      </p>
      <p>Every request made with it will be refused at once. This cannot be undone.</p>
      <form method="post" action="/admin/api-keys/${key.id}/revoke" class="inline-actions">
        ${csrfInput(session)}
        <button type="submit" class="danger">Revoke key</button>
        <a href="/admin/api-keys" class="button-link">Cancel</a>
      </form>`,
  });
}
