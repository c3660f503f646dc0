import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/modules/accounts/accounts.service.js';
import { createAssetViaApi, issueThroughAdminApi } from '../helpers/asset-factory.js';
import { consoleSignedIn, freePort, launchChromium } from '../helpers/browser.js';
import { decodeQr, pdfText, renderPages, savePdf } from '../helpers/pdf-pictures.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';
import { jpegMarkers, jpegWithGps, pdfDocument } from '../media/media-fixtures.js';
import { joinedMembers, MEMBER_PASSWORD } from '../members/member-helpers.js';

// The issue's "Must show", end to end in Chromium: every step through the console's forms, as a person does it; the
// operator's one move (issuing) through the admin API. The public URL is the address the browser opens, so the QR
// code of the printed certificate names the page this server answers.
const ADMIN_TOKEN = 'admin-token-for-the-console-journey-0123';
const TITLE = 'Impression, soleil levant';

let context: TestContext;
let browser: Browser;
let baseUrl: string;
let gallery: string;
let auctionHouse: string;
const work = mkdtempSync(path.join(tmpdir(), 'avs-journey-'));

beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  context = await createTestContext({
    config: { AVS_PUBLIC_URL: baseUrl, AVS_ADMIN_TOKEN: ADMIN_TOKEN, AVS_PUBLIC_RATE_LIMIT_BURST: 100_000 },
  });
  await context.app.listen({ host: '127.0.0.1', port });
  gallery = (await createAccount(context.db, { name: 'Galerie Lumière' })).id;
  auctionHouse = (await createAccount(context.db, { name: 'Maison de Ventes' })).id;
  await joinedMembers(context.app, context.db, [
    [gallery, 'editor@galerie.example', 'editor'],
    [gallery, 'viewer@galerie.example', 'viewer'],
    [auctionHouse, 'registrar@ventes.example', 'editor'],
  ]);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await context?.close();
  rmSync(work, { recursive: true, force: true });
});

/** A browser of its own, signed in through the sign-in form with the password chosen at the invitation. */
const signIn = (email: string) => consoleSignedIn(browser, baseUrl, { email, password: MEMBER_PASSWORD });

/** The answer's status and h1 of a page the browser opens. */
async function visit(page: Page, url: string): Promise<{ status: number | undefined; heading: string }> {
  const response = await page.goto(`${baseUrl}${url}`);
  return { status: response?.status(), heading: (await page.locator('h1').first().innerText()).trim() };
}

