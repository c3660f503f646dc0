import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssetViaApi, issueCertificateForTest, type CreatedAsset } from '../helpers/asset-factory.js';
import {
  decodeQr,
  pdfText,
  renderPages as renderPagesIn,
  savePdf as savePdfIn,
} from '../helpers/pdf-pictures.js';
import { useTestContext } from '../helpers/test-app.js';
import { CREDENTIALS_TEST_CONFIG, PUBLIC_URL } from '../credentials/credential-helpers.js';
import { pngImage } from '../media/media-fixtures.js';
import { joinedMember } from '../members/member-helpers.js';

const context = useTestContext({ config: CREDENTIALS_TEST_CONFIG });
const DID = 'did:web:localhost%3A1';

const work = mkdtempSync(path.join(tmpdir(), 'avs-print-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let auth: { authorization: string };
let viewer: { cookie: string };
let issued: CreatedAsset;
let second: CreatedAsset;
let pending: CreatedAsset;
let mediaId: string;

const get = (url: string, cookie = viewer.cookie) =>
  context.app.inject({ method: 'GET', url, headers: { cookie } });

beforeAll(async () => {
  const account = await context.createAccountWithKey({ name: 'Print Gallery' });
  auth = account.auth;
  issued = await createAssetViaApi(context.app, auth, 'artworks', {
    title: 'Water Lilies',
    artist: 'Claude Monet',
    year: 1916,
  });
  const uploaded = await context.app.inject({
    method: 'POST',
    url: `/files/v1/assets/artworks/${issued.id}/media?public=true`,
    headers: { ...auth, 'content-type': 'image/png' },
    payload: pngImage(320, 240),
  });
  expect(uploaded.statusCode).toBe(201);
  mediaId = uploaded.json<{ id: string }>().id;
  await issueCertificateForTest(context.db, issued);
  second = await createAssetViaApi(context.app, auth, 'artworks', { title: 'Haystacks' });
  await issueCertificateForTest(context.db, second);
  pending = await createAssetViaApi(context.app, auth, 'artworks', { title: 'Not yet' });
  viewer = await joinedMember(
    context.app,
    context.db,
    account.accountId,
    `viewer-${randomUUID()}@example.com`,
    'viewer',
  );
});

const savePdf = (bytes: Buffer) => savePdfIn(work, bytes);
const renderPages = (file: string) => renderPagesIn(work, file);

function pdfInfo(file: string): { pages: number; size: string } {
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return {
    pages: Number(/^Pages:\s+(\d+)/m.exec(info)![1]),
    size: /^Page size:\s+([\d.]+ x [\d.]+) pts/m.exec(info)![1]!,
  };
}

/** A rectangle of a rendered page, as its own picture (a label of the sheet). */
function crop(png: PNG, x: number, y: number, width: number, height: number): PNG {
  const out = new PNG({ width, height });
  PNG.bitblt(png, out, x, y, width, height, 0, 0);
  return out;
}

describe('the printable certificate', () => {
  it('is one A4 page whose QR code, rendered to a picture, reads the public page’s address', async () => {
    const response = await get(`/console/assets/artworks/${issued.id}/certificate.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="certificate-${issued.certificate_number}.pdf"`,
    );
    const file = savePdf(response.rawPayload);
    if (process.env.AVS_PRINT_SAMPLES)
      writeFileSync(path.join(process.env.AVS_PRINT_SAMPLES, 'certificate.pdf'), response.rawPayload);
    expect(pdfInfo(file)).toEqual({ pages: 1, size: '595.28 x 841.89' });
    const pages = renderPages(file);
    expect(pages).toHaveLength(1);
    expect(decodeQr(pages[0]!)).toBe(`${PUBLIC_URL}/c/${issued.certificate_number}`);
    const words = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(words).toContain(issued.certificate_number);
    expect(words).toContain('Water Lilies');
    expect(words).toContain(DID);
    const { rows } = await context.db.query<{ signing_key_id: string }>(
      'SELECT signing_key_id FROM certificate_credentials WHERE asset_id = $1',
      [issued.id],
    );
    expect(words).toContain(rows[0]!.signing_key_id);
    // The public image is embedded (pdfimages lists it).
    expect(execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })).toMatch(/\n\s+1\s+0\s+image/);
  });

  it('is one US Letter page with ?paper=letter, still readable', async () => {
    const response = await get(`/console/assets/artworks/${second.id}/certificate.pdf?paper=letter`);
    expect(response.statusCode).toBe(200);
    const file = savePdf(response.rawPayload);
    expect(pdfInfo(file)).toEqual({ pages: 1, size: '612 x 792' });
    expect(decodeQr(renderPages(file)[0]!)).toBe(`${PUBLIC_URL}/c/${second.certificate_number}`);
  });

  it('keeps to one page when the title is long and holds characters Helvetica cannot write', async () => {
    const long = await createAssetViaApi(context.app, auth, 'artworks', {
      title: `東京 — ${'A very long title of a work '.repeat(16)}`.slice(0, 480),
      medium: 'Ink on paper '.repeat(40),
      dimensions: '10 × 20 cm',
    });
    await issueCertificateForTest(context.db, long);
    for (const paper of ['a4', 'letter']) {
      const response = await get(`/console/assets/artworks/${long.id}/certificate.pdf?paper=${paper}`);
      expect(response.statusCode).toBe(200);
      const file = savePdf(response.rawPayload);
      expect(pdfInfo(file).pages).toBe(1);
      expect(decodeQr(renderPages(file)[0]!)).toBe(`${PUBLIC_URL}/c/${long.certificate_number}`);
    }
  });

  it('shows the page to print: QR code, number, issuer, key id and the public image at its public URL', async () => {
    const response = await get(`/console/assets/artworks/${issued.id}/certificate`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const page = response.body;
    expect(page).toContain('<link rel="stylesheet" href="/console/static/print.css" />');
    expect(page).toMatch(/<svg role="img" aria-label="QR code of the public page of certificate ART-/);
    expect(page).toContain(issued.certificate_number);
    expect(page).toContain(DID);
    expect(page).toContain(`src="/files/v1/media/${mediaId}"`);
    // The PDF is downloaded by a form: its language (the page's by default) and the paper of each button.
    expect(page).toContain(
      `<form method="get" action="/console/assets/artworks/${issued.id}/certificate.pdf"`,
    );
    expect(page).toContain('<button type="submit" name="paper" value="letter" class="button-secondary">');
    // The image is served to anyone (no cookie, no key) once the certificate is issued.
    expect((await context.app.inject({ method: 'GET', url: `/files/v1/media/${mediaId}` })).statusCode).toBe(
      200,
    );
    const css = await get('/console/static/print.css');
    expect(css.statusCode).toBe(200);
    expect(css.body).toContain('@media print');
    expect(css.body).toMatch(/@page\s*\{\s*[^}]*size: auto/);
  });

  it('refuses a pending certificate with the 409 page, for the page and the PDF', async () => {
    for (const suffix of ['certificate', 'certificate.pdf']) {
      const response = await get(`/console/assets/artworks/${pending.id}/${suffix}`);
      expect(response.statusCode).toBe(409);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain(
        'Cannot print the certificate of an asset whose certificate is pending.',
      );
    }
  });

  it('answers another account’s asset, an unknown planet and a malformed id with the 404 page', async () => {
    const other = await context.createAccountWithKey({ name: 'Other Gallery' });
    const theirs = await createAssetViaApi(context.app, other.auth);
    await issueCertificateForTest(context.db, theirs);
    for (const url of [
      `/console/assets/artworks/${theirs.id}/certificate`,
      `/console/assets/artworks/${theirs.id}/certificate.pdf`,
      `/console/assets/nowhere/${issued.id}/certificate`,
      `/console/assets/artworks/not-a-uuid/certificate.pdf`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).toContain('Not found');
    }
    const sheet = await get(`/console/labels.pdf?planet=artworks&ids=${theirs.id}`);
    expect(sheet.statusCode).toBe(404);
  });

  it('sends the sign-in page to a visitor without a session', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: `/console/assets/artworks/${issued.id}/certificate.pdf`,
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/console/login');
  });
});

describe('the label sheet', () => {
  it('offers the account’s issued certificates of a planet by checkbox, not pending ones', async () => {
    const response = await get('/console/labels?planet=artworks');
    expect(response.statusCode).toBe(200);
    const offered = [...response.body.matchAll(/name="ids"\s+value="([^"]+)"/g)].map((match) => match[1]);
    expect(offered).toEqual(expect.arrayContaining([issued.id, second.id]));
    expect(offered).not.toContain(pending.id);
    expect(response.body).toContain('formaction="/console/labels.pdf"');
    expect((await get('/console/labels?planet=watches')).body).toContain('No issued certificate');
    expect((await get('/console/labels?planet=nowhere')).statusCode).toBe(400);
  });

  it('prints the chosen labels as a page with print CSS', async () => {
    const response = await get(`/console/labels/sheet?planet=artworks&ids=${issued.id}&ids=${second.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('/console/static/print.css');
    expect(response.body.match(/<li class="print-label">/g)).toHaveLength(2);
    expect(response.body).toContain(
      `href="/console/labels.pdf?planet=artworks&amp;ids=${issued.id}&amp;ids=${second.id}"`,
    );
  });

  it('downloads a PDF where each chosen certificate’s label decodes to its public page', async () => {
    const response = await get(`/console/labels.pdf?planet=artworks&ids=${issued.id}&ids=${second.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="labels-artworks.pdf"');
    const file = savePdf(response.rawPayload);
    expect(pdfInfo(file)).toEqual({ pages: 1, size: '595.28 x 841.89' });
    const [page] = renderPages(file);
    // The grid: 18 pt margins, 3 across and 8 down, at 150 dpi.
    const scale = 150 / 72;
    const margin = Math.round(18 * scale);
    const cellWidth = Math.floor((page!.width - 2 * margin) / 3);
    const cellHeight = Math.floor((page!.height - 2 * margin) / 8);
    const decoded = [0, 1].map((index) =>
      decodeQr(crop(page!, margin + index * cellWidth, margin, cellWidth, cellHeight)),
    );
    expect(decoded).toEqual([
      `${PUBLIC_URL}/c/${issued.certificate_number}`,
      `${PUBLIC_URL}/c/${second.certificate_number}`,
    ]);
    const words = pdfText(file);
    expect(words).toContain(issued.certificate_number);
    expect(words).toContain(second.certificate_number);
  });

  it('lays 25 labels on two pages of US Letter', async () => {
    // A repeated id is one label: 25 labels need 25 issued certificates.
    const more: string[] = [];
    for (let index = 0; index < 23; index++) {
      const asset = await createAssetViaApi(context.app, auth, 'artworks', { title: `Study ${index}` });
      await issueCertificateForTest(context.db, asset);
      more.push(asset.id);
    }
    const query = [issued.id, second.id, ...more].map((id) => `ids=${id}`).join('&');
    const response = await get(`/console/labels.pdf?planet=artworks&paper=letter&${query}`);
    expect(response.statusCode).toBe(200);
    expect(pdfInfo(savePdf(response.rawPayload))).toEqual({ pages: 2, size: '612 x 792' });
  });

  it('refuses an empty choice and a pending certificate', async () => {
    const none = await get('/console/labels/sheet?planet=artworks');
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain('Choose at least one certificate.');
    const withPending = await get(`/console/labels.pdf?planet=artworks&ids=${issued.id}&ids=${pending.id}`);
    expect(withPending.statusCode).toBe(409);
  });
});
