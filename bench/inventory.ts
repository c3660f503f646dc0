// Inventory (issue #49, docs/performance.md "Inventory"): an import of 100,000 rows through the service beside
// pgbench's create ceiling, and an export of a million assets as CSV and as XLSX, read by the bench as a client
// downloads it, with the service's resident memory sampled all along.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { createFreshPostgres, seedPostgres, type Credentials } from './databases.js';
import { loadAssetsInBulk } from './fixtures.js';
import { createScript, runPgbench } from './pgbench.js';
import { residentSetSize, startService } from './processes.js';
import type { BenchSettings } from './settings.js';
import { recordTarget } from './targets.js';

/** The name that selects the inventory scenarios: BENCH_ONLY=inventory. */
const INVENTORY_GROUP = 'inventory';
/** The target of the issue: the service's RSS grows by at most this much while it exports. */
const RSS_GROWTH_TARGET_BYTES = 64 * 1024 * 1024;
/** The target of the issue: an import's rows/s at least 0.8 × the create ceiling's. */
const IMPORT_CEILING_TARGET = 0.8;

export function inventoryScenariosSelected(only: ReadonlySet<string> | undefined): boolean {
  return !only || only.has(INVENTORY_GROUP) || only.has('export');
}

interface ExportMeasurement {
  format: string;
  rows: number;
  seconds: number;
  bytes: number;
  rssBeforeBytes: number;
  rssPeakBytes: number;
}

/**
 * An export of the last two hours' assets (a few thousand) in the format, read and dropped: the service's code for
 * it loaded and compiled, so that the measured growth is the export's own, not the first request's.
 */
async function warmUp(url: string, apiKey: string, format: 'csv' | 'xlsx'): Promise<void> {
  const after = new Date(Date.now() - 2 * 3600 * 1000).toISOString();
  const response = await fetch(`${url}/files/v1/exports/artworks?format=${format}&created_after=${after}`, {
    headers: { authorization: `Bearer ${apiKey}` },
  });
  if (!response.ok) throw new Error(`export warm-up ${format}: ${response.status}`);
  await response.arrayBuffer();
}

