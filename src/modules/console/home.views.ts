import { html, type SafeHtml } from '../../lib/html.js';
import type { Membership } from '../members/members.service.js';
import type { MemberSession } from '../members/member-sessions.service.js';
import { barList, dayBarChart, type BarItem } from '../web-pages/charts.views.js';
import { dataTable } from '../web-pages/form-parts.views.js';
import { formatTime, type Flash } from '../web-pages/page-document.views.js';
import { HOME_DAYS, type HomeFigures } from './console-home.service.js';
import { consolePage } from './console-layout.views.js';
import { text } from './text/index.js';

const words = text.home;

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));

function roleLinks(session: MemberSession): SafeHtml {
  const links: (readonly [string, readonly [string, string]])[] = [
    ...(session.role === 'owner'
      ? ([
          ['/console/members', words.links.members],
          ['/console/keys', words.links.keys],
          ['/console/audit', words.links.audit],
        ] as const)
      : []),
    ['/console/account', words.links.account],
  ];
  return html`<ul>
    ${links.map(([href, [label, what]]) => html`<li><a href="${href}">${label}</a>: ${what}</li>`)}
  </ul>`;
}

/** Where a total links: the planet's list when the account's assets are all on one planet, else the table. */
function totalHref(figures: HomeFigures, query: string): string {
  const only = figures.planets.length === 1 ? figures.planets[0]!.planet : undefined;
  return only ? `/console/assets/${only}?${query}` : '#by-planet';
}

function counts(figures: HomeFigures): SafeHtml {
  const sum = (status: string) =>
    figures.planets.reduce((total, planet) => total + (planet.byCertificateStatus[status] ?? 0), 0);
  const openAlerts = figures.planets.reduce((total, planet) => total + planet.openAlerts, 0);
  const cards: { id: string; href: string; value: number; label: string }[] = [
    {
      id: 'pending',
      href: totalHref(figures, 'certificate_status=pending'),
      value: sum('pending'),
      label: words.counts.pending,
    },
    {
      id: 'issued',
      href: totalHref(figures, 'certificate_status=issued'),
      value: sum('issued'),
      label: words.counts.issued,
    },
    { id: 'open-alerts', href: '#open-alerts', value: openAlerts, label: words.counts.openAlerts },
    {
      id: 'offers-waiting',
      href: '/console/transfers',
      value: figures.offersWaiting,
      label: words.counts.offersWaiting,
    },
    {
      id: 'webhook-failures',
      href: '/console/developers/webhooks',
      value: figures.deliveries.failed,
      label: words.counts.webhookFailures(HOME_DAYS),
    },
  ];
  return html`<ul class="stats">
    ${cards.map(
      (card) =>
        html`<li>
          <a href="${card.href}" data-count="${card.id}"
            ><span class="stat-value">${card.value}</span> ${card.label}</a
          >
        </li>`,
    )}
  </ul>`;
}

function byPlanet(figures: HomeFigures): SafeHtml {
  if (figures.planets.length === 0) return html`<p class="empty">${words.noAssets}</p>`;
  const list = (planet: string, status: string) => `/console/assets/${planet}?certificate_status=${status}`;
  return html`<h2 id="by-planet">${words.byPlanetHeading}</h2>
    ${dataTable({
      caption: words.byPlanetCaption,
      responsive: true,
      columns: [words.planetColumn, words.pendingColumn, words.issuedColumn, words.alertsColumn],
      rows: figures.planets.map(
        (planet) =>
          html`<tr>
            <td data-label="${words.planetColumn}">
              <a href="/console/assets/${planet.planet}">${planet.planet}</a>
            </td>
            <td data-label="${words.pendingColumn}" class="number">
              <a href="${list(planet.planet, 'pending')}">${planet.byCertificateStatus.pending ?? 0}</a>
            </td>
            <td data-label="${words.issuedColumn}" class="number">
              <a href="${list(planet.planet, 'issued')}">${planet.byCertificateStatus.issued ?? 0}</a>
            </td>
            <td data-label="${words.alertsColumn}" class="number">${planet.openAlerts}</td>
          </tr>`,
      ),
    })}`;
}

function openAlerts(figures: HomeFigures): SafeHtml {
  const total = figures.planets.reduce((sum, planet) => sum + planet.openAlerts, 0);
  const columns = words.alertColumns;
  return html`<h2 id="open-alerts">${words.openAlertsHeading}</h2>
    ${
      figures.openAlerts.length === 0
        ? html`<p class="empty">${words.noOpenAlerts}</p>`
        : html`${
            total > figures.openAlerts.length
              ? html`<p>${words.openAlertsShown(figures.openAlerts.length, total)}</p>`
              : ''
          }
          ${dataTable({
            labelledBy: 'open-alerts',
            responsive: true,
            columns: [columns.asset, columns.number, columns.kind, columns.since],
            rows: figures.openAlerts.map(
              (alert) =>
                html`<tr>
                  <td data-label="${columns.asset}">
                    <a href="/console/assets/${alert.planet}/${alert.id}">${alert.title}</a>
                  </td>
                  <td data-label="${columns.number}"><code>${alert.certificateNumber}</code></td>
                  <td data-label="${columns.kind}">${alert.kind}</td>
                  <td data-label="${columns.since}">${formatTime(alert.since)}</td>
                </tr>`,
            ),
          })}`
    }`;
}

