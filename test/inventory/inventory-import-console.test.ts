import { randomUUID } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../../src/modules/accounts/accounts.service.js';
import { form, FORM } from '../admin/admin-helpers.js';
import { postMultipart } from '../console/console-multipart.js';
import { useTestContext } from '../helpers/test-app.js';
import { joinedMember } from '../members/member-helpers.js';

// The console's Import page (issue #49 item 2, docs/console.md "Import", docs/inventory.md "Import").
const context = useTestContext();
type Member = Awaited<ReturnType<typeof joinedMember>>;

const email = () => `import-${randomUUID().slice(0, 8)}@example.com`;
const get = (url: string, cookie: string) => context.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, member: Member, fields: Record<string, string> = {}) =>
  context.app.inject({
    method: 'POST',
    url,
    headers: { ...FORM, cookie: member.cookie },
    payload: form({ _csrf: member.csrf, ...fields }),
  });
/** A page's text with its spacing folded, for sentences that cross the source's line breaks. */
const flat = (body: string) => body.replace(/\s+/g, ' ');

async function galleryWith(...roles: ('owner' | 'editor' | 'viewer')[]) {
  const { id } = await createAccount(context.db, { name: `Galerie ${randomUUID().slice(0, 6)}` });
  const members = [];
  for (const role of roles) members.push(await joinedMember(context.app, context.db, id, email(), role));
  return { accountId: id, members };
}

/** A stock list with German headers and a pass-through column: rows 4, 7 and 9 of the spreadsheet are wrong. */
function stockCsv(rows = 20): Buffer {
  const table = [['inventory_number', 'Titel', 'Künstler', 'year', 'provenance']];
  for (let n = 1; n <= rows; n += 1)
    table.push([`GI-${n}`, `Work ${n}`, `Artist ${n}`, String(1950 + n), '']);
  table[3]![1] = ''; // row 4: no title
  table[6]![3] = 'ca. 1975'; // row 7: a year in words
  table[8]![0] = 'GI-1'; // row 9: the inventory number of row 2
  return Buffer.from('\uFEFF' + stringify(table, { record_delimiter: '\r\n' }));
}

const upload = (member: Member, bytes: Buffer, name = 'stock.csv', type = 'text/csv') =>
  postMultipart(context.app, '/console/assets/artworks/import', member, [
    { field: 'file', name, type, bytes },
  ]);

interface Progress {
  state: string;
  running: boolean;
  value: number;
  max: number;
  said: string;
}

