import { html, type SafeHtml } from '../../../lib/html.js';
import { planetIds, type PlanetId } from '../../../planets/planets.js';
import { assetStatuses, certificateStatuses } from '../../assets/asset-states.js';
import type { AssetGlance } from '../../assets/asset-glances.service.js';
import type { AssetRecordType } from '../../assets/assets.schemas.js';
import type { Membership } from '../../members/members.service.js';
import type { MemberSession } from '../../members/member-sessions.service.js';
import { roleReaches } from '../../members/member-roles.js';
import { titleAtGlance } from '../../web-pages/asset-glance.views.js';
import { certificateStatusBadge } from '../../web-pages/asset-parts.views.js';
import { categoryName } from '../../web-pages/category-name.js';
import { text as pageText } from '../../web-pages/text/index.js';
import { dataTable, filterForm, inputField, valueFilter } from '../../web-pages/form-parts.views.js';
import { formatTime, type Flash } from '../../web-pages/page-document.views.js';
import type { ServiceBrand } from '../../../lib/service-brand.js';
import { consolePage } from '../shell/console-layout.views.js';
import { text } from '../text/index.js';

const words = text.assets;

/** Where an asset's console page lives: the one place that spells the URL. */
export function consoleAssetPath(asset: { planet: string; id: string }): string {
  return `/console/assets/${encodeURIComponent(asset.planet)}/${encodeURIComponent(asset.id)}`;
}

/** Where a console list finds a medium's thumbnail (asset-list-page.routes.ts). */
export const consoleThumbnailPath = (mediaId: string) => `/console/thumbnails/${encodeURIComponent(mediaId)}`;

export interface PageBase {
  session: MemberSession;
  memberships: readonly Membership[];
  service: ServiceBrand;
  flash?: Flash;
}

export const canEdit = (session: MemberSession) => roleReaches(session.role, 'editor');

/** An asset's status as the pages name it ("draft", "archived"), in the reader's language. */
export const assetStatusName = (status: string) => pageText.values.assetStatuses[status] ?? status;

/** An open alert's kind as the pages name it ("Stolen", "Lost"). */
export const alertKindName = (kind: string) =>
  kind === 'stolen' ? pageText.alerts.stolen : kind === 'lost' ? pageText.alerts.lost : kind;

function planetNav(current: PlanetId): SafeHtml {
  return html`<nav aria-label="${words.planetsLabel}" class="tabs">
    <ul>
      ${planetIds.map(
        (planet) =>
          html`<li>
            <a href="/console/assets/${planet}" ${planet === current ? html` aria-current="page"` : ''}
              >${categoryName(planet)}</a
            >
          </li>`,
      )}
    </ul>
  </nav>`;
}

/** The list's spreadsheet with the filters shown: every page of it, not only this one (docs/inventory.md). */
function exportHref(planet: PlanetId, filters: AssetListFilters, format: 'csv' | 'xlsx'): string {
  return `/console/assets/${planet}/export?${new URLSearchParams({ ...filters, format }).toString()}`;
}

/** The filters as the page was asked for them (the form shows them again, the next-page link carries them). */
export interface AssetListFilters {
  status?: string;
  certificate_status?: string;
  created_after?: string;
  created_before?: string;
  q?: string;
}

export function assetListPage(
  options: PageBase & {
    planet: PlanetId;
    filters: AssetListFilters;
    assets: readonly AssetRecordType[];
    /** Each asset's thumbnail and byline, by its id. */
    glances: ReadonlyMap<string, AssetGlance>;
    nextHref: string | null;
    firstHref: string | null;
  },
): SafeHtml {
  const { planet, filters, session } = options;
  const columns = words.columns;
  return consolePage({
    title: categoryName(planet),
    section: 'assets',
    session,
    memberships: options.memberships,
    service: options.service,
    flash: options.flash,
    content: html`${planetNav(planet)}
      ${
        canEdit(session)
          ? html`<p class="actions">
              <a class="button-link" href="/console/assets/${planet}/new">${words.register}</a>
              <a href="/console/assets/${planet}/import">${text.imports.link}</a>
            </p>`
          : ''
      }
      ${filterForm({
        action: `/console/assets/${planet}`,
        label: words.filtersLabel,
        submit: words.filter,
        fields: [
          valueFilter(words.status, 'status', {
            values: assetStatuses,
            selected: filters.status,
            empty: words.anyStatus,
            names: pageText.values.assetStatuses,
          }),
          valueFilter(words.certificateStatus, 'certificate_status', {
            values: certificateStatuses,
            selected: filters.certificate_status,
            empty: words.anyCertificateStatus,
            names: pageText.values.certificateStatuses,
          }),
          inputField(words.createdAfter, {
            id: 'filter-created_after',
            name: 'created_after',
            type: 'date',
            value: filters.created_after ?? '',
          }),
          inputField(words.createdBefore, {
            id: 'filter-created_before',
            name: 'created_before',
            type: 'date',
            value: filters.created_before ?? '',
          }),
          inputField(words.search, { id: 'filter-q', name: 'q', maxlength: 200, value: filters.q ?? '' }),
        ],
      })}
      ${
        options.assets.length === 0
          ? html`<p class="empty">${words.empty}</p>`
          : dataTable({
              caption: words.listCaption(categoryName(planet)),
              responsive: true,
              columns: [
                columns.title,
                columns.number,
                columns.inventoryNumber,
                columns.certificate,
                columns.status,
                columns.created,
              ],
              rows: options.assets.map(
                (asset) =>
                  html`<tr>
                    <td data-label="${columns.title}">
                      ${titleAtGlance({
                        title: html`<a href="${consoleAssetPath(asset)}">${asset.title}</a>`,
                        glance: options.glances.get(asset.id),
                        thumbnailHref: consoleThumbnailPath,
                      })}
                    </td>
                    <td data-label="${columns.number}"><code>${asset.certificate_number}</code></td>
                    <td data-label="${columns.inventoryNumber}">${asset.inventory_number ?? ''}</td>
                    <td data-label="${columns.certificate}">
                      ${certificateStatusBadge(asset.certificate_status, asset.alert)}
                    </td>
                    <td data-label="${columns.status}">
                      <span
                        >${assetStatusName(asset.status)}${
                          asset.alert ? html` · <strong>${alertKindName(asset.alert.kind)}</strong>` : ''
                        }</span
                      >
                    </td>
                    <td data-label="${columns.created}">${formatTime(asset.created_at)}</td>
                  </tr>`,
              ),
            })
      }
      ${
        options.assets.length === 0
          ? ''
          : html`<p class="downloads">
              ${words.download}
              <a href="${exportHref(planet, filters, 'csv')}" download>${words.downloadCsv}</a>
              <a href="${exportHref(planet, filters, 'xlsx')}" download>${words.downloadXlsx}</a>
            </p>`
      }
      <p class="pager">
        ${options.firstHref ? html`<a href="${options.firstHref}">${words.firstPage}</a>` : ''}
        ${options.nextHref ? html`<a href="${options.nextHref}" rel="next">${words.nextPage}</a>` : ''}
      </p>`,
  });
}

/** A page under a planet's list: the way back to it above the content. */
export function underList(options: PageBase, planet: string, title: string, content: SafeHtml): SafeHtml {
  return consolePage({
    title,
    section: 'assets',
    session: options.session,
    memberships: options.memberships,
    service: options.service,
    flash: options.flash,
    content: html`<p class="breadcrumb">
        <a href="/console/assets/${planet}">← ${categoryName(planet)}</a>
      </p>
      ${content}`,
  });
}
