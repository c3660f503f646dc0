import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { type Browser, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/lib/package-root.js';
import {
  accessibilityProblems,
  desktopAndPhone,
  freePort,
  launchChromium,
  openPage,
} from '../helpers/browser.js';
import { createAssetViaApi, issueCertificateForTest } from '../helpers/asset-factory.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';
import { fixturePhoto } from '../media/media-fixtures.js';

const SCREENSHOTS = path.join(packageRoot, 'test-artifacts', 'screenshots', 'photo-search');

let context: TestContext;
let browser: Browser;
let widths: Record<'desktop' | 'phone', BrowserContext>;
let baseUrl: string;
/** Photographs a dealer was offered: each a resized JPEG copy of a stolen asset's image. */
const offered: Record<'public' | 'private', Buffer> = { public: Buffer.alloc(0), private: Buffer.alloc(0) };
/** The stored pictures' widths, as the page's image must load them. */
const stored: Record<'public' | 'private', number> = { public: 0, private: 0 };

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const port = await freePort();
  baseUrl = `http://localhost:${port}`;
  context = await createTestContext({
    config: { AVS_PUBLIC_URL: baseUrl, AVS_PUBLIC_RATE_LIMIT_BURST: 100_000 },
  });
  const { auth } = await context.createAccountWithKey();
  // Two stolen artworks: one shows its photograph publicly, the other keeps it private.
  for (const [which, file, visibility] of [
    ['public', 'yellow-flower.jpg', 'true'],
    ['private', 'fresh-flower.jpg', 'false'],
  ] as const) {
    const asset = await createAssetViaApi(context.app, auth, 'artworks', {
      title: which === 'public' ? 'Portrait of a Lady in Blue' : 'Still Life with Lemons',
    });
    const photo = fixturePhoto(file);
    const uploaded = await context.app.inject({
      method: 'POST',
      url: `/files/v1/assets/artworks/${asset.id}/media?public=${visibility}`,
      headers: { ...auth, 'content-type': 'image/jpeg' },
      payload: photo,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    await issueCertificateForTest(context.db, asset);
    const raised = await context.app.inject({
      method: 'POST',
      url: `/api/v1/assets/artworks/${asset.id}/alerts`,
      headers: auth,
      payload: { kind: 'stolen', occurred_at: '2026-03-14' },
    });
    expect(raised.statusCode, raised.body).toBe(201);
    stored[which] = uploaded.json<{ width: number }>().width;
    offered[which] = await sharp(photo).resize({ width: 200 }).jpeg({ quality: 70 }).toBuffer();
  }
  await context.app.listen({ host: 'localhost', port });
  browser = await launchChromium();
  widths = await desktopAndPhone(browser);
});

afterAll(async () => {
  await browser?.close();
  await context?.close();
});

describe('the photo search of the public look-up page', () => {
  for (const width of ['desktop', 'phone'] as const) {
    it(`uploads a photograph and shows the matches as cards (${width})`, async () => {
      const page = await openPage(widths[width], `${baseUrl}/c`);
      expect(await accessibilityProblems(page)).toEqual([]);
      const photo = width === 'desktop' ? offered.public : offered.private;
      await page.getByLabel('Photograph of the object').setInputFiles({
        name: 'offered.jpg',
        mimeType: 'image/jpeg',
        buffer: photo,
      });
      await Promise.all([
        page.waitForURL(`${baseUrl}/c/search`),
        page.getByRole('button', { name: 'Search' }).click(),
      ]);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
        '1 reported asset looks like this photograph',
      );
      const card = page.getByRole('article');
      await expect.poll(() => card.count()).toBe(1);
      expect(await card.textContent()).toContain('Reported stolen');
      if (width === 'desktop') {
        // The public photograph, loaded under the page's CSP (img-src 'self'), named for a screen reader.
        const picture = card.getByRole('img', { name: 'Photograph of Portrait of a Lady in Blue' });
        await expect
          .poll(() => picture.evaluate((image: { naturalWidth: number }) => image.naturalWidth))
          .toBe(stored.public);
      } else {
        // A private photograph matched: it is never shown.
        expect(await card.getByRole('img').count()).toBe(0);
        expect(await card.textContent()).toContain('is private: it is not shown');
      }
      expect(await accessibilityProblems(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOTS, `results-${width}.png`), fullPage: true });
      if (width === 'phone') {
        // A file that is not a photograph: a page that says so, with the form again (the results page has it too).
        await page.getByLabel('Photograph of the object').setInputFiles({
          name: 'notes.jpg',
          mimeType: 'image/jpeg',
          buffer: Buffer.from('not a picture at all'),
        });
        const [refused] = await Promise.all([
          page.waitForResponse(`${baseUrl}/c/search`),
          page.getByRole('button', { name: 'Search' }).click(),
        ]);
        expect(refused.status()).toBe(415);
        await expect
          .poll(() => page.getByRole('heading', { level: 1 }).textContent())
          .toBe('The photograph could not be searched');
        expect(await page.getByLabel('Photograph of the object').count()).toBe(1);
      } else {
        // The card's title opens the certificate's page, where the alert and whom to tell are.
        await card.getByRole('link').click();
        await page.waitForURL(/\/c\/ART-\d{4}-\d+$/);
      }
      await page.close();
    });
  }
});
