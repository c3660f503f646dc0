import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { publicBaseUrl } from '../../src/modules/signing/issuer-identity.js';
import { createAssetViaApi, issueCertificateForTest } from '../helpers/asset-factory.js';
import { useTestContext, type TestContext } from '../helpers/test-app.js';
import { joinedMember } from '../members/member-helpers.js';

// GET /files/v1/exports/{planet} (issue #49 item 3, docs/inventory.md): the account's assets as CSV or XLSX.
const context = useTestContext();
let gallery: Awaited<ReturnType<TestContext['createAccountWithKey']>>;
let issuedNumber: string;

beforeAll(async () => {
  gallery = await context.createAccountWithKey({ name: 'Galerie Export' });
  const issued = await createAssetViaApi(context.app, gallery.auth, 'artworks', {
    title: 'Harbour at dusk',
    inventory_number: 'GE-1',
    artist: 'Anna Berg',
    year: 1975,
    provenance: 'Private collection, Oslo',
  });
  await issueCertificateForTest(context.db, issued);
  issuedNumber = issued.certificate_number;
  await createAssetViaApi(context.app, gallery.auth, 'artworks', {
    title: '=HYPERLINK("http://evil.example")',
    inventory_number: 'GE-2',
    exhibitions: ['Bergen 1980', 'Oslo 1982'],
  });
  const other = await context.createAccountWithKey();
  await createAssetViaApi(context.app, other.auth, 'artworks', { title: 'Not ours' });
});

const download = (query: string, accept?: string) =>
  context.app.inject({
    method: 'GET',
    url: `/files/v1/exports/artworks${query}`,
    headers: { ...gallery.auth, ...(accept ? { accept } : {}) },
  });

describe('CSV export', () => {
  it('has a header of field names, one row per asset of the account, newest first, and a BOM', async () => {
    const response = await download('');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="artworks-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const rows = parse<Record<string, string>>(response.body, { bom: true, columns: true });
    expect(rows.map((row) => row.inventory_number)).toEqual(['GE-2', 'GE-1']);
    const header = Object.keys(rows[0]!);
    expect(header.slice(0, 3)).toEqual(['certificate_number', 'inventory_number', 'title']);
    expect(header).toEqual(
      expect.arrayContaining(['artist', 'year', 'provenance', 'exhibitions', 'public_page_url']),
    );
    // The planet's fields come in their declared order, before the other fields.
    expect(header.indexOf('artist')).toBeLessThan(header.indexOf('exhibitions'));
    expect(rows[1]).toMatchObject({
      certificate_number: issuedNumber,
      title: 'Harbour at dusk',
      artist: 'Anna Berg',
      year: '1975',
      provenance: 'Private collection, Oslo',
      certificate_status: 'issued',
      public_page_url: `${publicBaseUrl(context.app.config)}/c/${issuedNumber}`,
    });
    expect(rows[0]).toMatchObject({ exhibitions: '["Bergen 1980","Oslo 1982"]', public_page_url: '' });
  });

  it('defuses a cell a spreadsheet would run as a formula', async () => {
    const rows = parse<Record<string, string>>((await download('')).body, { bom: true, columns: true });
    expect(rows[0]!.title).toBe(`'=HYPERLINK("http://evil.example")`);
  });

  it('quotes a cell with a comma, a quote or a line break, so that a CSV reader gets it back whole', async () => {
    const dealer = await context.createAccountWithKey();
    const title = 'Sea, "calm"\r\nat night';
    await createAssetViaApi(context.app, dealer.auth, 'artworks', {
      title,
      medium: 'oil, on "board"\nframed',
    });
    const response = await context.app.inject({
      method: 'GET',
      url: '/files/v1/exports/artworks',
      headers: dealer.auth,
    });
    expect(response.body).toContain('"Sea, ""calm""\r\nat night"');
    const rows = parse<Record<string, string>>(response.body, { bom: true, columns: true });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ title, medium: 'oil, on "board"\nframed' });
  });

  it('takes the list’s filters', async () => {
    const rows = parse<Record<string, string>>((await download('?certificate_status=issued')).body, {
      bom: true,
      columns: true,
    });
    expect(rows.map((row) => row.inventory_number)).toEqual(['GE-1']);
    expect((await download('?status=nonsense')).statusCode).toBe(400);
  });

  it('needs a key', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/files/v1/exports/artworks' });
    expect(response.statusCode).toBe(401);
  });
});

describe('XLSX export', () => {
  it('is chosen by format= or by Accept, and keeps numbers as numbers', async () => {
    const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    for (const response of [await download('?format=xlsx'), await download('', xlsxType)]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(xlsxType);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.getWorksheet('artworks')!;
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      const column = (name: string) => header.indexOf(name) + 1;
      expect(sheet.rowCount).toBe(3);
      expect(sheet.getRow(3).getCell(column('year')).value).toBe(1975);
      expect(sheet.getRow(3).getCell(column('title')).value).toBe('Harbour at dusk');
      // XLSX cells are typed: a text that starts with = stays text, as stored.
      expect(sheet.getRow(2).getCell(column('title')).value).toBe('=HYPERLINK("http://evil.example")');
    }
  });
});

describe('the console’s Download', () => {
  it('a member downloads the list as shown, filters and all, as CSV or XLSX', async () => {
    const viewer = await joinedMember(
      context.app,
      context.db,
      gallery.accountId,
      'export-viewer@example.com',
      'viewer',
    );
    const list = await context.app.inject({
      method: 'GET',
      url: '/console/assets/artworks?certificate_status=issued',
      headers: { cookie: viewer.cookie },
    });
    const href = /<a href="([^"]*export[^"]*format=csv[^"]*)" download>CSV<\/a>/.exec(list.body)?.[1];
    expect(href).toBe('/console/assets/artworks/export?certificate_status=issued&amp;format=csv');
    const csv = await context.app.inject({
      method: 'GET',
      url: href!.replaceAll('&amp;', '&'),
      headers: { cookie: viewer.cookie },
    });
    expect(csv.statusCode).toBe(200);
    const rows = parse<Record<string, string>>(csv.body, { bom: true, columns: true });
    expect(rows.map((row) => row.inventory_number)).toEqual(['GE-1']);
    const xlsx = await context.app.inject({
      method: 'GET',
      url: '/console/assets/artworks/export?format=xlsx',
      headers: { cookie: viewer.cookie },
    });
    expect(xlsx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
  });
});
