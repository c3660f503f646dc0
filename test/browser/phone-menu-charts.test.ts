import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, logIn } from '../admin/admin-helpers.js';
import { createAssetViaApi, issueCertificateForTest } from '../helpers/asset-factory.js';
import { launchChromium, listenLocally, openPage, seriousViolations } from '../helpers/browser.js';
import { useTestContext } from '../helpers/test-app.js';
import { jpegImage } from '../media/media-fixtures.js';
import { joinedMember } from '../members/member-helpers.js';

// Issue #47, item 6: at 360 px the header's menu folds behind its summary and opens by keyboard, the home's charts
// keep every word at 12 px or more however far the phone narrows them, and the lists' thumbnails load.
const context = useTestContext();
let browser: Browser;
let baseUrl: string;
let memberCookie: string;
let adminCookie: string;

const PHONE = { width: 360, height: 800 };
const DESKTOP = { width: 1280, height: 900 };

/** A browser context at `viewport` carrying a session cookie ("name=value"). */
async function signedIn(
  viewport: { width: number; height: number },
  cookie: string,
): Promise<BrowserContext> {
  const browserContext = await browser.newContext({ viewport, isMobile: viewport.width < 500 });
  const [name, ...value] = cookie.split('=');
  await browserContext.addCookies([{ name: name!, value: value.join('='), url: baseUrl }]);
  return browserContext;
}

const overflow = (page: Page) =>
  page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
const menuOpen = (page: Page) =>
  page.locator('details.site-menu').evaluate((details: { open: boolean }) => details.open);

beforeAll(async () => {
  baseUrl = await listenLocally(context.app);
  browser = await launchChromium();
  const gallery = await context.createAccountWithKey({ name: 'Galerie am Fluss' });
  memberCookie = (
    await joinedMember(context.app, context.db, gallery.accountId, 'phone@galerie.example', 'owner')
  ).cookie;
  adminCookie = (await logIn(context.app, (await createAdmin(context.db)).email)).cookie;
  // Data for every chart of the home: assets made today, verifications with two outcomes, webhook deliveries.
  const pictured = await createAssetViaApi(context.app, gallery.auth, 'artworks', {
    title: 'Flusslandschaft',
    artist: 'Paula Modersohn-Becker',
  });
  const uploaded = await context.app.inject({
    method: 'POST',
    url: `/files/v1/assets/artworks/${pictured.id}/media`,
    headers: { ...gallery.auth, 'content-type': 'image/jpeg' },
    payload: await jpegImage(800, 600),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const pending = await createAssetViaApi(context.app, gallery.auth);
  await issueCertificateForTest(context.db, pictured);
  for (const asset of [pictured, pending]) {
    const verified = await context.app.inject({
      method: 'POST',
      url: '/api/v1/verify',
      headers: gallery.auth,
      payload: { certificate_number: asset.certificate_number },
    });
    expect(verified.statusCode).toBe(200);
  }
  const webhookId = crypto.randomUUID();
  await context.db.query(
    `INSERT INTO webhooks (id, account_id, url, events, secret) VALUES ($1, $2, 'https://example.com/hook', $3, 'whsec_test')`,
    [webhookId, gallery.accountId, ['asset.created']],
  );
  for (const status of ['succeeded', 'failed']) {
    await context.db.query(
      `INSERT INTO webhook_deliveries (id, webhook_id, event_type, payload, event_created_at, status, attempts)
       VALUES ($1, $2, 'asset.created', '{}', now(), $3, 1)`,
      [crypto.randomUUID(), webhookId, status],
    );
  }
});

afterAll(async () => {
  await browser?.close();
});

describe('at 360 px', () => {
  it('the console’s menu is folded behind “Menu”, opens from the keyboard, and its links work', async () => {
    const phone = await signedIn(PHONE, memberCookie);
    const page = await openPage(phone, `${baseUrl}/console`);
    const navigation = page.getByRole('navigation', { name: 'Main' });
    const summary = page.locator('details.site-menu > summary');

    expect(await menuOpen(page)).toBe(false);
    expect(await navigation.isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Sign out', exact: true }).isVisible()).toBe(false);
    expect(await summary.isVisible()).toBe(true);
    expect(await summary.textContent()).toBe('Menu');
    expect(await seriousViolations(page)).toEqual([]);

    await summary.focus();
    await page.keyboard.press('Enter');
    expect(await menuOpen(page)).toBe(true);
    expect(await navigation.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Sign out', exact: true }).isVisible()).toBe(true);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    expect(await navigation.isVisible()).toBe(false);

    await summary.click();
    await navigation.getByRole('link', { name: 'Assets' }).click();
    await page.waitForURL(`${baseUrl}/console/assets/artworks`);
    await phone.close();
  });

  it('the admin’s menu folds the same way', async () => {
    const phone = await signedIn(PHONE, adminCookie);
    const page = await openPage(phone, `${baseUrl}/admin`);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await page.locator('details.site-menu > summary').click();
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Log out' }).isVisible()).toBe(true);
    await phone.close();
  });

  it('every label of the home’s charts is drawn at 12 px or more', async () => {
    const phone = await signedIn(PHONE, memberCookie);
    const page = await openPage(phone, `${baseUrl}/console`);
    // The size a label is drawn at: its font size times the scale its SVG is drawn at.
    const sizes = await page.evaluate<{ chart: string; label: string; size: number }[]>(
      `[...document.querySelectorAll('svg.chart text')].map((label) => ({
        chart: label.closest('svg.chart').id,
        label: label.textContent.trim(),
        size: parseFloat(getComputedStyle(label).fontSize) * label.getScreenCTM().a,
      }))`,
    );
    const charts = new Set(sizes.map((label) => label.chart));
    expect([...charts].sort()).toEqual([
      'chart-created',
      'chart-deliveries',
      'chart-outcomes',
      'chart-verified',
    ]);
    for (const label of sizes)
      expect(label.size, `${label.chart}: ${label.label}`).toBeGreaterThanOrEqual(12);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await phone.close();
  });

  it('the asset list shows the thumbnail beside the title and the artist, and fits the width', async () => {
    const phone = await signedIn(PHONE, memberCookie);
    const page = await openPage(phone, `${baseUrl}/console/assets/artworks`);
    const row = page.locator('tr', { hasText: 'Flusslandschaft' });
    const thumbnail = row.locator('img.thumbnail');
    await thumbnail.evaluate((image: { decode(): Promise<void> }) => image.decode());
    expect(await thumbnail.evaluate((image: { naturalWidth: number }) => image.naturalWidth)).toBe(96);
    expect(await thumbnail.getAttribute('alt')).toBe('');
    expect(await row.locator('.byline').textContent()).toBe('Paula Modersohn-Becker');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await phone.close();
  });
});

describe('at 1280 px', () => {
  it('the menu is open with no summary to press, and the charts keep their words at 13 px', async () => {
    const desktop = await signedIn(DESKTOP, memberCookie);
    const page = await openPage(desktop, `${baseUrl}/console`);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
    expect(await page.locator('details.site-menu > summary').isVisible()).toBe(false);
    const largest = await page.evaluate<number>(
      `Math.max(...[...document.querySelectorAll('svg.chart text')].map(
        (label) => parseFloat(getComputedStyle(label).fontSize) * label.getScreenCTM().a))`,
    );
    expect(largest).toBe(13);
    await desktop.close();
  });
});