/** Polls the page script's JSON until the import is in one of `states`. */
async function waitFor(member: Member, importPath: string, states: string[]): Promise<Progress> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const response = await get(`${importPath}/progress`, member.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const progress = response.json<Progress>();
    if (states.includes(progress.state)) return progress;
    if (Date.now() > deadline) throw new Error(`${importPath} stayed ${progress.state}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function assetCount(accountId: string): Promise<number> {
  const { rows } = await context.db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM assets WHERE account_id = $1',
    [accountId],
  );
  return rows[0]!.count;
}

describe('the Import page', () => {
  it('uploads a file, shows its columns, first rows and problems, imports the valid rows only and says the counts', async () => {
    const { accountId, members } = await galleryWith('editor');
    const editor = members[0]!;

    const list = await get('/console/assets/artworks', editor.cookie);
    expect(list.body).toContain('href="/console/assets/artworks/import"');
    expect(list.body).toContain('Import from a spreadsheet');
    const uploadPage = await get('/console/assets/artworks/import', editor.cookie);
    expect(uploadPage.statusCode).toBe(200);
    expect(uploadPage.body).toContain('enctype="multipart/form-data"');
    expect(uploadPage.body).toContain(`name="_csrf" value="${editor.csrf}"`);
    expect(uploadPage.body).toMatch(/accept="\.csv,\.xlsx,/);
    expect(uploadPage.body).toContain('No imports yet.');

    const uploaded = await upload(editor, stockCsv());
    expect(uploaded.statusCode, uploaded.body).toBe(303);
    const importPath = String(uploaded.headers.location);
    expect(importPath).toMatch(/^\/console\/imports\/[0-9a-f-]{36}$/);
    const ready = await waitFor(editor, importPath, ['ready']);
    expect(ready.running).toBe(false);
    expect(await assetCount(accountId)).toBe(0);

    const page = flat((await get(importPath, editor.cookie)).body);
    expect(page).toContain('Ready to start');
    // The mapping: headers to the fields' labels, a pass-through column named as such.
    expect(page).toContain('<td data-label="Column in the file">Titel</td><td data-label="Fills">Title</td>');
    expect(page).toContain(
      '<td data-label="Column in the file">Künstler</td><td data-label="Fills">Artist</td>',
    );
    expect(page).toContain('<td data-label="Fills">The extra field “provenance”</td>');
    // The first five rows, as read.
    expect(page).toContain('<th scope="row" class="number">6</th>');
    expect(page).not.toContain('<th scope="row" class="number">7</th>');
    expect(page).toContain('<td>Work 5</td>');
    // The problems, each with its row, its column and a sentence.
    expect(page).toContain('3 problems');
    expect(page).toContain(
      '<td data-label="Row" class="number">4</td><td data-label="Column">Titel</td><td data-label="Problem">Title is required.</td>',
    );
    expect(page).toMatch(
      /<td data-label="Row" class="number">7<\/td><td data-label="Column">year<\/td><td data-label="Problem">Year must be a whole number [^<]*<\/td>/,
    );
    expect(page).toContain(
      '<td data-label="Column">inventory_number</td><td data-label="Problem">Row 2 of the file already has this inventory number.</td>',
    );
    expect(page).toContain(`href="${importPath}/errors.csv"`);
    // With problems, the start is the explicit choice of the valid rows only.
    expect(page).toContain('Import the 17 valid rows only');
    expect(page).toContain('name="only_valid" value="true"');

    // The same problems in the reader's language.
    const german = flat((await get(`${importPath}?lang=de`, editor.cookie)).body);
    expect(german).toContain('<td data-label="Problem">„Titel“ ist ein Pflichtfeld.</td>');
    expect(german).toContain('Zeile 2 der Datei hat bereits diese Inventarnummer.');
    expect(german).toContain('Nur die 17 gültigen Zeilen importieren');

    // The problems as CSV: a BOM, the reader's words, one line a problem.
    const csv = await get(`${importPath}/errors.csv`, editor.cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="import-[0-9a-f-]{36}-errors\.csv"$/,
    );
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csv.body.slice(1).trimEnd().split('\r\n');
    expect(lines).toEqual([
      'Row,Column,Problem',
      '4,Titel,Title is required.',
      // A sentence with a comma is quoted, as RFC 4180 says.
      expect.stringMatching(/^7,year,"Year must be a whole number from 0 to 9999, written in figures\."$/),
      '9,inventory_number,Row 2 of the file already has this inventory number.',
    ]);

    // Starting without the choice is refused on the page; with it, the valid rows go in.
    const refused = await post(`${importPath}/start`, editor);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('3 rows have problems: correct the file, or import the valid rows only.');
    expect(await assetCount(accountId)).toBe(0);
    const started = await post(`${importPath}/start`, editor, { only_valid: 'true' });
    expect(started.statusCode, started.body).toBe(303);
    expect(started.headers.location).toBe(importPath);
    const done = await waitFor(editor, importPath, ['done']);
    expect(done).toMatchObject({ running: false, value: 17, max: 17 });
    expect(await assetCount(accountId)).toBe(17);
    const donePage = flat((await get(importPath, editor.cookie)).body);
    expect(donePage).toContain('17 created, 0 updated, 0 unchanged.');
    expect(donePage).toContain('<a href="/console/assets/artworks">Go to the list of Artworks</a>');
    expect(donePage).not.toContain('<progress');
    expect(donePage).not.toContain(`action="${importPath}/start"`);

    // The Import page lists it among the account's recent imports.
    const recent = (await get('/console/assets/artworks/import', editor.cookie)).body;
    expect(recent).toContain(`href="${importPath}"`);
    expect(recent).not.toContain('No imports yet.');
  });

  it('shows the progress bar while importing, and the page script’s JSON follows it', async () => {
    const { members } = await galleryWith('owner');
    const owner = members[0]!;
    const table = [['Title', 'year']];
    for (let n = 1; n <= 250; n += 1) table.push([`Print ${n}`, String(1900 + (n % 100))]);
    const uploaded = await upload(owner, Buffer.from(stringify(table)));
    const importPath = String(uploaded.headers.location);
    await waitFor(owner, importPath, ['ready']);
    const clean = flat((await get(importPath, owner.cookie)).body);
    expect(clean).toContain('Import 250 rows');
    expect(clean).not.toContain('only_valid');
    // The worker is held, so the page is seen between start and the first batch.
    await context.app.importWorker.stop();
    try {
      expect((await post(`${importPath}/start`, owner)).statusCode).toBe(303);
      const running = flat((await get(importPath, owner.cookie)).body);
      expect(running).toContain(`data-import-progress="${importPath}/progress"`);
      expect(running).toContain('<progress id="import-progress-bar" max="250" value="0">');
      expect(running).toContain('0 of 250 rows done');
      expect(running).toContain(`<a href="${importPath}">Refresh</a>`);
      expect(running).toContain(`action="${importPath}/cancel"`);
      const progress = await waitFor(owner, importPath, ['importing']);
      expect(progress).toEqual({
        state: 'importing',
        running: true,
        value: 0,
        max: 250,
        said: '0 of 250 rows done',
      });
    } finally {
      context.app.importWorker.start();
    }
    await waitFor(owner, importPath, ['done']);
    expect(flat((await get(importPath, owner.cookie)).body)).toContain(
      '250 created, 0 updated, 0 unchanged.',
    );
  });

  it('cancels a ready import, and says a file that is no spreadsheet on the upload page', async () => {
    const { accountId, members } = await galleryWith('editor');
    const editor = members[0]!;
    const uploaded = await upload(editor, stockCsv(10));
    const importPath = String(uploaded.headers.location);
    await waitFor(editor, importPath, ['ready']);
    const cancelled = await post(`${importPath}/cancel`, editor);
    expect(cancelled.statusCode).toBe(303);
    const page = await get(importPath, editor.cookie);
    expect(page.body).toContain('The import was cancelled.');
    expect(page.body).not.toContain(`action="${importPath}/start"`);
    expect(await assetCount(accountId)).toBe(0);

    const empty = await upload(editor, Buffer.from('\n\n'), 'empty.csv');
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('The file has no header row: its first row must name the columns.');
    expect(empty.body).toContain('enctype="multipart/form-data"');
    // A form without its CSRF token reads no file.
    const forged = await postMultipart(
      context.app,
      '/console/assets/artworks/import',
      { cookie: editor.cookie },
      [{ field: 'file', name: 'stock.csv', type: 'text/csv', bytes: stockCsv(10) }],
    );
    expect(forged.statusCode).toBe(403);
  });

  it('is an editor’s: a viewer sees no link and is refused, another account finds no such import', async () => {
    const { members } = await galleryWith('editor', 'viewer');
    const [editor, viewer] = members as [Member, Member];
    const uploaded = await upload(editor, stockCsv(10));
    const importPath = String(uploaded.headers.location);
    await waitFor(editor, importPath, ['ready']);

    const list = await get('/console/assets/artworks', viewer.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('/console/assets/artworks/import');
    for (const url of ['/console/assets/artworks/import', importPath, `${importPath}/errors.csv`]) {
      const refused = await get(url, viewer.cookie);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.body).toContain('Your role in this account does not allow this');
    }
    const json = await get(`${importPath}/progress`, viewer.cookie);
    expect(json.statusCode).toBe(403);
    expect(json.json()).toMatchObject({ code: 'forbidden_role' });
    expect((await upload(viewer, stockCsv(10))).statusCode).toBe(403);
    expect((await post(`${importPath}/start`, viewer, { only_valid: 'true' })).statusCode).toBe(403);

    const other = (await galleryWith('owner')).members[0]!;
    expect((await get(importPath, other.cookie)).statusCode).toBe(404);
    expect((await get(`${importPath}/errors.csv`, other.cookie)).statusCode).toBe(404);
    expect((await get(`${importPath}/progress`, other.cookie)).json()).toMatchObject({
      code: 'import_not_found',
    });
    expect((await post(`${importPath}/cancel`, other)).statusCode).toBe(404);
    expect((await get('/console/imports/not-an-id', editor.cookie)).statusCode).toBe(404);
  });
});
