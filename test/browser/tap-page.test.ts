import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/lib/package-root.js';
import {
  accessibilityProblems,
  borderTopColour,
  desktopAndPhone,
  freePort,
  launchChromium,
  openPage,
} from '../helpers/browser.js';
import { createAssetViaApi, issueCertificateForTest } from '../helpers/asset-factory.js';
import { softwareTagOf, type ProvisioningAnswer, type SoftwareTag } from '../helpers/software-tag.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';

const SCREENSHOTS = path.join(packageRoot, 'test-artifacts', 'screenshots', 'tap-page');

let context: TestContext;
let browser: Browser;
let widths: Record<'desktop' | 'phone', BrowserContext>;
let tag: SoftwareTag;
let template: string;
let certificateNumber: string;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  context = await createTestContext({
    config: { AVS_PUBLIC_URL: baseUrl, AVS_PUBLIC_RATE_LIMIT_BURST: 100_000 },
  });
  const { auth } = await context.createAccountWithKey();
  const asset = await createAssetViaApi(context.app, auth, 'watches', {
    title: 'Reverso Tribute Duoface',
    brand: 'Jaeger-LeCoultre',
    reference_number: 'Q3988482',
    case_material: 'Stainless steel',
    year: 2023,
  });
  await issueCertificateForTest(context.db, asset);
  certificateNumber = asset.certificate_number;
  const bound = await context.app.inject({
    method: 'POST',
    url: `/api/v1/assets/watches/${asset.id}/tags`,
    headers: auth,
    payload: { uid: '04DE5F1EACC040' },
  });
  expect(bound.statusCode, bound.body).toBe(201);
  const answer = bound.json<ProvisioningAnswer>();
  tag = softwareTagOf(answer);
  template = answer.provisioning.url_template;
  await context.app.listen({ host: 'localhost', port });
  browser = await launchChromium();
  widths = await desktopAndPhone(browser);
});

afterAll(async () => {
  await browser?.close();
  await context?.close();
});

/** The tap page at `url` in one width: its verdict, its banner's colour, axe and the width checked, then a screenshot. */
async function expectTapPage(
  width: 'desktop' | 'phone',
  url: string,
  expected: { word: string; role: 'status' | 'alert'; colour: string; meaning: RegExp; name: string },
) {
  const page = await openPage(widths[width], url);
  const banner = page.getByRole(expected.role).filter({ hasText: expected.word });
  await expect.poll(() => banner.count()).toBe(1);
  expect(await page.locator('#tap-verdict-word').textContent()).toBe(expected.word);
  expect(await page.locator('.tap-meaning').textContent()).toMatch(expected.meaning);
  // The certificate's page is under the verdict: its title, status and number.
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Reverso Tribute Duoface');
  expect(await page.locator('.status-word').last().textContent()).toBe('Issued');
  expect(await page.locator('.facts').first().textContent()).toContain(certificateNumber);
  expect(await page.title()).toMatch(new RegExp(`^${expected.word} · `));
  // The verdict's colours come from the stylesheet (the CSP let it in).
  expect(await borderTopColour(page, '.tap-verdict')).toBe(expected.colour);
  expect(await accessibilityProblems(page)).toEqual([]);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${expected.name}-${width}.png`), fullPage: true });
  await page.close();
}

describe('the tap page in Chromium, at desktop and phone widths', () => {
  it.each(['desktop', 'phone'] as const)(
    'a genuine tap (%s): the verdict in green over the certificate, axe clean',
    async (width) => {
      const link = tag.fill(template);
      await expectTapPage(width, link, {
        word: 'Genuine tag',
        role: 'status',
        colour: 'rgb(26, 127, 55)',
        meaning: new RegExp(`^Tapped now \\(tap ${tag.counter}\\)`),
        name: 'genuine',
      });
    },
  );

  it.each(['desktop', 'phone'] as const)(
    'a copied link (%s): the same link opened again is a warning in red, axe clean',
    async (width) => {
      const link = tag.fill(template);
      const first = await openPage(widths[width], link);
      expect(await first.locator('#tap-verdict-word').textContent()).toBe('Genuine tag');
      await first.close();
      await expectTapPage(width, link, {
        word: 'Copied link',
        role: 'alert',
        colour: 'rgb(180, 35, 24)',
        meaning: /was opened before/,
        name: 'copied',
      });
    },
  );
});
