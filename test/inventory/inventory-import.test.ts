import type { TSchema } from '@sinclair/typebox';
import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { createAssetViaApi, issueCertificateForTest } from '../helpers/asset-factory.js';
import { startSecondInstance, useTestContext, type TestContext } from '../helpers/test-app.js';
import {
  IMPORT_BATCH,
  IMPORT_BATCHES_IN_FLIGHT,
  importNextBatch,
} from '../../src/modules/inventory/imports.service.js';
import { onPostgres } from '../helpers/test-database.js';
import { checkAgainstRouteSchema } from '../../src/plugins/schema-check.js';

// POST /files/v1/imports/{planet} and /api/v1/imports (issue #49 item 2, docs/inventory.md "Import").
const context = useTestContext();
type Gallery = Awaited<ReturnType<TestContext['createAccountWithKey']>>;

interface ImportRecord {
  id: string;
  state: string;
  columns: { header: string; field: string | null }[];
  counts: Record<
    'rows' | 'valid' | 'errors' | 'created' | 'updated' | 'unchanged' | 'refused' | 'processed',
    number
  >;
}
interface ImportError {
  row: number;
  column: string | null;
  code: string;
  message: string;
}

const CSV = 'text/csv';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A gallery's stock list: the header as a German gallery writes it, 2,000 rows, three of them wrong. */
function stockTable(rows = 2000, withBadRows = true): string[][] {
  const table = [['inventory_number', 'Titel', 'Künstler', 'year', 'provenance']];
  for (let n = 1; n <= rows; n += 1) {
    table.push([
      `GI-${n}`,
      `Work ${n}`,
      `Artist ${n % 7}`,
      String(1900 + (n % 100)),
      n % 50 === 0 ? 'Oslo,\nprivate' : '',
    ]);
  }
  if (!withBadRows) return table;
  // Spreadsheet rows: the header is row 1, so GI-n is row n + 1.
  table[100]![1] = ''; // row 101: no title
  table[501]![3] = 'ca. 1975'; // row 502: a year that is not a number
  table[1000]![0] = 'GI-9'; // row 1001: the inventory number of row 10
  return table;
}

const csvOf = (table: string[][], delimiter = ','): Buffer =>
  Buffer.from('\uFEFF' + stringify(table, { delimiter, record_delimiter: '\r\n' }));

