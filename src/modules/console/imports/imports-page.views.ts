import { html, type SafeHtml } from '../../../lib/html.js';
import type { PlanetId } from '../../../planets/planets.js';
import { importLimits, importTypes } from '../../inventory/import-file.js';
import type { ImportRecordType } from '../../inventory/imports.schemas.js';
import type { ImportProblem } from '../../inventory/imports.service.js';
import { categoryName } from '../../web-pages/category-name.js';
import { dataTable, detailsList, labelledTable } from '../../web-pages/form-parts.views.js';
import { formatTime } from '../../web-pages/page-document.views.js';
import { planetFields } from '../assets/asset-form.js';
import { underList, type PageBase } from '../assets/asset-list-page.views.js';
import { csrfInput } from '../shell/console-layout.views.js';
import { text } from '../text/index.js';
import { uploadFormSection } from '../shell/upload-form.views.js';
import { importFieldLabel, importProblemSentence } from './import-problems.js';

const words = text.imports;
const MIB = 1024 * 1024;

/** Where the console spells an import's URLs: its page, its progress, its errors, its forms. */
export const importPaths = {
  upload: (planet: string) => `/console/assets/${encodeURIComponent(planet)}/import`,
  page: (id: string) => `/console/imports/${encodeURIComponent(id)}`,
  progress: (id: string) => `/console/imports/${encodeURIComponent(id)}/progress`,
  problems: (id: string) => `/console/imports/${encodeURIComponent(id)}/errors.csv`,
  start: (id: string) => `/console/imports/${encodeURIComponent(id)}/start`,
  cancel: (id: string) => `/console/imports/${encodeURIComponent(id)}/cancel`,
};

/** An import still has work: its page shows the progress and keeps up with it. */
export const importRunning = (record: ImportRecordType) =>
  record.state === 'validating' || record.state === 'importing';

/** How far a running import is: the rows done of the valid rows (a check counts no rows until it ends). */
export function importProgress(record: ImportRecordType): { value: number; max: number; said: string } {
  if (record.state === 'validating') return { value: 0, max: 0, said: words.checking(record.counts.rows) };
  const max = record.counts.valid;
  const value = Math.min(record.counts.processed, max);
  return { value, max, said: words.progressNumbers(value, max) };
}

function uploadForm(options: PageBase & { planet: PlanetId }): SafeHtml {
  return uploadFormSection({
    session: options.session,
    id: 'import-form',
    heading: words.formHeading,
    action: importPaths.upload(options.planet),
    fields: html`<label for="import-file">${words.fileLabel}</label>
      <p id="import-file-hint" class="hint">
        ${words.fileHint(Math.round(importLimits.fileBytes / MIB), importLimits.rows)}
      </p>
      <input
        id="import-file"
        name="file"
        type="file"
        accept=".csv,.xlsx,${importTypes.csv},${importTypes.xlsx}"
        required
        aria-describedby="import-file-hint"
      />`,
    submit: words.upload,
  });
}

function recentImports(imports: readonly ImportRecordType[]): SafeHtml {
  const columns = words.recentColumns;
  return html`<section aria-labelledby="recent-imports-heading">
    <h2 id="recent-imports-heading">${words.recentHeading}</h2>
    ${
      imports.length === 0
        ? html`<p class="empty">${words.noImports}</p>`
        : labelledTable({
            caption: words.recentCaption,
            columns: [columns.uploaded, columns.category, columns.state, columns.rows],
            rows: imports.map((record) => ({
              cells: [
                html`<a href="${importPaths.page(record.id)}">${formatTime(record.created_at)}</a>`,
                categoryName(record.planet),
                words.stateNames[record.state],
                { number: record.counts.rows },
              ],
            })),
          })
    }
  </section>`;
}

/** /console/assets/{planet}/import: the upload form, and the account's recent imports. */
export function importUploadPage(
  options: PageBase & { planet: PlanetId; imports: readonly ImportRecordType[] },
): SafeHtml {
  return underList(
    options,
    options.planet,
    words.title(categoryName(options.planet)),
    html`<p>${words.intro}</p>
      ${uploadForm(options)} ${recentImports(options.imports)}`,
  );
}

function progressSection(record: ImportRecordType): SafeHtml {
  const progress = importProgress(record);
  return html`<section
    class="import-progress"
    data-import-progress="${importPaths.progress(record.id)}"
    data-state="${record.state}"
  >
    <label for="import-progress-bar">${words.progressLabel}</label>
    ${
      progress.max > 0
        ? html`<progress id="import-progress-bar" max="${progress.max}" value="${progress.value}">
            ${progress.said}
          </progress>`
        : html`<progress id="import-progress-bar">${progress.said}</progress>`
    }
    <p data-import-numbers aria-live="polite">${progress.said}</p>
    <p class="hint">${words.refreshHint} <a href="${importPaths.page(record.id)}">${words.refresh}</a></p>
  </section>`;
}

function countsList(record: ImportRecordType): SafeHtml {
  const { counts } = record;
  const started = record.started_at !== null;
  return html`<section aria-labelledby="import-counts-heading">
    <h2 id="import-counts-heading">${words.countsHeading}</h2>
    ${detailsList([
      [words.counts.rows, counts.rows],
      [words.counts.valid, counts.valid],
      [words.counts.errors, counts.errors],
      counts.refused > 0 && [words.counts.refused, counts.refused],
      started && [words.counts.processed, counts.processed],
      started && [words.counts.created, counts.created],
      started && [words.counts.updated, counts.updated],
      started && [words.counts.unchanged, counts.unchanged],
    ])}
  </section>`;
}

