import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext } from 'playwright-core';
import { launchChromium, openPage, seriousViolations } from '../helpers/browser.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/lib/package-root.js';
import { ADMIN_PASSWORD, createAdmin } from '../admin/admin-helpers.js';
import { createAssetViaApi, issueCertificateForTest } from '../helpers/asset-factory.js';
import { useTestContext } from '../helpers/test-app.js';

const SCREENSHOTS = path.join(packageRoot, 'test-artifacts', 'screenshots', 'alerts');
const CONTACT = 'stolen-art@registry.example';

const context = useTestContext({
  config: { AVS_CONTACT_EMAIL: CONTACT, AVS_PUBLIC_RATE_LIMIT_BURST: 100_000 },
});
let browser: Browser;
let desktop: BrowserContext;
let baseUrl: string;
let asset: { id: string; certificate_number: string };

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await createAdmin(context.db, 'operator@example.com');
  const owner = await context.createAccountWithKey({ name: 'Galerie Lumière' });
  const prober = await context.createAccountWithKey({ name: 'Quick Cash Pawn' });
  asset = await createAssetViaApi(context.app, owner.auth, 'artworks', {
    title: 'Impression, soleil levant',
    artist: 'Claude Monet',
    year: 1872,
  });
  await issueCertificateForTest(context.db, asset);
  const raised = await context.app.inject({
    method: 'POST',
    url: `/api/v1/assets/artworks/${asset.id}/alerts`,
    headers: owner.auth,
    payload: { kind: 'stolen', occurred_at: '2026-11-20', reference: 'MET-2026-118842' },
  });
  expect(raised.statusCode, raised.body).toBe(201);
  // Look-ups the audit records, so the admin page has some to show.
  await context.app.inject({ url: `/api/v1/certificates/${asset.certificate_number}`, headers: prober.auth });
  await context.app.inject({
    method: 'POST',
    url: '/api/v1/verify',
    headers: prober.auth,
    payload: { certificate_number: asset.certificate_number },
  });

  await context.app.listen({ host: 'localhost', port: 0 });
  const address = context.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  baseUrl = `http://localhost:${address.port}`;
  browser = await launchChromium();
  desktop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
});

afterAll(async () => {
  await browser?.close();
});

describe('an asset reported stolen, in Chromium', () => {
  it('the public page warns first, with the contact address, accessibly', async () => {
    const page = await openPage(desktop, `${baseUrl}/c/${asset.certificate_number}`);
    const warning = page.getByRole('alert');
    expect(await warning.innerText()).toContain('REPORTED STOLEN');
    expect(await warning.getByRole('link', { name: CONTACT }).getAttribute('href')).toMatch(
      new RegExp(`^mailto:${CONTACT}`),
    );
    // Above the status and the facts: the first thing a buyer reads.
    const warningTop = (await warning.boundingBox())!.y;
    const statusTop = (await page.locator('.status').boundingBox())!.y;
    expect(warningTop).toBeLessThan(statusTop);
    expect(await page.title()).toMatch(/^Reported stolen/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'public-page-stolen.png'), fullPage: true });
    await page.close();
  });

  it('the admin asset page shows the open alert, its look-ups and the CSV export', async () => {
    const page = await openPage(desktop, `${baseUrl}/admin/login`);
    await page.getByLabel('Email').fill('operator@example.com');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${baseUrl}/admin`);
    await page.goto(`${baseUrl}/admin/assets/artworks/${asset.id}`);
    expect(await page.getByRole('alert').first().innerText()).toContain('REPORTED STOLEN');
    const rows = page.locator('table[aria-labelledby="lookups-heading"] tbody tr');
    // The certificate look-up and the verification of beforeAll, and the public page the first test opened.
    expect(await rows.count()).toBe(3);
    expect(await rows.allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringContaining('Quick Cash Pawn')]),
    );
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export the look-ups as CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`lookups-${asset.certificate_number}.csv`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'admin-asset-page-stolen.png'), fullPage: true });
    // Resolving from the page: the warning goes, the page says so.
    await page.getByRole('button', { name: 'Resolve: recovered' }).click();
    await page.waitForURL(`${baseUrl}/admin/assets/artworks/${asset.id}`);
    expect(await page.getByText('No open alert.').count()).toBe(1);
    await page.close();
  });
});
