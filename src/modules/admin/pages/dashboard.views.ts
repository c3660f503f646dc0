import { planetIds } from '../../../planets/planets.js';
import { certificateStatuses } from '../../assets/asset-states.js';
import { adminPage } from './admin-layout.views.js';
import type { AdminSession } from '../auth/admin-sessions.service.js';
import { html, type SafeHtml } from '../../../lib/html.js';

export function dashboardPage(options: {
  session: AdminSession;
  accountCount: number;
  activeKeyCount: number;
  certificateCounts: Map<string, number>;
}): SafeHtml {
  const count = (planet: string, status: string) => options.certificateCounts.get(`${planet}:${status}`) ?? 0;
  const pending = planetIds.reduce((sum, planet) => sum + count(planet, 'pending'), 0);
  return adminPage({
    title: 'Dashboard',
    section: 'dashboard',
    session: options.session,
    content: html`<ul class="stats">
        <li>
          <a href="/admin/certificates"
            ><span class="stat-value">${pending}</span> certificates awaiting review</a
          >
        </li>
        <li>
          <a href="/admin/accounts"><span class="stat-value">${options.accountCount}</span> accounts</a>
        </li>
        <li>
          <a href="/admin/api-keys?status=active"
            ><span class="stat-value">${options.activeKeyCount}</span> active API keys</a
          >
        </li>
      </ul>
      <h2>Certificates by planet</h2>
      <div class="table-wrap">
        <table class="responsive">
          <caption class="visually-hidden">
            Certificates by planet and status
          </caption>
          <thead>
            <tr>
              <th scope="col">Planet</th>
              ${certificateStatuses.map((status) => html`<th scope="col" class="number">${status}</th>`)}
            </tr>
          </thead>
          <tbody>
            ${planetIds.map(
              (planet) =>
                html`<tr>
                  <th scope="row" data-label="Planet">${planet}</th>
                  ${certificateStatuses.map(
                    (status) =>
                      html`<td data-label="${status}" class="number">
                        <a href="/admin/certificates?status=${status}&amp;planet=${planet}"
                          >${count(planet, status)}</a
                        >
                      </td>`,
                  )}
                </tr>`,
            )}
          </tbody>
        </table>
      </div>`,
  });
}
