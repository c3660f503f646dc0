import { html, type SafeHtml } from '../../../lib/html.js';
import type { MemberSession } from '../../members/member-sessions.service.js';
import { titleAtGlance } from '../../web-pages/asset-glance.views.js';
import { barList, dayBarChart, type BarItem, type ChartText } from '../../web-pages/charts.views.js';
import { labelledTable } from '../../web-pages/form-parts.views.js';
import { categoryName } from '../../web-pages/category-name.js';
import { formatTime } from '../../web-pages/page-document.views.js';
import { alertKindName, consoleThumbnailPath } from '../assets/asset-list-page.views.js';
import { HOME_DAYS, type HomeFigures } from './console-home.service.js';
import { type ConsoleFrame, consolePage } from '../shell/console-layout.views.js';
import { text } from '../text/index.js';

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
  // A count links to the planet's list filtered by that status.
  const list = (counts: HomeFigures['planets'][number], status: string) =>
    html`<a href="/console/assets/${counts.planet}?certificate_status=${status}"
      >${counts.byCertificateStatus[status] ?? 0}</a
    >`;
  return html`<h2 id="by-planet">${words.byPlanetHeading}</h2>
    ${labelledTable({
      caption: words.byPlanetCaption,
      columns: [words.planetColumn, words.pendingColumn, words.issuedColumn, words.alertsColumn],
      rows: figures.planets.map((planet) => ({
        cells: [
          html`<a href="/console/assets/${planet.planet}">${categoryName(planet.planet)}</a>`,
          { number: list(planet, 'pending') },
          { number: list(planet, 'issued') },
          { number: planet.openAlerts },
        ],
      })),
    })}`;
}

function openAlerts(figures: HomeFigures): SafeHtml {
  const total = figures.planets.reduce((sum, planet) => sum + planet.openAlerts, 0);
  const columns = words.alertColumns;
  if (figures.openAlerts.length === 0) {
    return html`<h2 id="open-alerts">${words.openAlertsHeading}</h2>
      <p class="empty">${words.noOpenAlerts}</p>`;
  }
  return html`<h2 id="open-alerts">${words.openAlertsHeading}</h2>
    ${
      total > figures.openAlerts.length
        ? html`<p>${words.openAlertsShown(figures.openAlerts.length, total)}</p>`
        : ''
    }
    ${labelledTable({
      labelledBy: 'open-alerts',
      columns: [columns.asset, columns.number, columns.kind, columns.since],
      rows: figures.openAlerts.map((alert) => ({
        cells: [
          titleAtGlance({
            title: html`<a href="/console/assets/${alert.planet}/${alert.id}">${alert.title}</a>`,
            glance: figures.openAlertGlances.get(alert.id),
            thumbnailHref: consoleThumbnailPath,
          }),
          html`<code>${alert.certificateNumber}</code>`,
          alertKindName(alert.kind),
          formatTime(alert.since),
        ],
      })),
    })}`;
}

/** A chart under its heading, in a section the heading names. */
function chartSection(id: string, title: string, body: SafeHtml): SafeHtml {
  return html`<section aria-labelledby="${id}-heading">
    <h3 id="${id}-heading">${title}</h3>
    ${body}
  </section>`;
}

function dayChart(id: string, chart: ChartText, series: HomeFigures['createdPerDay']): SafeHtml {
  const total = series.reduce((sum, point) => sum + point.count, 0);
  const peak = series.reduce<(typeof series)[number] | undefined>(
    (best, point) => (point.count > 0 && (!best || point.count > best.count) ? point : best),
    undefined,
  );
  return chartSection(
    id,
    chart.title,
    html`<p class="chart-summary">
        ${peak ? words.daySummary(total, peak.day, peak.count) : words.dayTotal(total)}
      </p>
      ${dayBarChart(id, chart, series)}`,
  );
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
  return chartSection(
    'chart-outcomes',
    chart.title,
    total === 0 ? html`<p class="empty">${chart.none}</p>` : barList('chart-outcomes', chart, items),
  );
}

function deliveriesChart(figures: HomeFigures): SafeHtml {
  const chart = words.deliveries;
  const { succeeded, failed, pending } = figures.deliveries;
  const total = succeeded + failed + pending;
  const finished = succeeded + failed;
  const share = (count: number) => words.share(count, percent(count, total));
  return chartSection(
    'chart-deliveries',
    chart.title,
    total === 0
      ? html`<p class="empty">${chart.none}</p>`
      : html`<p class="chart-summary">
            ${finished === 0 ? chart.noneFinished : chart.rate(percent(succeeded, finished), finished)}
          </p>
          ${barList('chart-deliveries', chart, [
            { label: chart.succeeded, value: succeeded, valueText: share(succeeded) },
            { label: chart.failed, value: failed, valueText: share(failed), hatched: true },
            { label: chart.pending, value: pending, valueText: share(pending) },
          ])}`,
  );
}

/** The console's home: your role and what it reaches, the account's counts (each a link to its list), and charts. */
export function homePage(options: ConsoleFrame & { figures: HomeFigures }): SafeHtml {
  const { session, figures } = options;
  return consolePage({
    ...options,
    title: session.accountName,
    section: 'home',
    content: html`<p>
        ${words.role((role) => html`<strong>${role}</strong>`, session.role, session.accountName)}
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
