import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/lib/package-root.js';
import { artworkWithFullHistory, historyGallery } from '../helpers/asset-history.js';
import type { CreatedAsset } from '../helpers/asset-factory.js';
import { launchChromium, listenLocally } from '../helpers/browser.js';
import { useTestContext } from '../helpers/test-app.js';

// The console's asset page of an asset with a long history, on the narrowest phone (issue #47 items 3 and 6): the
// history's hashes, ids and raw changes once pushed it to 611 px.
const SCREENSHOTS = path.join(packageRoot, 'test-artifacts', 'screenshots');
const context = useTestContext();
let browser: Browser;
let phone: BrowserContext;
let baseUrl: string;
let asset: CreatedAsset;

beforeAll(async () => {
  const gallery = await historyGallery(context, {
    account: 'Galerie Nord',
    key: 'Shop sync',
    member: 'Erik Sørensen',
    email: 'erik@galerie-nord.example',
  });
  asset = await artworkWithFullHistory(context, gallery, { extraEdits: 12 });
  baseUrl = await listenLocally(context.app);
  browser = await launchChromium();
  phone = await browser.newContext({ viewport: { width: 360, height: 800 }, isMobile: true });
  const [name, value] = gallery.registrar.cookie.split('=') as [string, string];
  await phone.addCookies([{ name, value, url: `${baseUrl}/console` }]);
});

afterAll(async () => {
  await phone?.close();
  await browser?.close();
});

const scrollWidth = 'document.documentElement.scrollWidth';

describe('the console asset page with a long history at 360 px', () => {
  it('reads as sentences and is no wider than the phone, with every technical disclosure closed or open', async () => {
    const page = await phone.newPage();
    const response = await page.goto(`${baseUrl}/console/assets/artworks/${asset.id}`);
    expect(response?.status()).toBe(200);
    const events = page.locator('.timeline > li');
    expect(await events.count()).toBeGreaterThanOrEqual(25);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'console-history-360.png'), fullPage: true });
    expect(await page.evaluate<number>(scrollWidth)).toBeLessThanOrEqual(360);
    expect(await page.locator('.timeline').textContent()).toContain(
      'Erik Sørensen changed the dimensions from 80 × 120 cm to 81 × 120 cm',
    );

    // Opened, the hashes and ids wrap inside the page instead of widening it.
    const disclosures = page.locator('.timeline details');
    expect(await disclosures.count()).toBe(await events.count());
    await page.evaluate(`document.querySelectorAll('.timeline details').forEach((d) => { d.open = true; })`);
    expect(await page.locator('.timeline').textContent()).toMatch(/[0-9a-f]{64}/);
    expect(await page.evaluate<number>(scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({
      path: path.join(SCREENSHOTS, 'console-history-details-360.png'),
      fullPage: true,
    });
    await page.close();
  });
});
