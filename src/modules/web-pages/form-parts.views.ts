import { html, SafeHtml, type Interpolation } from '../../lib/html.js';
import { text } from './text/index.js';

/** An input's attributes, written in this order; `true` writes a bare attribute, `undefined` none. */
export interface InputAttributes {
  id: string;
  name: string;
  type?: string;
  autocomplete?: string;
  inputmode?: string;
  required?: boolean;
  minlength?: number;
  maxlength?: number | string;
  value?: string;
  autofocus?: boolean;
  readonly?: boolean;
  multiple?: boolean;
  accept?: string;
}

/** What a refused field says under its label, and the attributes that tie it to its control. */
function fieldError(id: string, hint: string | undefined, error: string | undefined) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ');
  return {
    hintId,
    attributes: {
      ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      ...(error ? { 'aria-invalid': 'true' } : {}),
    },
    message: error ? html`<p class="field-error" id="${errorId}">${error}</p>` : '',
  };
}

/**
 * A labelled input: the label names it by its id, and a hint under it is read with it (aria-describedby); a
 * refusal (`error`) is said under the label, read first, and marks the input invalid (aria-invalid).
 */
export function inputField(label: string, input: InputAttributes, hint?: string, error?: string): SafeHtml {
  const described = fieldError(input.id, hint, error);
  const attributes = Object.entries({ ...input, ...described.attributes }).map(
    ([name, value]: [string, string | number | boolean | undefined]) =>
      value === true ? html` ${name}` : value === undefined ? '' : html` ${name}="${String(value)}"`,
  );
  return html`<div class="field">
    <label for="${input.id}">${label}</label>
    ${described.message}
    <input${attributes} />
    ${hint ? html`<p class="hint" id="${described.hintId}">${hint}</p>` : ''}
  </div>`;
}

/** One choice of a group of checkboxes or radio buttons, its label beside it. */
interface Choice {
  id: string;
  name: string;
  value: string;
  checked: boolean;
  label: string | SafeHtml;
}

/** One box of a group of checkboxes (sent as a repeated `name`), its label beside it. */
export function checkboxChoice(box: Choice): SafeHtml {
  return choiceInput('checkbox', box);
}

/** One button of a group of radio buttons (one `name`, the chosen value sent), its label beside it. */
export function radioChoice(button: Choice): SafeHtml {
  return choiceInput('radio', button);
}

function choiceInput(type: 'checkbox' | 'radio', box: Choice): SafeHtml {
  return html`<div class="choice">
    <input
      type="${type}"
      id="${box.id}"
      name="${box.name}"
      value="${box.value}"
      ${box.checked ? html` checked` : ''}
    /><label for="${box.id}">${box.label}</label>
  </div>`;
}

/** A labelled drop-down list of the given options; a refusal (`error`) as inputField says one. */
export function selectField(
  label: string,
  select: { id: string; name: string; required?: boolean },
  options: SafeHtml | readonly SafeHtml[],
  error?: string,
): SafeHtml {
  const described = fieldError(select.id, undefined, error);
  const invalid = error
    ? html` aria-describedby="${described.attributes['aria-describedby']}" aria-invalid="true"`
    : '';
  return html`<div class="field">
    <label for="${select.id}">${label}</label>
    ${described.message}
    <select id="${select.id}" name="${select.name}" ${select.required ? html` required` : ''}${invalid}>
      ${options}
    </select>
  </div>`;
}

/** A filter of a list page: the select's id is its name prefixed with `filter-`. */
export function filterSelect(label: string, name: string, options: SafeHtml | readonly SafeHtml[]): SafeHtml {
  return selectField(label, { id: `filter-${name}`, name }, options);
}

/** A list page's filter form: a GET of the page itself with the chosen filters, its fields side by side. */
export function filterForm(options: {
  action: string;
  label: string;
  fields: readonly SafeHtml[];
  submit: string;
}): SafeHtml {
  return html`<form method="get" action="${options.action}" class="filters" aria-label="${options.label}">
    ${options.fields}
    <button type="submit" class="button-secondary">${options.submit}</button>
  </form>`;
}

/** A select's empty first option: no filter, or no choice made yet. */
export function emptyOption(text: string): SafeHtml {
  return html`<option value="">${text}</option>`;
}

/**
 * One option per value, the current one selected, after an empty option if named; its text is the value's name in
 * `names` (a status by its word in the page's language), else the value itself.
 */
export function valueOptions(
  values: readonly string[],
  selected: string | undefined,
  empty?: string,
  names: Readonly<Record<string, string>> = {},
): SafeHtml[] {
  const options = values.map((value) => {
    const chosen = value === selected ? html` selected` : '';
    return html`<option value="${value}" ${chosen}>${names[value] ?? value}</option>`;
  });
  return empty === undefined ? options : [emptyOption(empty), ...options];
}

