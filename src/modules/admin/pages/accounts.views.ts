import type { AccountSummary } from '../../accounts/accounts.service.js';
import { adminPage, csrfInput } from './admin-layout.views.js';
import { formatTime, type Flash } from '../../web-pages/page-document.views.js';
import { dataTable, inputField } from '../../web-pages/form-parts.views.js';
import type { AdminSession } from '../auth/admin-sessions.service.js';
import { html, type SafeHtml } from '../../../lib/html.js';

function accountsTable(accounts: AccountSummary[]): SafeHtml {
  if (accounts.length === 0) return html`<p class="empty">No accounts yet.</p>`;
  return dataTable({
    caption: 'Accounts',
    responsive: true,
    columns: ['Name', 'ID', 'Keys', 'Assets', 'Created'],
    rows: accounts.map(
      (account) =>
        html`<tr>
          <td data-label="Name"><a href="/admin/accounts/${account.id}">${account.name}</a></td>
          <td data-label="ID"><code>${account.id}</code></td>
          <td data-label="Keys" class="number">${account.key_count}</td>
          <td data-label="Assets" class="number">${account.asset_count}</td>
          <td data-label="Created">${formatTime(account.created_at)}</td>
        </tr>`,
    ),
  });
}

export function accountsPage(options: {
  session: AdminSession;
  accounts: AccountSummary[];
  name?: string;
  flash?: Flash;
}): SafeHtml {
  return adminPage({
    ...options,
    title: 'Accounts',
    section: 'accounts',
    content: html`${accountsTable(options.accounts)}
      <section aria-labelledby="create-account-heading" class="panel">
        <h2 id="create-account-heading">Create an account</h2>
        <form method="post" action="/admin/accounts" class="stacked">
          ${csrfInput(options.session)}
          ${inputField('Name', {
            id: 'account-name',
            name: 'name',
            required: true,
            maxlength: 200,
            value: options.name ?? '',
          })}
          <button type="submit">Create account</button>
        </form>
      </section>`,
  });
}
