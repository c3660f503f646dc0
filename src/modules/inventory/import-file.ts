import { Readable } from 'node:stream';
import type { Options as CsvOptions } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import { AppError, type ErrorDetailArgs } from '../../errors/error-catalogue.js';
import { fileSize } from '../../errors/people-units.js';
import { loadExcelJs } from '../../lib/lazy-modules.js';
import { readZipDirectory, ZipRefused } from '../../lib/zip-archive.js';

/** The two kinds of file an import reads, by their Content-Type (docs/inventory.md, "Import"). */
export const importTypes = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
export type ImportFormat = keyof typeof importTypes;

/** What an import keeps of a file: its header and each row's cells as text, numbered as a spreadsheet numbers them. */
export interface ImportSheet {
  header: string[];
  rows: { rowNumber: number; cells: string[] }[];
}

/** The most rows one import takes, and what an XLSX may unpack to: a zip is read only within these. */
export const importLimits = {
  fileBytes: 64 * 1024 * 1024,
  rows: 100_000,
  xlsxUnpackedBytes: 256 * 1024 * 1024,
  xlsxEntries: 1_000,
} as const;

function unreadable(...detail: ErrorDetailArgs<'import_file_unreadable'>): AppError {
  return new AppError('import_file_unreadable', ...detail);
}

// The export puts an apostrophe before a text cell a spreadsheet would run as a formula: the import takes it off.
const DEFUSED = /^'(?=[=+\-@\t\r])/;

/** The delimiter of a CSV: the one of comma and semicolon its header line holds more of (outside quotes). */
function delimiterOf(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ',') commas += 1;
    else if (!quoted && char === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

/** A table's first row as the header and the rest as rows; rows with no text at all are left out. */
function sheetOf(table: { rowNumber: number; cells: string[] }[]): ImportSheet {
  const [first, ...rest] = table;
  const header = (first?.cells ?? []).map((cell) => cell.trim());
  if (!first || header.every((cell) => cell === '')) throw unreadable('no_header');
  const rows = rest.filter((row) => row.cells.some((cell) => cell.trim() !== ''));
  if (rows.length > importLimits.rows) throw unreadable('too_many_rows', { max: importLimits.rows });
  return { header, rows };
}

/** A CSV in UTF-8 (with or without a BOM), comma or semicolon, quoted fields with line breaks kept. */
function readCsv(bytes: Buffer): ImportSheet {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  let records: string[][];
  try {
    const options: CsvOptions = {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      skip_empty_lines: false,
      to: importLimits.rows + 2,
    };
    records = parse(text, options);
  } catch (error) {
    throw unreadable('not_csv', { reason: (error as Error).message.replace(/\.$/, '') });
  }
  // A spreadsheet numbers records, not lines: a quoted cell with line breaks is still one row.
  return sheetOf(
    records.map((cells, index) => ({
      rowNumber: index + 1,
      cells: cells.map((cell) => cell.replace(DEFUSED, '')),
    })),
  );
}

/**
 * The zip's own directory, read before anything is unpacked: a workbook that would unpack past the limits (a zip
 * bomb) is refused from the sizes it declares. ZIP64 workbooks are larger than any limit here.
 */
function checkZipDirectory(bytes: Buffer): void {
  try {
    readZipDirectory(bytes, {
      entries: importLimits.xlsxEntries,
      unpackedBytes: importLimits.xlsxUnpackedBytes,
    });
  } catch (error) {
    if (!(error instanceof ZipRefused)) throw error;
    if (error.reason === 'too_many_entries')
      throw unreadable('too_many_entries', { max: importLimits.xlsxEntries });
    if (error.reason === 'too_large')
      throw unreadable('too_large', { max: fileSize(importLimits.xlsxUnpackedBytes) });
    throw unreadable('not_xlsx');
  }
}

/** A date cell as text: the day when it has no time, else the instant (ISO 8601). */
function dateText(date: Date): string {
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
}

/** An XLSX cell's value as the text a CSV would hold: numbers in figures, formulas as their result, rich text joined. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return dateText(value);
  if (typeof value === 'object') {
    const cell = value as {
      richText?: { text: string }[];
      text?: unknown;
      result?: unknown;
      formula?: unknown;
      error?: string;
    };
    if (cell.richText) return cell.richText.map((part) => part.text).join('');
    if ('formula' in cell || 'sharedFormula' in cell) return cellText(cell.result);
    if (cell.text !== undefined) return cellText(cell.text);
    if (cell.error !== undefined) return cell.error;
  }
  return '';
}

/** The first sheet of an XLSX workbook, read with exceljs's streaming reader. */
async function readXlsx(bytes: Buffer): Promise<ImportSheet> {
  checkZipDirectory(bytes);
  const table: { rowNumber: number; cells: string[] }[] = [];
  const ExcelJS = await loadExcelJs();
  try {
    const workbook = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      // Styles tell a date cell from a number: with them the reader gives a Date, not a serial number.
      styles: 'cache',
      worksheets: 'emit',
    });
    for await (const worksheet of workbook) {
      for await (const row of worksheet) {
        if (table.length > importLimits.rows + 1)
          throw unreadable('too_many_rows', { max: importLimits.rows });
        const values = row.values as unknown[];
        table.push({ rowNumber: row.number, cells: values.slice(1).map(cellText) });
      }
      break;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable('not_xlsx');
  }
  const width = Math.max(0, ...table.map((row) => row.cells.length));
  for (const row of table) while (row.cells.length < width) row.cells.push('');
  return sheetOf(table);
}

/** The file's header and rows, whatever its format. */
export async function readImportFile(bytes: Buffer, format: ImportFormat): Promise<ImportSheet> {
  return format === 'csv' ? readCsv(bytes) : readXlsx(bytes);
}