/** A list page's filter by one of a set of values (a status, a category): a filterSelect of valueOptions. */
export function valueFilter(
  label: string,
  name: string,
  choice: {
    values: readonly string[];
    selected: string | undefined;
    empty?: string;
    names?: Readonly<Record<string, string>>;
  },
): SafeHtml {
  return filterSelect(label, name, valueOptions(choice.values, choice.selected, choice.empty, choice.names));
}

/** The e-mail field of a log-in or set-up form (the password manager's username). */
export function emailField(value: string | undefined): SafeHtml {
  return inputField(text.forms.email, {
    id: 'email',
    name: 'email',
    type: 'email',
    autocomplete: 'username',
    required: true,
    maxlength: 320,
    value: value ?? '',
    autofocus: true,
  });
}

/** A password field: `new-password` where one is chosen, `current-password` at log-in. */
export function passwordField(
  label: string,
  input: { id: string; autocomplete: 'new-password' | 'current-password'; minlength?: number },
): SafeHtml {
  return inputField(label, {
    id: input.id,
    name: input.id,
    type: 'password',
    autocomplete: input.autocomplete,
    required: true,
    minlength: input.minlength,
    maxlength: 1024,
  });
}

/**
 * A table in its scrolling wrapper under a header row of `columns`; a caption only screen readers announce.
 * `responsive` stacks it on narrow screens, where each cell shows its data-label.
 */
export function dataTable(options: {
  columns: readonly (string | SafeHtml)[];
  rows: readonly SafeHtml[];
  caption?: string;
  /** The id of the heading that names the table, instead of a caption. */
  labelledBy?: string;
  responsive?: boolean;
  /** The indexes of the columns of numbers: their headers align right, as their cells do. */
  numberColumns?: readonly number[];
}): SafeHtml {
  const headerAttributes = (index: number) =>
    options.numberColumns?.includes(index) ? html`scope="col" class="number"` : html`scope="col"`;
  return html`<div class="table-wrap">
    <table${options.responsive ? html` class="responsive"` : ''}${options.labelledBy ? html` aria-labelledby="${options.labelledBy}"` : ''}>
      ${
        options.caption
          ? html`<caption class="visually-hidden">
              ${options.caption}
            </caption>`
          : ''
      }
      <thead>
        <tr>
          ${options.columns.map((column, index) => html`<th ${headerAttributes(index)}>${column}</th>`)}
        </tr>
      </thead>
      <tbody>
        ${options.rows}
      </tbody>
    </table>
  </div>`;
}

/** A cell of a labelledTable: its content, and whether it is a number (right-aligned). */
export type TableCell = SafeHtml | string | number | { number: SafeHtml | string | number };

function isNumber(content: TableCell | undefined): content is { number: SafeHtml | string | number } {
  return typeof content === 'object' && !(content instanceof SafeHtml);
}

/**
 * A responsive dataTable whose cells each carry their column's name (data-label), which the narrow layout
 * shows beside them; a row may carry attributes (a data- id). A column named `actions` holds buttons.
 */
export function labelledTable(options: {
  columns: readonly string[];
  /** The index of a column of buttons: its header is read by screen readers only. */
  actionsColumn?: number;
  rows: readonly { attributes?: SafeHtml; cells: readonly TableCell[] }[];
  caption?: string;
  labelledBy?: string;
}): SafeHtml {
  const { columns, actionsColumn } = options;
  const cell = (content: TableCell, index: number) => {
    // The narrow layout leaves the actions cell unlabelled (admin.css matches this name, never shown: not a word).
    const label = index === actionsColumn ? 'Actions' : columns[index];
    return isNumber(content)
      ? html`<td data-label="${label}" class="number">${content.number}</td>`
      : html`<td data-label="${label}">${content}</td>`;
  };
  return dataTable({
    caption: options.caption,
    labelledBy: options.labelledBy,
    responsive: true,
    numberColumns: columns.flatMap((_column, index) =>
      isNumber(options.rows[0]?.cells[index]) ? [index] : [],
    ),
    columns: columns.map((column, index) =>
      index === actionsColumn ? html`<span class="visually-hidden">${column}</span>` : column,
    ),
    rows: options.rows.map(
      (row) => html`<tr${row.attributes ?? ''}>
        ${row.cells.map(cell)}
      </tr>`,
    ),
  });
}

/** A term of a detailsList and its value. */
export type DetailRow = readonly [term: string, value: Interpolation];

/** A record's details as a definition list, each term with its value; a row the record lacks (false) is left out. */
export function detailsList(rows: readonly (DetailRow | false)[]): SafeHtml {
  return html`<dl class="details">
    ${rows.map((row) =>
      row
        ? html`<dt>${row[0]}</dt>
            <dd>${row[1]}</dd>`
        : '',
    )}
  </dl>`;
}
