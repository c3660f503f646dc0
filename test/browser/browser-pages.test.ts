import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/lib/package-root.js';
import { CREDENTIALS_TEST_CONFIG } from '../credentials/credential-helpers.js';
import {
  accessibilityProblems,
  borderTopColour,
  launchChromium,
  openPage,
  PAGE_VIEWPORTS,
  listenLocally,
} from '../helpers/browser.js';
import { createAssetViaApi, issueCertificateForTest, type CreatedAsset } from '../helpers/asset-factory.js';
import { softwareTagOf, type ProvisioningAnswer } from '../helpers/software-tag.js';
import { useTestContext } from '../helpers/test-app.js';
import { joinedMember } from '../members/member-helpers.js';

// Issue #46, items 8 (browsers get pages) and 9 (a stolen certificate never shows green), in Chromium.
const SCREENSHOTS = path.join(packageRoot, 'test-artifacts', 'screenshots', 'browser-pages');
const RED = 'rgb(180, 35, 24)';
const GREEN = 'rgb(26, 127, 55)';

const context = useTestContext({ config: CREDENTIALS_TEST_CONFIG });
let browser: Browser;
let baseUrl: string;
let owner: { accountId: string; auth: { authorization: string } };
let memberCookie: string;
let plain: CreatedAsset;
let uidSequence = 0x10;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  owner = await context.createAccountWithKey({ name: 'Atelier Horloger' });
  memberCookie = (
    await joinedMember(context.app, context.db, owner.accountId, 'keeper@atelier.example', 'viewer')
  ).cookie;
  plain = await createAssetViaApi(context.app, owner.auth, 'artworks', { title: 'Harbour at Dawn' });
  await issueCertificateForTest(context.db, plain);
  baseUrl = await listenLocally(context.app);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

async function widthContext(viewport: { width: number; height: number }): Promise<BrowserContext> {
  const browserContext = await browser.newContext({ viewport, isMobile: viewport.width < 500 });
  const [name, value] = memberCookie.split('=') as [string, string];
  await browserContext.addCookies([{ name, value, url: `${baseUrl}/console` }]);
  return browserContext;
}

/** A page the browser opens with a status other than 200 (the 404 page), failing on any other console error. */
async function openWithStatus(browserContext: BrowserContext, url: string, status: number): Promise<Page> {
  const page = await browserContext.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes(`status of ${status}`))
      errors.push(message.text());
  });
  const response = await page.goto(url);
  expect(response?.status()).toBe(status);
  expect(errors).toEqual([]);
  return page;
}

async function checkAndShoot(page: Page, name: string): Promise<void> {
  expect(await accessibilityProblems(page), page.url()).toEqual([]);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
  await page.close();
}

/** An issued watch with a tag, reported `kind`; `tap()` is a fresh link its chip would make. */
async function reportedWatch(kind: 'stolen' | 'lost') {
  const asset = await createAssetViaApi(context.app, owner.auth, 'watches', {
    title: `Seamaster ${kind}`,
    brand: 'Omega',
  });
  await issueCertificateForTest(context.db, asset);
  const bound = await context.app.inject({
    method: 'POST',
    url: `/api/v1/assets/watches/${asset.id}/tags`,
    headers: owner.auth,
    payload: { uid: `04AB46000000${(uidSequence++).toString(16).toUpperCase()}` },
  });
  expect(bound.statusCode, bound.body).toBe(201);
  const answer = bound.json<ProvisioningAnswer>();
  const chip = softwareTagOf(answer);
  const raised = await context.app.inject({
    method: 'POST',
    url: `/api/v1/assets/watches/${asset.id}/alerts`,
    headers: owner.auth,
    payload: { kind, occurred_at: '2026-03-01' },
  });
  expect(raised.statusCode, raised.body).toBe(201);
  const tap = () =>
    `${baseUrl}${chip.fill(answer.provisioning.url_template).slice(CREDENTIALS_TEST_CONFIG.AVS_PUBLIC_URL.length)}`;
  return { asset, tap };
}

