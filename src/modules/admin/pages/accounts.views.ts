import type { AccountSummary } from '../../accounts/accounts.service.js';
import { adminPage, csrfInput } from './admin-layout.views.js';
import { formatTime, type Flash } from '../../web-pages/page-document.views.js';
import { dataTable, inputField } from '../../web-pages/form-parts.views.js';
import type { AdminSession } from '../auth/admin-sessions.service.js';
import { html, type SafeHtml } from '../../../lib/html.js';
import { adminText } from '../text/index.js';

function accountsTable(accounts: AccountSummary[]): SafeHtml {
  const words = adminText.accounts;
  if (accounts.length === 0) return html`<p class="empty">${words.none}</p>`;
  const columns = words.columns;
  return dataTable({
    caption: words.caption,
    responsive: true,
    columns: [columns.name, columns.id, columns.keys, columns.assets, columns.created],
    rows: accounts.map(
      (account) =>
        html`<tr>
          <td data-label="${columns.name}"><a href="/admin/accounts/${account.id}">${account.name}</a></td>
          <td data-label="${columns.id}"><code>${account.id}</code></td>
          <td data-label="${columns.keys}" class="number">${account.key_count}</td>
          <td data-label="${columns.assets}" class="number">${account.asset_count}</td>
          <td data-label="${columns.created}">${formatTime(account.created_at)}</td>
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
  const words = adminText.accounts;
  return adminPage({
    ...options,
    title: words.title,
    section: 'accounts',
    content: html`${accountsTable(options.accounts)}
      <section aria-labelledby="create-account-heading" class="panel">
        <h2 id="create-account-heading">${words.create}</h2>
        <form method="post" action="/admin/accounts" class="stacked">
          ${csrfInput(options.session)}
          ${inputField(words.name, {
            id: 'account-name',
            name: 'name',
            required: true,
            maxlength: 200,
            value: options.name ?? '',
          })}
          <button type="submit">${words.submit}</button>
        </form>
      </section>`,
  });
}
