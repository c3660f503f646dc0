import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import sharp from 'sharp';
import { launchChromium, openPage, seriousViolations } from '../helpers/browser.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/lib/package-root.js';
import { ADMIN_PASSWORD, createAdmin } from '../admin/admin-helpers.js';
import { createAssetViaApi } from '../helpers/asset-factory.js';
import { useTestContext } from '../helpers/test-app.js';
import { jpegWithGps, pdfDocument } from '../media/media-fixtures.js';

const SCREENSHOTS = path.join(packageRoot, 'test-artifacts', 'screenshots', 'media');
const ADMIN_TOKEN = 'admin-token-for-media-browser-test-0123';

const context = useTestContext({
  config: { AVS_ADMIN_TOKEN: ADMIN_TOKEN, AVS_PUBLIC_RATE_LIMIT_BURST: 100_000 },
});
let browser: Browser;
let desktop: BrowserContext;
let phone: BrowserContext;
let baseUrl: string;
let asset: { id: string; certificate_number: string };
const uploaded: Record<'painting' | 'back' | 'report', { id: string }> = {
  painting: { id: '' },
  back: { id: '' },
  report: { id: '' },
};

/** A small "painting": an SVG sunrise over water, rendered to JPEG. */
async function painting(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#35506e"/><stop offset="1" stop-color="#e59a6b"/></linearGradient></defs>
    <rect width="900" height="600" fill="url(#sky)"/>
    <circle cx="560" cy="300" r="60" fill="#f25c2a"/>
    <rect y="330" width="900" height="270" fill="#2c4a63"/>
    ${Array.from({ length: 14 }, (_, i) => `<rect x="${470 + (i % 3) * 20}" y="${345 + i * 17}" width="${120 - i * 5}" height="5" fill="#f08a4b"/>`).join('')}
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

async function upload(
  auth: { authorization: string },
  file: Buffer,
  type: string,
  query: string,
): Promise<{ id: string }> {
  const response = await context.app.inject({
    method: 'POST',
    url: `/files/v1/assets/artworks/${asset.id}/media${query}`,
    headers: { ...auth, 'content-type': type },
    payload: file,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>();
}

/** Every image of the page was fetched and decoded (naturalWidth is 0 for one the CSP or a 404 refused). */
async function imagesLoaded(page: Page, selector: string): Promise<number[]> {
  return page
    .locator(selector)
    .evaluateAll((images) =>
      images.map((image) => (image as unknown as { naturalWidth: number }).naturalWidth),
    );
}

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await createAdmin(context.db, 'operator@example.com');
  const { auth } = await context.createAccountWithKey({ name: 'Galerie Lumière' });
  asset = await createAssetViaApi(context.app, auth, 'artworks', {
    title: 'Impression, soleil levant',
    artist: 'Claude Monet',
    medium: 'Oil on canvas',
    dimensions: '48 × 63 cm',
    year: 1872,
  });
  uploaded.painting = await upload(auth, await painting(), 'image/jpeg', '?public=true&caption=Front');
  uploaded.back = await upload(auth, await jpegWithGps(), 'image/jpeg', '?caption=Back%20of%20the%20canvas');
  uploaded.report = await upload(auth, pdfDocument(), 'application/pdf', '?caption=Condition%20report');
  const issued = await context.app.inject({
    method: 'POST',
    url: `/admin/api/certificates/${asset.certificate_number}/issue`,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    payload: {},
  });
  expect(issued.statusCode, issued.body).toBe(200);
  await context.app.inject({
    method: 'POST',
    url: '/api/v1/verify',
    headers: auth,
    payload: { planet: 'artworks', asset_id: asset.id },
  });

  await context.app.listen({ host: 'localhost', port: 0 });
  const address = context.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  baseUrl = `http://localhost:${address.port}`;
  browser = await launchChromium();
  desktop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
  });
});

afterAll(async () => {
  await browser?.close();
});

describe('media in Chromium', () => {
  it('shows the first public image on the public certificate page, and never a private one', async () => {
    const page = await openPage(desktop, `${baseUrl}/c/${asset.certificate_number}`);
    const image = page.getByRole('img', { name: 'Front' });
    expect(await image.getAttribute('src')).toBe(`/files/v1/media/${uploaded.painting.id}`);
    expect(await imagesLoaded(page, '.certificate-image img')).toEqual([900]);
    const html = await page.content();
    expect(html).not.toContain(uploaded.back.id);
    expect(html).not.toContain(uploaded.report.id);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'public-page-desktop.png'), fullPage: true });
    await page.close();
    const narrow = await openPage(phone, `${baseUrl}/c/${asset.certificate_number}`);
    expect(await narrow.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await narrow.screenshot({ path: path.join(SCREENSHOTS, 'public-page-phone.png'), fullPage: true });
    await narrow.close();
    // The private one is 404 to the browser, which holds no key.
    const privateBytes = await fetch(`${baseUrl}/files/v1/media/${uploaded.back.id}`);
    expect(privateBytes.status).toBe(404);
  });

  it('opens the asset page from the certificate queue: fields, thumbnails, timeline, verifications, moves', async () => {
    const page = await openPage(desktop, `${baseUrl}/admin/login`);
    await page.getByLabel('Email').fill('operator@example.com');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${baseUrl}/admin`);
    await page.goto(`${baseUrl}/admin/certificates?status=issued&planet=artworks`);
    await page.getByRole('link', { name: 'Impression, soleil levant' }).click();
    await page.waitForURL(`${baseUrl}/admin/assets/artworks/${asset.id}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Impression, soleil levant');

    // Both images load behind the session (the private one too), the PDF is a link.
    expect(await imagesLoaded(page, '.media-grid img')).toEqual([900, 80]);
    expect(await page.getByRole('img', { name: 'Back of the canvas' }).count()).toBe(1);
    expect(await page.locator('.media-grid a').nth(2).getAttribute('href')).toBe(
      `/admin/assets/artworks/${asset.id}/media/${uploaded.report.id}`,
    );
    const events: (string | null)[] = [];
    for (const item of await page.locator('.timeline li').all())
      events.push(await item.getAttribute('data-event'));
    expect(events).toEqual(['CREATED', 'MEDIA_ADDED', 'MEDIA_ADDED', 'MEDIA_ADDED', 'CERTIFICATE_ISSUED']);
    expect(await page.locator('#verifications-heading').textContent()).toContain('1');
    expect(await page.getByRole('link', { name: 'Signed credential (JSON)' }).getAttribute('href')).toBe(
      `/c/${asset.certificate_number}/credential`,
    );
    const fields = (await page.getByRole('region', { name: 'Fields' }).textContent()) ?? '';
    for (const text of ['Claude Monet', 'Oil on canvas', '1872']) expect(fields).toContain(text);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'admin-asset-page.png'), fullPage: true });

    // A move from the page, with its CSRF token: suspend with a reason, back to the page with a notice.
    await page.getByText('Suspend…').click();
    await page.getByLabel('Reason (optional)').fill('Provenance query from a buyer');
    await page.getByRole('button', { name: 'Suspend', exact: true }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('suspended');
    expect(new URL(page.url()).pathname).toBe(`/admin/assets/artworks/${asset.id}`);
    expect(await page.locator('.timeline li').last().getAttribute('data-event')).toBe(
      'CERTIFICATE_SUSPENDED',
    );
    await page.screenshot({ path: path.join(SCREENSHOTS, 'admin-asset-page-suspended.png'), fullPage: true });
    await page.close();
  });
});
