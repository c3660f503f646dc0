import { planetIds } from '../../../planets/planets.js';
import { certificateStatuses } from '../../assets/asset-states.js';
import { adminPage } from './admin-layout.views.js';
import type { AdminSession } from '../auth/admin-sessions.service.js';
import { html, type SafeHtml } from '../../../lib/html.js';
import { dataTable } from '../../web-pages/form-parts.views.js';
import { text as pageText } from '../../web-pages/text/index.js';
import { adminText } from '../text/index.js';

const stat = (figure: SafeHtml) => html`<span class="stat-value">${figure}</span>`;

export function dashboardPage(options: {
  session: AdminSession;
  accountCount: number;
  activeKeyCount: number;
  certificateCounts: Map<string, number>;
}): SafeHtml {
  const words = adminText.dashboard;
  const { categories, certificateStatuses: statusNames } = pageText.values;
  const count = (planet: string, status: string) => options.certificateCounts.get(`${planet}:${status}`) ?? 0;
  const pending = planetIds.reduce((sum, planet) => sum + count(planet, 'pending'), 0);
  return adminPage({
    title: words.title,
    section: 'dashboard',
    session: options.session,
    content: html`<ul class="stats">
        <li>
          <a href="/admin/certificates">${words.awaitingReview(stat, pending)}</a>
        </li>
        <li>
          <a href="/admin/accounts">${words.accounts(stat, options.accountCount)}</a>
        </li>
        <li>
          <a href="/admin/api-keys?status=active">${words.activeKeys(stat, options.activeKeyCount)}</a>
        </li>
      </ul>
      <h2>${words.byCategory}</h2>
      ${dataTable({
        caption: words.byCategoryCaption,
        responsive: true,
        columns: [words.category, ...certificateStatuses.map((status) => statusNames[status] ?? status)],
        numberColumns: certificateStatuses.map((_status, index) => index + 1),
        rows: planetIds.map(
          (planet) =>
            html`<tr>
              <th scope="row" data-label="${words.category}">${categories[planet] ?? planet}</th>
              ${certificateStatuses.map(
                (status) =>
                  html`<td data-label="${statusNames[status]}" class="number">
                    <a href="/admin/certificates?status=${status}&amp;planet=${planet}"
                      >${count(planet, status)}</a
                    >
                  </td>`,
              )}
            </tr>`,
        ),
      })}`,
  });
}
