import { once } from 'node:events';
import { PassThrough, Readable, type Writable } from 'node:stream';
import type { Config } from '../../config.js';
import type { Queryable } from '../../db/database.js';
import { loadExcelJs } from '../../lib/lazy-modules.js';
import { planets, type PlanetId } from '../../planets/planets.js';
import {
  assetListFilter,
  eachListedAsset,
  storedFieldNames,
  type AssetListFilters,
  type ListedAssetCells,
} from '../assets/asset-list.service.js';
import { wasIssued } from '../assets/asset-states.js';
import type { Principal } from '../principal/principal.js';
import { publicBaseUrl } from '../signing/issuer-identity.js';

/** The two spreadsheet formats an export is written in (docs/inventory.md, "Export"). */
export const exportFormats = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
export type ExportFormat = keyof typeof exportFormats;

/** A cell as the export writes it: text, or a number an XLSX keeps as a number. */
type Cell = string | number;

/** The columns before and after the asset's own fields: what the service keeps about each asset. */
const LEADING = ['certificate_number', 'inventory_number', 'title'] as const;
export const TRAILING_COLUMNS = [
  'certificate_status',
  'status',
  'created_at',
  'updated_at',
  'public_page_url',
  'id',
] as const;

/**
 * A stored field's value as a cell: a string as it is, a number as a number, true/false, and a nested value (an
 * object or a list, as a pass-through field may hold) as its JSON. An absent field is an empty cell.
 */
function cellOf(value: unknown): Cell {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** A stored value as the export's cell reads as text: what a re-import compares a cell with (unchanged when equal). */
export function storedCellText(value: unknown): string {
  return String(cellOf(value));
}

// A spreadsheet program runs a CSV cell that starts with one of these as a formula (OWASP "CSV injection").
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell of a CSV, defused: an apostrophe before a leading =, +, -, @, tab or carriage return, which a
 * spreadsheet shows as text and an import takes off again (docs/inventory.md). A number is written as it is.
 */
function csvCell(cell: Cell): string {
  if (typeof cell === 'number') return String(cell);
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** The header and the rows of an export, the planet's fields in their declared order, then the other fields. */
export interface ExportTable {
  header: string[];
  rows: AsyncGenerator<Cell[][]>;
}

/** The filtered assets of the caller's account as a table, read a hundred rows at a time, each as the database writes it. */
export async function exportTable(
  db: Queryable,
  config: Config,
  principal: Principal,
  planet: PlanetId,
  filters: AssetListFilters,
): Promise<ExportTable> {
  const filter = assetListFilter(principal, planet, filters);
  const declared = Object.keys(planets[planet].fields);
  const stored = new Set(await storedFieldNames(db, filter));
  const fields = [...declared, ...[...stored].filter((name) => !declared.includes(name))];
  const header = [...LEADING, ...fields, ...TRAILING_COLUMNS];
  const baseUrl = publicBaseUrl(config);
  const rowOf = ([
    certificateNumber,
    inventoryNumber,
    title,
    values,
    certificateStatus,
    status,
    createdAt,
    updatedAt,
    id,
  ]: ListedAssetCells): Cell[] => [
    certificateNumber,
    inventoryNumber ?? '',
    title,
    ...values.map(cellOf),
    certificateStatus,
    status,
    createdAt,
    updatedAt,
    wasIssued(certificateStatus) ? `${baseUrl}/c/${encodeURIComponent(certificateNumber)}` : '',
    id,
  ];
  async function* rows(): AsyncGenerator<Cell[][]> {
    for await (const batch of eachListedAsset(db, filter, fields)) yield batch.map(rowOf);
  }
  return { header, rows: rows() };
}

// A byte-order mark first: Excel reads a CSV as UTF-8 only when it starts with one.
const BOM = '\uFEFF';

// RFC 4180: a field that holds a quote, a comma or a line break is quoted, its quotes doubled.
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One CSV record with its CRLF. Written here rather than by csv-stringify, which normalises its options and builds
 * an object per field on every call: three quarters of a CSV export's allocations (docs/performance.md, "Round 4: the
 * export's memory").
 */
function csvRecord(cells: readonly Cell[]): string {
  let line = '';
  for (let index = 0; index < cells.length; index++) {
    const text = csvCell(cells[index]!);
    if (index > 0) line += ',';
    line += NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  }
  return `${line}\r\n`;
}

/** The table as CSV (RFC 4180, CRLF, a BOM first), one batch of rows at a time as the reader takes them. */
function csvStream(table: ExportTable): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield BOM + csvRecord(table.header);
    for await (const batch of table.rows) yield batch.map(csvRecord).join('');
  }
  // One batch ahead of the reader at most: the socket, not this stream, holds what is waiting.
  return Readable.from(lines(), { highWaterMark: 1 });
}

/** Waits while the reader has not taken what was written: a slow download holds the export, not memory. */
async function whileFull(stream: Writable): Promise<void> {
  if (stream.writableNeedDrain) await once(stream, 'drain');
}

/** The table as an XLSX workbook of one sheet, streamed (exceljs's WorkbookWriter: rows leave as they are added). */
function xlsxStream(table: ExportTable, sheetName: string): Readable {
  const out = new PassThrough();
  const write = async () => {
    const ExcelJS = await loadExcelJs();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: false,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet(sheetName);
    sheet.addRow(table.header).commit();
    for await (const batch of table.rows) {
      for (const row of batch) sheet.addRow(row).commit();
      await whileFull(out);
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

/** The export as a stream of its format's bytes. */
export function exportStream(table: ExportTable, format: ExportFormat, planet: PlanetId): Readable {
  return format === 'csv' ? csvStream(table) : xlsxStream(table, planet);
}