/** What each column fills: a field by its label, an extra field by its name, or nothing. */
function mappingTable(record: ImportRecordType): SafeHtml {
  const planet = record.planet as PlanetId;
  const known = new Set(['title', 'inventory_number', ...planetFields(planet).map(({ name }) => name)]);
  const fills = (field: string | null) =>
    field === null
      ? words.notImported
      : known.has(field)
        ? importFieldLabel(field)
        : words.passThrough(field);
  return html`<section aria-labelledby="import-mapping-heading">
    <h2 id="import-mapping-heading">${words.mappingHeading}</h2>
    ${labelledTable({
      caption: words.mappingCaption,
      columns: [words.mappingColumns.header, words.mappingColumns.field],
      rows: record.columns.map((column) => ({ cells: [column.header, fills(column.field)] })),
    })}
  </section>`;
}

function previewTable(record: ImportRecordType, rows: readonly { row: number; cells: string[] }[]): SafeHtml {
  if (rows.length === 0) return html``;
  return html`<section aria-labelledby="import-preview-heading">
    <h2 id="import-preview-heading">${words.previewHeading}</h2>
    ${dataTable({
      caption: words.previewCaption,
      columns: [words.rowColumn, ...record.columns.map((column) => column.header)],
      numberColumns: [0],
      rows: rows.map(
        (row) =>
          html`<tr>
            <th scope="row" class="number">${row.row}</th>
            ${record.columns.map((_column, index) => html`<td>${row.cells[index] ?? ''}</td>`)}
          </tr>`,
      ),
    })}
  </section>`;
}

function problemsTable(
  record: ImportRecordType,
  problems: { data: readonly ImportProblem[]; hasMore: boolean },
): SafeHtml {
  if (problems.data.length === 0) return html``;
  const columns = words.problemColumns;
  const planet = record.planet as PlanetId;
  const total = record.counts.errors + record.counts.refused;
  return html`<section aria-labelledby="import-problems-heading">
    <h2 id="import-problems-heading">${words.problemsHeading(Math.max(total, problems.data.length))}</h2>
    ${labelledTable({
      caption: words.problemsCaption,
      columns: [columns.row, columns.column, columns.problem],
      rows: problems.data.map((problem) => ({
        cells: [
          { number: problem.row },
          problem.column ?? words.wholeRow,
          importProblemSentence(planet, problem),
        ],
      })),
    })}
    ${problems.hasMore ? html`<p>${words.problemsShown(problems.data.length)}</p>` : ''}
    <p><a href="${importPaths.problems(record.id)}" download>${words.downloadProblems}</a></p>
  </section>`;
}

function actionForm(
  options: PageBase,
  action: string,
  label: string,
  fields: SafeHtml | '' = '',
  secondary = false,
) {
  return html`<form method="post" action="${action}">
    ${csrfInput(options.session)} ${fields}
    <button type="submit" ${secondary ? html`class="button-secondary"` : ''}>${label}</button>
  </form>`;
}

function actions(options: PageBase, record: ImportRecordType): SafeHtml {
  const { counts } = record;
  const start =
    record.state !== 'ready'
      ? ''
      : counts.valid === 0
        ? html`<p>${words.nothingValid}</p>`
        : counts.errors + counts.refused === 0
          ? actionForm(options, importPaths.start(record.id), words.start(counts.valid))
          : html`<p>${words.validOnlyHint}</p>
              ${actionForm(
                options,
                importPaths.start(record.id),
                words.startValidOnly(counts.valid),
                html`<input type="hidden" name="only_valid" value="true" />`,
              )}`;
  const cancel = ['validating', 'ready', 'importing'].includes(record.state)
    ? actionForm(options, importPaths.cancel(record.id), words.cancel, '', true)
    : '';
  return start || cancel ? html`<div class="actions">${start} ${cancel}</div>` : html``;
}

/** /console/imports/{id}: the import's state, progress, columns, first rows, problems and what may be done next. */
export function importPage(
  options: PageBase & {
    record: ImportRecordType;
    firstRows: readonly { row: number; cells: string[] }[];
    problems: { data: readonly ImportProblem[]; hasMore: boolean };
  },
): SafeHtml {
  const { record } = options;
  const planet = record.planet as PlanetId;
  return underList(
    options,
    planet,
    words.pageTitle,
    html`<p>
        <a href="${importPaths.upload(planet)}">${words.title(categoryName(planet))}</a>
      </p>
      <p class="import-state">
        <strong>${words.stateNames[record.state]}</strong> · ${formatTime(record.created_at)}
      </p>
      <p>${words.stateSentences[record.state]}</p>
      ${importRunning(record) ? progressSection(record) : ''}
      ${
        record.state === 'done'
          ? html`<p role="status">
                ${words.doneSummary(record.counts.created, record.counts.updated, record.counts.unchanged)}
              </p>
              <p><a href="/console/assets/${planet}">${words.toList(categoryName(planet))}</a></p>`
          : ''
      }
      ${actions(options, record)} ${countsList(record)} ${mappingTable(record)}
      ${previewTable(record, options.firstRows)} ${problemsTable(record, options.problems)}`,
  );
}
