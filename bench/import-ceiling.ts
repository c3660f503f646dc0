// Issue #53, item 2: an import row beside pgbench running the import's own SQL. An import is one job, a batch of rows
// a transaction on one connection (imports.worker.ts), so the replay runs as the job does, on one client: the second
// window's batches, as the worker sent them, against a copy of the import that is still to do, each batch rolled back
// so that it can run again (its rows and inventory numbers would be taken after one run). docs/performance.md,
// "Round 4: each path beside pgbench of its own SQL".
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { measureImport } from './inventory.js';
import { runPgbench } from './pgbench.js';
import { copyRows } from './row-copies.js';
import { processCost } from './process-cost.js';
import { measureInRounds } from './report.js';
import {
  backlogWorkedOff,
  CAPTURE_AFTER_SECONDS,
  logTwoWindows,
  pause,
  replayOfSecondWindow,
} from './replay-rounds.js';
import type { BenchSettings } from './settings.js';
import { buildReplay, type LoggedStatement } from './statement-replay.js';
import { withClient } from './stats-cluster.js';

/**
 * Rows of the import the capture watches (long enough to outlast its two windows at 5,000 rows/s and more), and of
 * each import a round runs.
 */
const CAPTURED_IMPORT_ROWS = 60_000;
const ROUND_IMPORT_ROWS = 20_000;

// The worker's statement that records a batch's outcomes: its second parameter holds one element a row.
const ROW_OUTCOMES = /^\s*UPDATE import_rows t SET outcome\b/;

/** The rows a stream's batches imported: the elements of each outcome statement's list. */
function rowsOf(stream: readonly LoggedStatement[]): number {
  return stream
    .filter((statement) => ROW_OUTCOMES.test(statement.text))
    .reduce((sum, statement) => sum + (JSON.parse(statement.parameters[1] ?? '[]') as unknown[]).length, 0);
}

/**
 * A copy of a done import for another account, still to do (no row has an outcome) and `ready`, so that no worker
 * takes it up: the replay's batches read and write its rows as the service's did the original's.
 */
async function copyImportToDo(databaseUrl: string, importId: string, accountId: string): Promise<string> {
  return withClient(databaseUrl, async (client) => {
    const copyId = randomUUID();
    await copyRows(client, {
      table: 'imports',
      where: 't.id = $1',
      params: [importId, copyId, accountId],
      changed: { id: '$2::uuid', account_id: '$3::uuid', state: "'ready'" },
    });
    await client.query(
      `INSERT INTO import_rows (import_id, row_number, cells, errors)
       SELECT $2, row_number, cells, errors FROM import_rows WHERE import_id = $1`,
      [importId, copyId],
    );
    await client.query('ANALYZE imports, import_rows');
    return copyId;
  });
}

/** The import's rows/s beside pgbench replaying its batches (one client, as the job runs): the report's row. */
export async function runImportCeiling(options: {
  settings: BenchSettings;
  adminUrl: string;
  logDir: string;
  database: { name: string; url: string };
  service: { url: string; pid: number };
  apiKey: string;
  /** The account the replay's copy belongs to (not the importing one, whose inventory numbers the import took). */
  otherAccountId: string;
  accountId: string;
  benchQueries: pg.Pool;
  isBackground: (statement: LoggedStatement) => boolean;
}): Promise<{
  lines: string[];
  serviceRowsPerSecond: number;
  replayRowsPerSecond: number;
  cpuMsPer1000: number;
}> {
  const { settings, service } = options;
  let imports = 0;
  const importOnce = (rows: number, whileImporting?: (id: string) => Promise<void>) =>
    measureImport(service.url, { apiKey: options.apiKey }, rows, {
      inventoryPrefix: `CEIL-${++imports}-`,
      whileImporting,
    });
  let captured: { importId: string; windows: Awaited<ReturnType<typeof logTwoWindows>> } | undefined;
  await importOnce(CAPTURED_IMPORT_ROWS, async (importId) => {
    await pause(CAPTURE_AFTER_SECONDS * 1000);
    captured = {
      importId,
      windows: await logTwoWindows(options.adminUrl, options.logDir, 'import', () => 0),
    };
  });
  const capture = await replayOfSecondWindow(
    { logDir: options.logDir, database: options.database.name, isBackground: options.isBackground },
    captured!.windows,
  );
  const copyId = await copyImportToDo(options.database.url, captured!.importId, options.otherAccountId);
  // The batches as they were sent, with the copy's import and account for the original's.
  const renamed = new Map([
    [captured!.importId, copyId],
    [options.accountId, options.otherAccountId],
  ]);
  const streams = capture.streams.map((stream) =>
    stream.map((statement) => ({
      ...statement,
      parameters: statement.parameters.map((value) =>
        value === null ? null : [...renamed].reduce((text, [from, to]) => text.split(from).join(to), value),
      ),
    })),
  );
  const replay = await buildReplay({
    databaseUrl: options.database.url,
    streams,
    made: capture.made,
    rules: { rollBack: true },
  });
  const rowsPerScript = streams.map(rowsOf);
  if (rowsPerScript.every((rows) => rows === 0))
    throw new Error('import row: the capture saw no batch of the import');
  const lines = [
    '',
    `import row, while importing: ${rowsPerScript.reduce((sum, rows) => sum + rows, 0)} rows in 1000 ms, ` +
      `${replay.statementsPerScript.join(' + ')} statements on ${replay.scripts.length} connection(s), replayed by ` +
      'pgbench on one client, each batch rolled back:',
    ...replay.outline.map((statement) => `    ${statement}`),
  ];
  const serviceName = 'import row (service, paths cluster, rows/s)';
  const replayName = 'import row (pgbench of its SQL, 1 client, in rows/s)';
  const { summaries } = await measureInRounds(
    [
      {
        name: serviceName,
        measure: async () => {
          await backlogWorkedOff(options.benchQueries);
          const cpuBefore = processCost(service.pid).cpuMs;
          const measured = await importOnce(ROUND_IMPORT_ROWS);
          const cpu = processCost(service.pid).cpuMs - cpuBefore;
          const rowsPerSecond = measured.rows / measured.importSeconds;
          return {
            requestsPerSecond: rowsPerSecond,
            p50Ms: 0,
            p99Ms: 0,
            errors: 0,
            non2xx: 0,
            total: measured.rows,
            cpuMsPer1000: (cpu / measured.rows) * 1000,
          };
        },
      },
      {
        name: replayName,
        measure: async (seconds) => {
          await backlogWorkedOff(options.benchQueries);
          const measured = await runPgbench({
            pgbenchPath: settings.pgbenchPath,
            databaseUrl: options.database.url,
            script: replay.scripts,
            clients: 1,
            threads: 1,
            seconds,
          });
          const rates = measured.scriptRates ?? [measured.requestsPerSecond];
          const rowsPerSecond = rates.reduce((sum, rate, index) => sum + rate * rowsPerScript[index]!, 0);
          return { ...measured, requestsPerSecond: rowsPerSecond };
        },
      },
    ],
    { ...settings, warmupSeconds: 0 },
  );
  const ofService = summaries.get(serviceName)!;
  const ofReplay = summaries.get(replayName)!;
  if (ofReplay.errors > 0) throw new Error(`import row: the replay failed (${JSON.stringify(ofReplay)})`);
  return {
    lines,
    serviceRowsPerSecond: ofService.requestsPerSecond,
    replayRowsPerSecond: ofReplay.requestsPerSecond,
    cpuMsPer1000: ofService.cpuMsPer1000 ?? 0,
  };
}