describe('item 8: a browser gets pages', () => {
  it.each(PAGE_VIEWPORTS)(
    'the home page, a number typed as people type it, and the 404 page (%s): axe clean, nothing overflows',
    async (name, viewport) => {
      const browserContext = await widthContext(viewport);
      const home = await openPage(browserContext, `${baseUrl}/`);
      expect(await home.getByRole('heading', { level: 1 }).textContent()).toBeTruthy();
      expect(await home.getByRole('link', { name: 'Sign in to the console' }).getAttribute('href')).toBe(
        '/console',
      );
      expect(await home.getByRole('link', { name: 'The API documentation' }).getAttribute('href')).toBe(
        '/docs',
      );
      expect(await accessibilityProblems(home)).toEqual([]);
      await home.screenshot({ path: path.join(SCREENSHOTS, `home-${name}.png`), fullPage: true });
      // A buyer types the number off the paper: lower case, spaces for dashes, a space too many.
      const [prefix, year, sequence] = plain.certificate_number.split('-') as [string, string, string];
      await home.getByLabel('Certificate number').fill(` ${prefix.toLowerCase()} ${year} ${sequence} `);
      await home.getByRole('button', { name: 'Check' }).click();
      await home.waitForURL(`${baseUrl}/c/${plain.certificate_number}`);
      expect(await home.getByRole('heading', { level: 1 }).textContent()).toBe('Harbour at Dawn');
      await home.close();

      const missing = await openWithStatus(browserContext, `${baseUrl}/admin/anything`, 404);
      expect(await missing.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
      expect(await missing.locator('body').innerText()).not.toContain('"code"');
      await checkAndShoot(missing, `not-found-${name}`);
      await browserContext.close();
    },
  );
});

describe('item 9: a certificate reported stolen or lost never shows green', () => {
  it.each(PAGE_VIEWPORTS)(
    'the public page, the tap page and the console asset page (%s): red first, red stripe, axe clean',
    async (name, viewport) => {
      const browserContext = await widthContext(viewport);
      for (const kind of ['stolen', 'lost'] as const) {
        const { asset, tap } = await reportedWatch(kind);
        const certificate = await openPage(browserContext, `${baseUrl}/c/${asset.certificate_number}`);
        const boxes = certificate.locator('.card .alert-warning, .card .status');
        expect(await boxes.first().getAttribute('class')).toBe('alert-warning');
        expect(await borderTopColour(certificate, '.card')).toBe(RED);
        expect(await borderTopColour(certificate, '.card .status')).toBe(RED);
        expect(await certificate.locator('.card .status-word').textContent()).toBe(
          `Issued, but reported ${kind}`,
        );
        await checkAndShoot(certificate, `certificate-${kind}-${name}`);

        const tapped = await openPage(browserContext, tap());
        expect(await tapped.locator('#tap-verdict-word').textContent()).toBe('Genuine tag');
        expect(await borderTopColour(tapped, '.tap-verdict')).toBe(RED);
        expect(await borderTopColour(tapped, '.card')).toBe(RED);
        expect(await tapped.locator('.tap-verdict').innerText()).toContain(
          `But the item is reported ${kind}`,
        );
        await checkAndShoot(tapped, `tap-${kind}-${name}`);

        const consolePage = await openPage(browserContext, `${baseUrl}/console/assets/watches/${asset.id}`);
        const badge = consolePage.locator('.badge-alert').first();
        expect(await badge.textContent()).toBe(`issued, but reported ${kind}`);
        expect(await borderTopColour(consolePage, '.badge-alert')).toBe(RED);
        expect(await consolePage.locator('.badge-issued').count()).toBe(0);
        await checkAndShoot(consolePage, `console-asset-${kind}-${name}`);
      }
      // Without an alert, the same pages are green as before.
      const green = await openPage(browserContext, `${baseUrl}/c/${plain.certificate_number}`);
      expect(await borderTopColour(green, '.card')).toBe(GREEN);
      await green.close();
      await browserContext.close();
    },
  );
});