describe('the console, end to end in Chromium', () => {
  let editor: { browserContext: BrowserContext; page: Page };
  let assetPath: string;
  let assetId: string;
  let number: string;

  beforeAll(async () => {
    editor = await signIn('editor@galerie.example');
  });

  it('an editor registers an artwork with typed fields, adds a photo with GPS and a PDF, and sees it pending', async () => {
    const { page } = editor;
    await page.goto(`${baseUrl}/console/assets/artworks`);
    await page.getByRole('link', { name: 'Register an asset' }).click();
    await page.waitForURL(`${baseUrl}/console/assets/artworks/new`);
    await page.getByLabel('Title').fill('Impression, soleil levant');
    await page.getByLabel('Artist').fill('Claude Monet');
    await page.getByLabel('Medium').fill('Oil on canvas');
    await page.getByLabel('Year').fill('1872');
    await page.locator('#extra-name-0').fill('provenance');
    await page.locator('#extra-value-0').fill('Musée Marmottan');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.waitForURL(/\/console\/assets\/artworks\/[0-9a-f-]{36}$/);
    assetPath = new URL(page.url()).pathname;
    assetId = assetPath.split('/').pop()!;
    const notice = await page.getByRole('status').innerText();
    number = /certificate (ART-\d{4}-\d+)/.exec(notice)![1]!;
    const record = page.locator('section[aria-labelledby="record-heading"]');
    expect(await record.innerText()).toContain('Claude Monet');
    // The year is typed: stored as the number 1872, not the text "1872".
    const { rows } = await context.db.query<{ attributes: Record<string, unknown> }>(
      'SELECT attributes FROM assets WHERE id = $1',
      [assetId],
    );
    expect(rows[0]?.attributes).toMatchObject({ year: 1872, provenance: 'Musée Marmottan' });

    await page.locator('#upload-files').setInputFiles([
      { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await jpegWithGps() },
      { name: 'condition.pdf', mimeType: 'application/pdf', buffer: pdfDocument() },
    ]);
    await page.locator('#upload-visibility').selectOption('public');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.waitForURL(`${baseUrl}${assetPath}`);
    expect(await page.getByRole('status').innerText()).toContain('2 files added.');
    expect(await page.locator('#media-heading .count').innerText()).toBe('2');
    expect(await page.locator('section[aria-labelledby="verifications-heading"] .badge').innerText()).toBe(
      'pending',
    );

    // The photo as the console gives it back: the EXIF segment (and the position in it) is gone.
    const links = await page.locator('section[aria-labelledby="media-heading"] a[href*="/media/"]').all();
    const mediaLinks = await Promise.all(links.map(async (link) => (await link.getAttribute('href'))!));
    const downloads = await Promise.all(
      [...new Set(mediaLinks)].map((href) => editor.browserContext.request.get(`${baseUrl}${href}`)),
    );
    const photo = downloads.find((download) => download.headers()['content-type'] === 'image/jpeg');
    expect(photo, 'the photo is downloadable').toBeDefined();
    const bytes = await photo!.body();
    expect(jpegMarkers(bytes)).not.toContain(0xffe1);
    expect(bytes.includes(Buffer.from('GPS'))).toBe(false);
    expect(downloads.some((download) => download.headers()['content-type'] === 'application/pdf')).toBe(true);
  });

  it('the operator issues it; the editor prints the certificate: its PDF shows the number and a QR of /c/{number}', async () => {
    await issueThroughAdminApi(context.app, ADMIN_TOKEN, number);

    const { page } = editor;
    await page.goto(`${baseUrl}${assetPath}`);
    expect(await page.locator('section[aria-labelledby="verifications-heading"] .badge').innerText()).toBe(
      'issued',
    );
    await page.getByRole('link', { name: 'Print the certificate or download it as PDF' }).click();
    await page.waitForURL(`${baseUrl}${assetPath}/certificate`);
    // The certificate's language is the page's unless another is chosen; the A4 button downloads it.
    expect(await page.getByLabel('Language of the certificate').inputValue()).toBe('en');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF (A4)' }).click(),
    ]);
    const downloaded = new URL(download.url());
    expect(`${downloaded.pathname}${downloaded.search}`).toBe(
      `${assetPath}/certificate.pdf?language=en&paper=a4`,
    );
    const pdf = await editor.browserContext.request.get(downloaded.href);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const file = savePdf(work, await pdf.body());
    const pages = renderPages(work, file);
    expect(pages).toHaveLength(1);
    expect(decodeQr(pages[0]!)).toBe(`${baseUrl}/c/${number}`);
    expect(pdfText(file)).toContain(number);
  });

  it('a viewer reads the lists without a create button and gets the 403 page on the create form', async () => {
    const viewer = await signIn('viewer@galerie.example');
    const { page } = viewer;
    await page.goto(`${baseUrl}/console/assets/artworks`);
    expect(await page.getByRole('link', { name: TITLE }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Register an asset' }).count()).toBe(0);
    expect(await page.locator('a[href$="/new"]').count()).toBe(0);
    await page.goto(`${baseUrl}${assetPath}`);
    expect(await page.locator('main form[method="post"]').count()).toBe(0);
    expect(await page.getByRole('button', { name: /Upload|Report|Offer|Save changes/ }).count()).toBe(0);
    const refused = await visit(page, '/console/assets/artworks/new');
    expect(refused.status).toBe(403);
    expect(await page.locator('main').innerText()).toContain('Your role in this account does not allow this');
    await viewer.browserContext.close();
  });

  it("another account's asset is the 404 page", async () => {
    const { auth } = await context.createAccountWithKey({ name: 'Someone else' });
    const theirs = await createAssetViaApi(context.app, auth, 'artworks', { title: 'Not yours' });
    const { status } = await visit(editor.page, `/console/assets/artworks/${theirs.id}`);
    expect(status).toBe(404);
    expect(await editor.page.locator('main').innerText()).not.toContain('Not yours');
    expect(await editor.page.locator('main').innerText()).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it("reporting it stolen turns the public page's warning on", async () => {
    const publicPage = await editor.browserContext.newPage();
    await publicPage.goto(`${baseUrl}/c/${number}`);
    expect(await publicPage.locator('.alert-warning').count()).toBe(0);

    const { page } = editor;
    await page.goto(`${baseUrl}${assetPath}`);
    await page.getByText('Report stolen or lost…').click();
    await page.locator('#alert-kind').selectOption('stolen');
    await page.locator('#alert-occurred').fill('2026-01-15');
    await page.locator('#alert-reference').fill('PP-2026-0042');
    await page.getByRole('button', { name: 'Report', exact: true }).click();
    await page.waitForURL(`${baseUrl}${assetPath}`);
    expect(await page.locator('.alert-banner').textContent()).toContain('Reported stolen');

    await publicPage.reload();
    const warning = publicPage.locator('.alert-warning[role="alert"]');
    expect(await warning.isVisible()).toBe(true);
    expect(await warning.textContent()).toContain('Reported stolen');
    await publicPage.close();

    // Found again: resolved, the warning goes.
    await page.getByRole('button', { name: 'Resolve: recovered' }).click();
    await page.waitForURL(`${baseUrl}${assetPath}`);
    expect(await page.locator('.alert-banner').count()).toBe(0);
  });

  it('a transfer offered by the gallery is accepted by a member of the auction house in another browser', async () => {
    const { page } = editor;
    await page.goto(`${baseUrl}${assetPath}`);
    await page.getByLabel('Account id').fill(auctionHouse);
    await page.getByRole('button', { name: 'Offer', exact: true }).click();
    await page.waitForURL(`${baseUrl}${assetPath}`);
    expect(await page.getByRole('status').innerText()).toContain('Transfer offered.');

    const registrar = await signIn('registrar@ventes.example');
    await registrar.page.goto(`${baseUrl}/console/transfers`);
    await registrar.page.getByRole('button', { name: `Accept the offer of ${number}` }).click();
    await registrar.page.waitForURL(`${baseUrl}/console/transfers`);
    expect(await registrar.page.getByRole('status').innerText()).toContain(`Accepted: ${number}`);
    const theirs = await visit(registrar.page, assetPath);
    expect(theirs.status).toBe(200);
    expect(theirs.heading).toBe(TITLE);
    await registrar.browserContext.close();

    // The gallery no longer owns it: its asset page is the 404 page now.
    expect((await visit(page, assetPath)).status).toBe(404);
    await editor.browserContext.close();
  });
});