/** Downloads one export, counting its rows and sampling the service's RSS every 50 ms until the last byte. */
async function measureExport(
  url: string,
  apiKey: string,
  pid: number,
  format: 'csv' | 'xlsx',
): Promise<ExportMeasurement> {
  const rssBeforeBytes = await residentSetSize(pid);
  let rssPeakBytes = rssBeforeBytes;
  const sampler = setInterval(() => {
    void residentSetSize(pid).then((rss) => (rssPeakBytes = Math.max(rssPeakBytes, rss)));
  }, 50);
  // The XLSX is saved as it arrives and its rows counted after: a zip cannot be counted in flight.
  const savedPath =
    format === 'xlsx'
      ? path.join(await mkdtemp(path.join(tmpdir(), 'avs-export-')), 'export.xlsx')
      : undefined;
  const saved = savedPath ? createWriteStream(savedPath) : undefined;
  const started = performance.now();
  let bytes = 0;
  let lineEnds = 0;
  try {
    const response = await fetch(`${url}/files/v1/exports/artworks?format=${format}`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    if (!response.ok || !response.body) throw new Error(`export ${format}: ${response.status}`);
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      // CSV rows end in CRLF (a field's own line breaks are quoted, and the bench's titles have none).
      if (saved) {
        if (!saved.write(chunk)) await new Promise<void>((resolve) => saved.once('drain', () => resolve()));
      } else {
        for (const byte of chunk) if (byte === 0x0a) lineEnds++;
      }
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  rssPeakBytes = Math.max(rssPeakBytes, await residentSetSize(pid));
  let rows = lineEnds - 1;
  if (savedPath) {
    await new Promise<void>((resolve) => saved!.close(() => resolve()));
    rows = await xlsxDataRows(savedPath);
    await rm(path.dirname(savedPath), { recursive: true, force: true });
  }
  return { format, rows, seconds, bytes, rssBeforeBytes, rssPeakBytes };
}

/** The rows of the first sheet of a saved workbook, less its header, read as a stream after the download. */
async function xlsxDataRows(file: string): Promise<number> {
  let rows = 0;
  for await (const sheet of new ExcelJS.stream.xlsx.WorkbookReader(file, {})) {
    for await (const _row of sheet) rows++;
    break;
  }
  return rows - 1;
}

/**
 * A CSV of `rows` new artworks, each with its own inventory number (after `prefix`: each import of one account its
 * own numbers), as a stock list is exported elsewhere.
 */
function importCsv(rows: number, prefix: string): Buffer {
  const lines = ['title,inventory_number,artist,medium,year'];
  for (let row = 1; row <= rows; row++)
    lines.push(
      `Imported asset ${row},${prefix}${String(row).padStart(6, '0')},Bench Artist,oil on canvas,${1900 + (row % 120)}`,
    );
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

interface ImportRecordSeen {
  id: string;
  state: string;
  counts: { valid: number; errors: number; created: number; processed: number };
}

/** Polls the import every 100 ms until it leaves `state`; the record it is then in. */
async function waitWhile(url: string, apiKey: string, id: string, state: string): Promise<ImportRecordSeen> {
  for (;;) {
    const response = await fetch(`${url}/api/v1/imports/${id}`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    if (!response.ok) throw new Error(`import ${id}: ${response.status}`);
    const record = (await response.json()) as ImportRecordSeen;
    if (record.state !== state) return record;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface ImportMeasurement {
  rows: number;
  uploadSeconds: number;
  validationSeconds: number;
  importSeconds: number;
}

/**
 * One import through the service as a client runs it: upload → validated (ready) → start → done. `whileImporting`
 * runs once the import is started, before the bench asks after it (so that none of its asking is in that time).
 */
export async function measureImport(
  url: string,
  credentials: Pick<Credentials, 'apiKey'>,
  rows: number,
  options: { inventoryPrefix?: string; whileImporting?: (id: string) => Promise<void> } = {},
): Promise<ImportMeasurement> {
  const auth = { authorization: `Bearer ${credentials.apiKey}` };
  const started = performance.now();
  const uploaded = await fetch(`${url}/files/v1/imports/artworks`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'text/csv' },
    body: importCsv(rows, options.inventoryPrefix ?? 'INV-'),
  });
  if (uploaded.status !== 202) throw new Error(`import upload: ${uploaded.status} ${await uploaded.text()}`);
  const { id } = (await uploaded.json()) as ImportRecordSeen;
  const validating = performance.now();
  const ready = await waitWhile(url, credentials.apiKey, id, 'validating');
  if (ready.state !== 'ready' || ready.counts.valid !== rows)
    throw new Error(`import validation: ${JSON.stringify(ready)}`);
  const importing = performance.now();
  const start = await fetch(`${url}/api/v1/imports/${id}/start`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: '{}',
  });
  if (!start.ok) throw new Error(`import start: ${start.status} ${await start.text()}`);
  await options.whileImporting?.(id);
  const done = await waitWhile(url, credentials.apiKey, id, 'importing');
  if (done.state !== 'done' || done.counts.created !== rows)
    throw new Error(`import: ${JSON.stringify(done)}`);
  const finished = performance.now();
  return {
    rows,
    uploadSeconds: (validating - started) / 1000,
    validationSeconds: (importing - validating) / 1000,
    importSeconds: (finished - importing) / 1000,
  };
}

/**
 * A fresh database, one service importing a CSV of `settings.importRows` new artworks on it, then pgbench's create
 * ceiling on the same database (a create's SQL, as the bench's `ceiling create (pgbench)`). Returns the report's lines.
 */
async function runImportBench(options: {
  settings: BenchSettings;
  serviceEnv: Record<string, string>;
  cleanups: (() => Promise<void>)[];
}): Promise<string[]> {
  const { settings } = options;
  const fresh = await createFreshPostgres(settings.adminDatabaseUrl, 'import');
  options.cleanups.push(() => fresh.drop());
  const credentials = await seedPostgres(fresh.url);
  const service = await startService({
    name: 'import',
    env: { ...options.serviceEnv, DATABASE_URL: fresh.url },
    cpuProfileDir: settings.cpuProfileDir,
  });
  options.cleanups.push(() => service.stop());
  const measured = await measureImport(service.url, credentials, settings.importRows);
  await service.stop();
  // The ceiling after the import, the service stopped: its log worker would otherwise spend the import's time
  // logging pgbench's events.
  const ceiling = await runPgbench({
    pgbenchPath: settings.pgbenchPath,
    databaseUrl: fresh.url,
    script: createScript(credentials, 'single'),
    clients: settings.connections,
    threads: 2,
    seconds: Math.max(settings.seconds, 10),
  });
  const importRate = measured.rows / measured.importSeconds;
  const ratio = importRate / ceiling.requestsPerSecond;
  const rate = (value: number) => Math.round(value).toLocaleString('en');
  return [
    '',
    `Inventory import (issue #49): a CSV of ${measured.rows.toLocaleString('en')} new artworks, upload → ready → start → done, on PostgreSQL:`,
    '',
    '| phase | seconds | rows/s |',
    '|---|---:|---:|',
    `| upload (read and kept) | ${measured.uploadSeconds.toFixed(1)} | ${rate(measured.rows / measured.uploadSeconds)} |`,
    `| validation | ${measured.validationSeconds.toFixed(1)} | ${rate(measured.rows / measured.validationSeconds)} |`,
    `| importing | ${measured.importSeconds.toFixed(1)} | ${rate(importRate)} |`,
    `| ceiling create (pgbench -c ${settings.connections}, same database, just after) | | ${rate(ceiling.requestsPerSecond)} |`,
    '',
    recordTarget({
      item: 5,
      name: 'import / pgbench create ceiling',
      value: ratio,
      target: IMPORT_CEILING_TARGET,
    }),
  ];
}

const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/**
 * The import's figures (runImportBench), then a fresh database with `settings.exportAssets` artworks in one account (bulk-loaded, as the list scenarios are),
 * one service on it, and an export of them all in each format. Returns the report's lines.
 */
export async function runInventoryBench(options: {
  settings: BenchSettings;
  serviceEnv: Record<string, string>;
  cleanups: (() => Promise<void>)[];
}): Promise<string[]> {
  const { settings } = options;
  const importLines = await runImportBench(options);
  const fresh = await createFreshPostgres(settings.adminDatabaseUrl, 'inventory');
  options.cleanups.push(() => fresh.drop());
  const credentials = await seedPostgres(fresh.url);
  const loadStarted = performance.now();
  await loadAssetsInBulk(fresh.url, credentials.accountId, settings.exportAssets);
  console.log(
    `inventory: ${settings.exportAssets.toLocaleString('en')} assets loaded in ${((performance.now() - loadStarted) / 1000).toFixed(0)} s`,
  );
  const service = await startService({
    name: 'inventory',
    env: { ...options.serviceEnv, DATABASE_URL: fresh.url },
    cpuProfileDir: settings.cpuProfileDir,
  });
  options.cleanups.push(() => service.stop());
  const lines = [...importLines, '', 'Inventory export (issue #49), on PostgreSQL:', ''];
  lines.push(
    '| format | rows | seconds | rows/s | MiB | RSS before MiB | RSS growth MiB | target ≤ 64 MiB |',
  );
  lines.push('|---|---:|---:|---:|---:|---:|---:|---|');
  for (const format of ['csv', 'xlsx'] as const) {
    await warmUp(service.url, credentials.apiKey, format);
    const measured = await measureExport(service.url, credentials.apiKey, service.pid, format);
    const rows = measured.rows;
    const growth = measured.rssPeakBytes - measured.rssBeforeBytes;
    // For the summary that ends `npm run bench` (bench/targets.ts); the table's row says the same.
    recordTarget({
      item: 5,
      name: `${format} export of ${rows.toLocaleString('en')} rows: RSS growth`,
      value: growth / 1024 / 1024,
      target: RSS_GROWTH_TARGET_BYTES / 1024 / 1024,
      atMost: true,
      unit: ' MiB',
      digits: 1,
    });
    lines.push(
      `| ${format} | ${rows.toLocaleString('en')} | ${measured.seconds.toFixed(1)} | ${Math.round(rows / measured.seconds).toLocaleString('en')} | ${mib(measured.bytes)} | ${mib(measured.rssBeforeBytes)} | ${mib(growth)} | ${growth <= RSS_GROWTH_TARGET_BYTES ? 'met' : 'NOT met'} |`,
    );
    if (measured.rows !== settings.exportAssets) {
      throw new Error(`the ${format} export held ${measured.rows} rows, not ${settings.exportAssets}`);
    }
  }
  return lines;
}