function dayChart(
  id: string,
  chart: typeof words.created | typeof words.verified,
  series: HomeFigures['createdPerDay'],
): SafeHtml {
  const total = series.reduce((sum, point) => sum + point.count, 0);
  const peak = series.reduce<(typeof series)[number] | undefined>(
    (best, point) => (point.count > 0 && (!best || point.count > best.count) ? point : best),
    undefined,
  );
  return html`<section aria-labelledby="${id}-heading">
    <h3 id="${id}-heading">${chart.title}</h3>
    <p class="chart-summary">${words.daySummary(total, peak)}</p>
    ${dayBarChart(
      id,
      {
        title: chart.title,
        description: chart.description(HOME_DAYS),
        tableSummary: words.table,
        caption: chart.caption,
        labelHeader: words.dayColumn,
        valueHeader: chart.valueHeader,
      },
      series,
    )}
  </section>`;
}

function outcomesChart(figures: HomeFigures): SafeHtml {
  const chart = words.outcomes;
  const outcomes = figures.verifications.byOutcome;
  const total = outcomes.reduce((sum, outcome) => sum + outcome.count, 0);
  const items: BarItem[] = outcomes.map((outcome) => ({
    label: chart.names[outcome.outcome] ?? outcome.outcome,
    value: outcome.count,
    valueText: words.share(outcome.count, percent(outcome.count, total)),
    hatched: outcome.outcome !== 'verified',
  }));
  return html`<section aria-labelledby="outcomes-heading">
    <h3 id="outcomes-heading">${chart.title}</h3>
    ${
      total === 0
        ? html`<p class="empty">${chart.none}</p>`
        : barList(
            'chart-outcomes',
            {
              title: chart.title,
              description: chart.description,
              tableSummary: words.table,
              caption: chart.caption,
              labelHeader: chart.labelHeader,
              valueHeader: chart.valueHeader,
            },
            items,
          )
    }
  </section>`;
}

function deliveriesChart(figures: HomeFigures): SafeHtml {
  const chart = words.deliveries;
  const { succeeded, failed, pending } = figures.deliveries;
  const total = succeeded + failed + pending;
  const finished = succeeded + failed;
  const share = (count: number) => words.share(count, percent(count, total));
  return html`<section aria-labelledby="deliveries-heading">
    <h3 id="deliveries-heading">${chart.title}</h3>
    ${
      total === 0
        ? html`<p class="empty">${chart.none}</p>`
        : html`<p class="chart-summary">
              ${finished === 0 ? chart.noneFinished : chart.rate(percent(succeeded, finished), finished)}
            </p>
            ${barList(
              'chart-deliveries',
              {
                title: chart.title,
                description: chart.description,
                tableSummary: words.table,
                caption: chart.caption,
                labelHeader: chart.labelHeader,
                valueHeader: chart.valueHeader,
              },
              [
                { label: chart.succeeded, value: succeeded, valueText: share(succeeded) },
                { label: chart.failed, value: failed, valueText: share(failed), hatched: true },
                { label: chart.pending, value: pending, valueText: share(pending) },
              ],
            )}`
    }
  </section>`;
}

/** The console's home: your role and what it reaches, the account's counts (each a link to its list), and charts. */
export function homePage(options: {
  session: MemberSession;
  memberships: readonly Membership[];
  figures: HomeFigures;
  flash?: Flash;
}): SafeHtml {
  const { session, figures } = options;
  return consolePage({
    title: session.accountName,
    section: 'home',
    session,
    memberships: options.memberships,
    flash: options.flash,
    content: html`<p>
        ${words.youAre} <strong>${session.role}</strong> ${words.of} ${session.accountName}:
        ${words.reachIntro} ${words.reach[session.role]}.
      </p>
      ${roleLinks(session)}
      <h2 id="glance-heading">${words.glanceHeading}</h2>
      ${counts(figures)} ${byPlanet(figures)} ${openAlerts(figures)}
      <h2 id="charts-heading">${words.chartsHeading(HOME_DAYS)}</h2>
      <p class="hint">${words.chartsIntro}</p>
      <div class="charts">
        ${dayChart('chart-created', words.created, figures.createdPerDay)}
        ${dayChart('chart-verified', words.verified, figures.verifications.perDay)} ${outcomesChart(figures)}
        ${deliveriesChart(figures)}
      </div>`,
  });
}
