import type { AccountSummary } from '../../accounts/accounts.service.js';
import { adminPage, csrfInput, formatTime, type Flash } from './admin-layout.views.js';
import type { AdminSession } from '../auth/admin-sessions.service.js';
import { html, type SafeHtml } from '../../../lib/html.js';

function accountsTable(accounts: AccountSummary[]): SafeHtml {
  if (accounts.length === 0) return html`<p class="empty">No accounts yet.</p>`;
  return html`<div class="table-wrap">
    <table class="responsive">
      <caption class="visually-hidden">
        Accounts
      </caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">ID</th>
          <th scope="col">Keys</th>
          <th scope="col">Assets</th>
          <th scope="col">Created</th>
        </tr>
      </thead>
      <tbody>
        ${accounts.map(
          (account) =>
            html`<tr>
              <td data-label="Name"><a href="/admin/api-keys?account=${account.id}">${account.name}</a></td>
              <td data-label="ID"><code>${account.id}</code></td>
              <td data-label="Keys" class="number">${account.key_count}</td>
              <td data-label="Assets" class="number">${account.asset_count}</td>
              <td data-label="Created">${formatTime(account.created_at)}</td>
            </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}

export function accountsPage(options: {
  session: AdminSession;
  accounts: AccountSummary[];
  name?: string;
  flash?: Flash;
}): SafeHtml {
  return adminPage({
    title: 'Accounts',
    section: 'accounts',
    session: options.session,
    flash: options.flash,
    content: html`${accountsTable(options.accounts)}
      <section aria-labelledby="create-account-heading" class="panel">
        <h2 id="create-account-heading">Create an account</h2>
        <form method="post" action="/admin/accounts" class="stacked">
          ${csrfInput(options.session)}
          <div class="field">
            <label for="account-name">Name</label>
            <input id="account-name" name="name" required maxlength="200" value="${options.name ?? ''}" />
          </div>
          <button type="submit">Create account</button>
        </form>
      </section>`,
  });
}
