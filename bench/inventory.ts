// Inventory (issue #49, docs/performance.md "Inventory"): an export of a million assets as CSV and as XLSX, read by
// the bench as a client downloads it, with the service's resident memory sampled all along.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { createFreshPostgres, seedPostgres } from './databases.js';
import { loadAssetsInBulk } from './fixtures.js';
import { residentSetSize, startService } from './processes.js';
import type { BenchSettings } from './settings.js';

/** The name that selects the inventory scenarios: BENCH_ONLY=inventory. */
const INVENTORY_GROUP = 'inventory';
/** The target of the issue: the service's RSS grows by at most this much while it exports. */
const RSS_GROWTH_TARGET_BYTES = 64 * 1024 * 1024;

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

const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/**
 * A fresh database with `settings.exportAssets` artworks in one account (bulk-loaded, as the list scenarios are),
 * one service on it, and an export of them all in each format. Returns the report's lines.
 */
export async function runInventoryBench(options: {
  settings: BenchSettings;
  serviceEnv: Record<string, string>;
  cleanups: (() => Promise<void>)[];
}): Promise<string[]> {
  const { settings } = options;
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
  });
  options.cleanups.push(() => service.stop());
  const lines = ['', 'Inventory export (issue #49):', ''];
  lines.push(
    '| format | rows | seconds | rows/s | MiB | RSS before MiB | RSS growth MiB | target ≤ 64 MiB |',
  );
  lines.push('|---|---:|---:|---:|---:|---:|---:|---|');
  for (const format of ['csv', 'xlsx'] as const) {
    const measured = await measureExport(service.url, credentials.apiKey, service.pid, format);
    const rows = measured.rows;
    const growth = measured.rssPeakBytes - measured.rssBeforeBytes;
    lines.push(
      `| ${format} | ${rows.toLocaleString('en')} | ${measured.seconds.toFixed(1)} | ${Math.round(rows / measured.seconds).toLocaleString('en')} | ${mib(measured.bytes)} | ${mib(measured.rssBeforeBytes)} | ${mib(growth)} | ${growth <= RSS_GROWTH_TARGET_BYTES ? 'met' : 'NOT met'} |`,
    );
    if (measured.rows !== settings.exportAssets) {
      throw new Error(`the ${format} export held ${measured.rows} rows, not ${settings.exportAssets}`);
    }
  }
  return lines;
}
