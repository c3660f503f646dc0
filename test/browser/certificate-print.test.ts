import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/lib/package-root.js';
import { createAssetViaApi, issueCertificateForTest, type CreatedAsset } from '../helpers/asset-factory.js';
import { launchChromium, openPage } from '../helpers/browser.js';
import { useTestContext } from '../helpers/test-app.js';
import { pngImage } from '../media/media-fixtures.js';
import { joinedMember } from '../members/member-helpers.js';

const SCREENSHOTS = path.join(packageRoot, 'test-artifacts', 'screenshots');
const context = useTestContext();
const work = mkdtempSync(path.join(tmpdir(), 'avs-print-browser-'));
let browser: Browser;
let baseUrl: string;
let cookie: { name: string; value: string };
let asset: CreatedAsset;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await context.app.listen({ host: '127.0.0.1', port: 0 });
  const address = context.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  baseUrl = `http://127.0.0.1:${address.port}`;
  const account = await context.createAccountWithKey({ name: 'Print Gallery' });
  asset = await createAssetViaApi(context.app, account.auth, 'artworks', {
    title: 'Water Lilies',
    artist: 'Claude Monet',
    medium: 'Oil on canvas',
    year: 1916,
  });
  await context.app.inject({
    method: 'POST',
    url: `/files/v1/assets/artworks/${asset.id}/media?public=true`,
    headers: { ...account.auth, 'content-type': 'image/png' },
    payload: pngImage(800, 600),
  });
  await issueCertificateForTest(context.db, asset);
  const viewer = await joinedMember(
    context.app,
    context.db,
    account.accountId,
    'print-viewer@example.com',
    'viewer',
  );
  const [name, value] = viewer.cookie.split('=') as [string, string];
  cookie = { name, value };
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  rmSync(work, { recursive: true, force: true });
});

async function signedIn(viewport: { width: number; height: number }): Promise<BrowserContext> {
  const browserContext = await browser.newContext({ viewport, isMobile: viewport.width < 500 });
  await browserContext.addCookies([{ ...cookie, url: `${baseUrl}/console` }]);
  return browserContext;
}

describe('printing in a browser', () => {
  // axe-core and the widths of these pages: test/browser/console-walk.test.ts walks every console page.
  it('prints the certificate page on one sheet of A4 and of US Letter, without the console around it', async () => {
    const browserContext = await signedIn({ width: 1280, height: 900 });
    const page = await openPage(browserContext, `${baseUrl}/console/assets/artworks/${asset.id}/certificate`);
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.site-header').isVisible()).toBe(false);
    expect(await page.locator('.printed-certificate svg.qr').isVisible()).toBe(true);
    await page.screenshot({
      path: path.join(SCREENSHOTS, 'console-print-certificate-print-media.png'),
      fullPage: true,
    });
    for (const format of ['A4', 'Letter'] as const) {
      const file = path.join(work, `${format}.pdf`);
      writeFileSync(file, await page.pdf({ format, preferCSSPageSize: true }));
      const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
      expect(/^Pages:\s+(\d+)/m.exec(info)![1], format).toBe('1');
      const words = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
      expect(words).toContain(asset.certificate_number);
    }
    await browserContext.close();
  });
});