async function xlsxOf(table: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Stock');
  for (const row of table) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function upload(gallery: Gallery, body: Buffer, type = CSV, query = ''): Promise<ImportRecord> {
  const response = await context.app.inject({
    method: 'POST',
    url: `/files/v1/imports/artworks${query}`,
    headers: { ...gallery.auth, 'content-type': type },
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(202);
  return response.json<ImportRecord>();
}

const api = (gallery: Gallery, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  context.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: gallery.auth,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function waitFor(gallery: Gallery, id: string, states: string[]): Promise<ImportRecord> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const record = (await api(gallery, 'GET', `/imports/${id}`)).json<ImportRecord>();
    if (states.includes(record.state)) return record;
    if (Date.now() > deadline) throw new Error(`import ${id} stayed ${record.state}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function errorsOf(gallery: Gallery, id: string): Promise<ImportError[]> {
  const found: ImportError[] = [];
  let cursor = '';
  for (;;) {
    const page = (await api(gallery, 'GET', `/imports/${id}/errors?limit=2${cursor}`)).json<{
      data: ImportError[];
      next_cursor: string | null;
    }>();
    found.push(...page.data);
    if (!page.next_cursor) return found;
    cursor = `&cursor=${page.next_cursor}`;
  }
}

async function assetCount(gallery: Gallery): Promise<number> {
  const { rows } = await context.db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM assets WHERE account_id = $1`,
    [gallery.accountId],
  );
  return rows[0]!.count;
}

async function importAll(gallery: Gallery, body: Buffer, type = CSV): Promise<ImportRecord> {
  const uploaded = await upload(gallery, body, type);
  const ready = await waitFor(gallery, uploaded.id, ['ready']);
  const started = await api(gallery, 'POST', `/imports/${uploaded.id}/start`, {
    only_valid: ready.counts.errors > 0,
  });
  expect(started.statusCode, started.body).toBe(200);
  return waitFor(gallery, uploaded.id, ['done']);
}

describe.each([
  ['CSV', CSV, async (table: string[][]) => csvOf(table)],
  [
    'XLSX',
    XLSX,
    (table: string[][]) =>
      xlsxOf(
        table.map((row, index) =>
          index === 0 ? row : [...row.slice(0, 3), Number(row[3]) || row[3]!, row[4]!],
        ),
      ),
  ],
] as const)('a 2,000-row %s with three bad rows', (_name, type, fileOf) => {
  let gallery: Gallery;
  let file: Buffer;
  let importId: string;

  it('is validated row by row, each error with its row, column and sentence, and nothing written', async () => {
    gallery = await context.createAccountWithKey({ name: `Galerie Import ${_name}` });
    file = await fileOf(stockTable());
    const uploaded = await upload(gallery, file, type);
    expect(uploaded.state).toBe('validating');
    expect(uploaded.columns).toEqual([
      { header: 'inventory_number', field: 'inventory_number' },
      { header: 'Titel', field: 'title' },
      { header: 'Künstler', field: 'artist' },
      { header: 'year', field: 'year' },
      { header: 'provenance', field: 'provenance' },
    ]);
    importId = uploaded.id;
    const ready = await waitFor(gallery, importId, ['ready']);
    expect(ready.counts).toMatchObject({ rows: 2000, valid: 1997, errors: 3, created: 0, processed: 0 });
    expect(await errorsOf(gallery, importId)).toEqual([
      { row: 101, column: 'Titel', code: 'validation_failed', message: '`title` is required.' },
      {
        row: 502,
        column: 'year',
        code: 'validation_failed',
        message: expect.stringMatching(/^`year` must be integer/),
      },
      {
        row: 1001,
        column: 'inventory_number',
        code: 'import_row_repeated',
        message: 'Row 10 of the file already has this inventory number.',
      },
    ]);
    expect(await assetCount(gallery)).toBe(0);
  });

  it('starts only when asked to import the valid rows alone, and imports 1,997 assets', async () => {
    const refused = await api(gallery, 'POST', `/imports/${importId}/start`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'import_not_startable' });
    const started = await api(gallery, 'POST', `/imports/${importId}/start`, { only_valid: true });
    expect(started.statusCode).toBe(200);
    const done = await waitFor(gallery, importId, ['done']);
    expect(done.counts).toMatchObject({ created: 1997, updated: 0, unchanged: 0, processed: 1997 });
    expect(await assetCount(gallery)).toBe(1997);
    const listed = await api(gallery, 'GET', '/assets/artworks?inventory_number=GI-50');
    expect(listed.json<{ data: Record<string, unknown>[] }>().data[0]).toMatchObject({
      title: 'Work 50',
      artist: 'Artist 1',
      year: 1950,
      provenance: 'Oslo,\nprivate',
    });
  });

  it('the same file again creates and changes nothing', async () => {
    const again = await importAll(gallery, file, type);
    expect(again.counts).toMatchObject({ created: 0, updated: 0, unchanged: 1997, errors: 3 });
    expect(await assetCount(gallery)).toBe(1997);
  });

  it('a row changed updates its asset, with one UPDATED event of the changed field', async () => {
    const table = stockTable();
    table[20]![3] = '1666';
    const changed = await importAll(gallery, await fileOf(table), type);
    expect(changed.counts).toMatchObject({ created: 0, updated: 1, unchanged: 1996 });
    const listed = await api(gallery, 'GET', '/assets/artworks?inventory_number=GI-20');
    const asset = listed.json<{ data: { id: string; year: number }[] }>().data[0]!;
    expect(asset.year).toBe(1666);
    const history = (await api(gallery, 'GET', `/assets/artworks/${asset.id}/history`)).json<{
      data: { event_type: string; payload: { changes?: Record<string, unknown> } }[];
    }>();
    const updates = history.data.filter((event) => event.event_type === 'UPDATED');
    expect(updates).toHaveLength(1);
    expect(Object.keys(updates[0]!.payload.changes!)).toEqual(['year']);
  });
});

describe('an export imported again', () => {
  it('changes nothing', async () => {
    const gallery = await context.createAccountWithKey({ name: 'Galerie Round Trip' });
    await createAssetViaApi(context.app, gallery.auth, 'artworks', {
      title: '=HYPERLINK("http://evil.example")',
      inventory_number: 'RT-1',
      year: 1975,
      exhibitions: ['Bergen 1980', 'Oslo 1982'],
    });
    const issued = await createAssetViaApi(context.app, gallery.auth, 'artworks', {
      title: 'Issued work',
      inventory_number: 'RT-2',
      artist: 'Anna Berg',
      dimensions: '-40 x 30 cm',
    });
    await issueCertificateForTest(context.db, issued);
    await createAssetViaApi(context.app, gallery.auth, 'artworks', { title: 'No number', medium: 'Oil' });
    for (const format of ['csv', 'xlsx'] as const) {
      const exported = await context.app.inject({
        method: 'GET',
        url: `/files/v1/exports/artworks?format=${format}`,
        headers: gallery.auth,
      });
      const record = await importAll(gallery, exported.rawPayload, format === 'csv' ? CSV : XLSX);
      // Every row is found again, by its inventory number or, without one, by its exported id.
      expect(record.counts).toMatchObject({
        rows: 3,
        valid: 3,
        unchanged: 3,
        created: 0,
        updated: 0,
        refused: 0,
      });
      expect(await assetCount(gallery)).toBe(3);
    }
  });
});

describe('rows of an issued certificate, a mapping, a semicolon CSV', () => {
  it('refuses a changed row of an issued asset with a sentence, and takes the mapping given', async () => {
    const gallery = await context.createAccountWithKey({ name: 'Galerie Issued' });
    const issued = await createAssetViaApi(context.app, gallery.auth, 'artworks', {
      title: 'Issued',
      inventory_number: 'IS-1',
    });
    await issueCertificateForTest(context.db, issued);
    const table = [
      ['Stock no.', 'Titre', 'Année', 'Notes'],
      ['IS-1', 'Issued, renamed', '1901', ''],
      ['IS-2', 'New one', '1902', 'bought 1999'],
    ];
    const mapping = encodeURIComponent(JSON.stringify({ 'Stock no.': 'inventory_number', Notes: null }));
    const uploaded = await upload(gallery, csvOf(table, ';'), CSV, `?mapping=${mapping}`);
    expect(uploaded.columns.map((column) => column.field)).toEqual([
      'inventory_number',
      'title',
      'year',
      null,
    ]);
    const ready = await waitFor(gallery, uploaded.id, ['ready']);
    expect(ready.counts).toMatchObject({ rows: 2, valid: 1, errors: 0, refused: 1 });
    expect(await errorsOf(gallery, uploaded.id)).toEqual([
      {
        row: 2,
        column: 'Stock no.',
        code: 'import_row_issued',
        message: 'The certificate of this asset was issued: request a correction to change it.',
      },
    ]);
    expect((await api(gallery, 'POST', `/imports/${uploaded.id}/start`, {})).statusCode).toBe(200);
    const done = await waitFor(gallery, uploaded.id, ['done']);
    expect(done.counts).toMatchObject({ created: 1, updated: 0, refused: 1 });
    const listed = await api(gallery, 'GET', '/assets/artworks?inventory_number=IS-1');
    expect(listed.json<{ data: { title: string }[] }>().data[0]!.title).toBe('Issued');
  });

  it('is 404 for another account, and a cancelled import writes nothing', async () => {
    const gallery = await context.createAccountWithKey({ name: 'Galerie Cancel' });
    const other = await context.createAccountWithKey();
    const uploaded = await upload(gallery, csvOf(stockTable(5, false)));
    expect((await api(other, 'GET', `/imports/${uploaded.id}`)).statusCode).toBe(404);
    await waitFor(gallery, uploaded.id, ['ready']);
    const cancelled = await api(gallery, 'POST', `/imports/${uploaded.id}/cancel`);
    expect(cancelled.json<ImportRecord>().state).toBe('cancelled');
    expect((await api(gallery, 'POST', `/imports/${uploaded.id}/start`, {})).statusCode).toBe(409);
    expect(await assetCount(gallery)).toBe(0);
    const list = (await api(gallery, 'GET', '/imports')).json<{ data: ImportRecord[] }>();
    expect(list.data.map((record) => record.id)).toEqual([uploaded.id]);
    const audit = (await api(gallery, 'GET', '/audit')).json<{
      data: { action: string; actor: unknown; target: Record<string, unknown> }[];
    }>();
    const imports = audit.data.filter((entry) => entry.action.startsWith('import.'));
    expect(imports.map((entry) => [entry.action, entry.target.import_id])).toEqual([
      ['import.cancelled', uploaded.id],
      ['import.uploaded', uploaded.id],
    ]);
    expect(imports[0]!.actor).toEqual({ api_key_id: expect.any(String) });
  });

  it('refuses a file without a header, and a workbook that would unpack too far', async () => {
    const gallery = await context.createAccountWithKey({ name: 'Galerie Empty' });
    const empty = await context.app.inject({
      method: 'POST',
      url: '/files/v1/imports/artworks',
      headers: { ...gallery.auth, 'content-type': CSV },
      payload: Buffer.from('\r\n'),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'import_file_unreadable' });
    const notZip = await context.app.inject({
      method: 'POST',
      url: '/files/v1/imports/artworks',
      headers: { ...gallery.auth, 'content-type': XLSX },
      payload: Buffer.from('not a workbook'),
    });
    expect(notZip.statusCode).toBe(400);
    expect(notZip.json()).toMatchObject({ code: 'import_file_unreadable' });
  });
});

describe('a restart in the middle of an import', () => {
  it('resumes where it stood: every row imported exactly once', async () => {
    const gallery = await context.createAccountWithKey({ name: 'Galerie Restart' });
    // This instance stops after two batches, as a process closed mid-import; another one takes over.
    await context.app.importWorker.stop();
    try {
      // Two passes of the worker and most of a third: the batch is the database's (500 rows on PostgreSQL, 100 on
      // PGlite), and a pass runs as many batches at once as the database allows (two on PostgreSQL, one on PGlite).
      const batch = IMPORT_BATCH[context.db.kind];
      const pass = IMPORT_BATCHES_IN_FLIGHT[context.db.kind] * batch;
      const total = 2 * pass + batch - 2;
      const table = stockTable(total, false);
      const uploaded = await upload(gallery, csvOf(table));
      await context.app.importWorker.tick();
      expect((await api(gallery, 'POST', `/imports/${uploaded.id}/start`, {})).statusCode).toBe(200);
      await context.app.importWorker.tick();
      await context.app.importWorker.tick();
      const midway = (await api(gallery, 'GET', `/imports/${uploaded.id}`)).json<ImportRecord>();
      expect(midway).toMatchObject({
        state: 'importing',
        counts: { processed: 2 * pass, created: 2 * pass },
      });
      const second = await startSecondInstance(context);
      try {
        const done = await waitFor(gallery, uploaded.id, ['done']);
        expect(done.counts).toMatchObject({ rows: total, created: total, processed: total });
      } finally {
        await second.close();
      }
      expect(await assetCount(gallery)).toBe(total);
      const { rows } = await context.db.query<{ rows: number; assets: number; outcomes: number }>(
        `SELECT count(*)::int AS rows, count(DISTINCT asset_id)::int AS assets,
                count(*) FILTER (WHERE outcome = 'created')::int AS outcomes
           FROM import_rows WHERE import_id = $1`,
        [uploaded.id],
      );
      expect(rows[0]).toEqual({ rows: total, assets: total, outcomes: total });
      const created = await context.db.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM webhook_outbox WHERE account_id = $1 AND event_type = 'asset.created'`,
        [gallery.accountId],
      );
      expect(created.rows[0]!.count).toBe(total);
    } finally {
      context.app.importWorker.start();
    }
  });
});

describe.runIf(onPostgres)('two batches of one import at once (PostgreSQL)', () => {
  it('take rows of their own, and the import ends only when no row is left, held by another batch or not', async () => {
    const gallery = await context.createAccountWithKey({ name: 'Galerie Zwei' });
    await context.app.importWorker.stop();
    try {
      const batch = IMPORT_BATCH[context.db.kind];
      const total = 2 * batch + 10;
      const uploaded = await upload(gallery, csvOf(stockTable(total, false)));
      await context.app.importWorker.tick();
      expect((await api(gallery, 'POST', `/imports/${uploaded.id}/start`, {})).statusCode).toBe(200);
      const work = {
        check: (schema: TSchema, body: unknown) => checkAgainstRouteSchema(schema, body, 'body'),
        mediaStores: context.app.mediaStores,
      };
      // Two batches at once, on two connections: every row once, none twice.
      await Promise.all([
        importNextBatch(context.db, uploaded.id, work),
        importNextBatch(context.db, uploaded.id, work),
      ]);
      const halfway = (await api(gallery, 'GET', `/imports/${uploaded.id}`)).json<ImportRecord>();
      expect(halfway).toMatchObject({ state: 'importing', counts: { created: 2 * batch } });
      // The last ten rows held by another batch that has not committed: a batch that finds nothing else to do
      // leaves the import importing.
      await context.db.transaction(async (holder) => {
        await holder.query(
          `SELECT row_number FROM import_rows WHERE import_id = $1 AND outcome IS NULL FOR UPDATE`,
          [uploaded.id],
        );
        expect(await importNextBatch(context.db, uploaded.id, work)).toBe(false);
        const meanwhile = (await api(gallery, 'GET', `/imports/${uploaded.id}`)).json<ImportRecord>();
        expect(meanwhile.state).toBe('importing');
      });
      expect(await importNextBatch(context.db, uploaded.id, work)).toBe(true);
      expect(await importNextBatch(context.db, uploaded.id, work)).toBe(false);
      const done = (await api(gallery, 'GET', `/imports/${uploaded.id}`)).json<ImportRecord>();
      expect(done).toMatchObject({
        state: 'done',
        counts: { rows: total, created: total, processed: total },
      });
      expect(await assetCount(gallery)).toBe(total);
    } finally {
      context.app.importWorker.start();
    }
  });
});
