import { mkdirSync } from 'node:fs';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import {
  borderTopColour,
  desktopAndPhone,
  freePort,
  launchChromium,
  seriousViolations,
} from '../helpers/browser.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/lib/package-root.js';
import { randomUUID } from 'node:crypto';
import { createAssetViaApi } from '../helpers/asset-factory.js';
import { acceptClaim, createHandover } from '../../src/modules/holders/holders.service.js';
import { createHoldingProof } from '../../src/modules/holding-proofs/holding-proofs.service.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';

const SCREENSHOTS = path.join(packageRoot, 'test-artifacts', 'screenshots', 'public-page');
const ADMIN_TOKEN = 'admin-token-for-public-page-browser-0123';

let context: TestContext;
let browser: Browser;
let desktop: BrowserContext;
let phone: BrowserContext;
let baseUrl: string;
const numbers: Record<'issued' | 'suspended' | 'revoked' | 'pending' | 'handedOver', string> = {
  handedOver: '',
  issued: '',
  suspended: '',
  revoked: '',
  pending: '',
};

let proofUrl = '';
const COLLECTOR_EMAILS = ['first.collector@example.net', 'second.collector@example.net'];

/** The gallery hands the watch to one collector, who hands it on to another: a proof of the second's holding. */
async function handOverTwice(accountId: string, number: string): Promise<string> {
  const { rows } = await context.db.query<{ id: string; planet: string }>(
    'SELECT id, planet FROM assets WHERE certificate_number = $1',
    [number],
  );
  const asset = rows[0]!;
  const collectors: string[] = [];
  for (const email of COLLECTOR_EMAILS) {
    const personId = randomUUID();
    const collectorId = randomUUID();
    await context.db.query('INSERT INTO people (id, email) VALUES ($1, $2)', [personId, email]);
    await context.db.query('INSERT INTO collectors (id, person_id, public_name) VALUES ($1, $2, $3)', [
      collectorId,
      personId,
      'Unchosen Name',
    ]);
    collectors.push(collectorId);
  }
  const actors = [
    { kind: 'account' as const, principal: { accountId, apiKeyId: randomUUID(), planetScope: [] } },
    { kind: 'collector' as const, collectorId: collectors[0]! },
  ];
  for (const [index, actor] of actors.entries()) {
    const offer = await createHandover(context.db, {
      planet: asset.planet,
      assetId: asset.id,
      actor,
      kind: 'claim',
    });
    await acceptClaim(context.db, { code: offer.code!, collectorId: collectors[index]! });
  }
  const proof = await createHoldingProof(context.db, {
    collectorId: collectors[1]!,
    planet: asset.planet,
    assetId: asset.id,
  });
  return proof.url;
}

async function certificateAfter(
  auth: { authorization: string },
  moves: string[],
  body: Record<string, unknown>,
): Promise<string> {
  const asset = await createAssetViaApi(context.app, auth, 'watches', body);
  for (const move of moves) {
    const response = await context.app.inject({
      method: 'POST',
      url: `/admin/api/certificates/${asset.certificate_number}/${move}`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: { reason: 'browser test' },
    });
    expect(response.statusCode, response.body).toBe(200);
  }
  return asset.certificate_number;
}

/** Opens a page and fails on any console error (a CSP refusal of our stylesheet would show there). */
async function open(browserContext: BrowserContext, url: string): Promise<{ page: Page; status: number }> {
  const page = await browserContext.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    // A 404 or 400 page logs its own document's status; anything else is a problem.
    if (message.type() === 'error' && !/status of 40[04]/.test(message.text())) errors.push(message.text());
  });
  const response = await page.goto(url);
  expect(errors).toEqual([]);
  return { page, status: response?.status() ?? 0 };
}

async function screenshots(name: string, url: string): Promise<void> {
  const wide = await open(desktop, url);
  await wide.page.screenshot({ path: path.join(SCREENSHOTS, `${name}-desktop.png`), fullPage: true });
  await wide.page.emulateMedia({ media: 'print' });
  await wide.page.setViewportSize({ width: 794, height: 1123 });
  await wide.page.screenshot({ path: path.join(SCREENSHOTS, `${name}-print.png`), fullPage: true });
  await wide.page.pdf({
    path: path.join(SCREENSHOTS, `${name}-print.pdf`),
    format: 'A4',
    printBackground: true,
  });
  await wide.page.close();
  const narrow = await open(phone, url);
  await narrow.page.screenshot({ path: path.join(SCREENSHOTS, `${name}-phone.png`), fullPage: true });
  // Nothing wider than the phone: no sideways scrolling to read a line.
  expect(await narrow.page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  await narrow.page.close();
}

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const port = await freePort();
  baseUrl = `http://localhost:${port}`;
  context = await createTestContext({
    config: { AVS_ADMIN_TOKEN: ADMIN_TOKEN, AVS_PUBLIC_URL: baseUrl, AVS_PUBLIC_RATE_LIMIT_BURST: 100_000 },
  });
  const { auth, accountId } = await context.createAccountWithKey();
  const watch = {
    title: 'Speedmaster Professional Moonwatch',
    brand: 'Omega',
    model: 'Speedmaster Professional',
    reference_number: '310.30.42.50.01.001',
    serial_number: '81234567',
    movement: 'Calibre 3861, manual winding',
    case_material: 'Stainless steel',
    case_diameter_mm: 42,
    year: 2021,
    owner_email: 'private.owner@example.com',
  };
  numbers.issued = await certificateAfter(auth, ['issue'], watch);
  numbers.suspended = await certificateAfter(auth, ['issue', 'suspend'], {
    ...watch,
    title: 'Seamaster 300',
  });
  numbers.revoked = await certificateAfter(auth, ['issue', 'revoke'], { ...watch, title: 'Constellation' });
  numbers.pending = await certificateAfter(auth, [], { ...watch, title: 'Draft watch' });
  numbers.handedOver = await certificateAfter(auth, ['issue'], { ...watch, title: 'Railmaster' });
  proofUrl = await handOverTwice(accountId, numbers.handedOver);
  await context.app.listen({ host: 'localhost', port });
  browser = await launchChromium();
  ({ desktop, phone } = await desktopAndPhone(browser));
});

afterAll(async () => {
  await browser?.close();
  await context?.close();
});

describe('the public certificate page in Chromium', () => {
  it.each([
    ['issued', 'Issued', 'Speedmaster Professional Moonwatch'],
    ['suspended', 'Suspended', 'Seamaster 300'],
    ['revoked', 'Revoked', 'Constellation'],
  ] as const)(
    'shows a %s certificate with its status word, details and issuer',
    async (state, word, title) => {
      const { page, status } = await open(desktop, `${baseUrl}/c/${numbers[state]}`);
      expect(status).toBe(200);
      await expect.poll(() => page.locator('.status-word').textContent()).toBe(word);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
      const facts = (await page.locator('.facts').first().textContent()) ?? '';
      for (const text of [numbers[state], 'Watches', 'Omega', '310.30.42.50.01.001', 'Case diameter (mm)'])
        expect(facts).toContain(text);
      expect(await page.locator('.issuer').textContent()).toContain(
        `did:web:localhost%3A${new URL(baseUrl).port}`,
      );
      expect(await page.content()).not.toContain('private.owner@example.com');
      // The stylesheet applied (the CSP let it in): the status has its colour.
      expect(await borderTopColour(page, '.status')).toBe(
        { issued: 'rgb(26, 127, 55)', suspended: 'rgb(125, 78, 0)', revoked: 'rgb(180, 35, 24)' }[state],
      );
      expect(
        await page.getByRole('link', { name: 'The signed credential (JSON)' }).getAttribute('href'),
      ).toBe(`/c/${numbers[state]}/credential`);
      expect(await page.getByRole('link', { name: 'How to check this yourself' }).count()).toBeGreaterThan(0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.close();
      await screenshots(state, `${baseUrl}/c/${numbers[state]}`);
    },
  );

  it('shows a pending certificate as Not issued, without its title', async () => {
    const { page, status } = await open(desktop, `${baseUrl}/c/${numbers.pending}`);
    expect(status).toBe(200);
    expect(await page.locator('.status-word').textContent()).toBe('Not issued');
    expect(await page.content()).not.toContain('Draft watch');
    expect(await page.locator('svg.qr').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
    await screenshots('pending', `${baseUrl}/c/${numbers.pending}`);
  });

  it('shows an unknown number on a 404 page with the look-up form', async () => {
    const { page, status } = await open(desktop, `${baseUrl}/c/WAT-1999-999999`);
    expect(status).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Certificate not found');
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
    await screenshots('unknown', `${baseUrl}/c/WAT-1999-999999`);
  });

  it('prints a QR code that decodes to the page’s own URL', async () => {
    const url = `${baseUrl}/c/${numbers.issued}`;
    const { page } = await open(desktop, url);
    const png = PNG.sync.read(await page.locator('svg.qr').screenshot());
    // jsqr is CommonJS: its function is also its `default`, which is what TypeScript sees.
    const decoded = jsQR.default(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(url);
    await page.close();
  });

  it('finds a certificate from a number typed into the look-up form, without script', async () => {
    const noScript = await browser.newContext({
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: false,
    });
    const { page } = await open(noScript, `${baseUrl}/c`);
    await page.getByLabel('Certificate number').fill(`  ${numbers.issued.toLowerCase()} `);
    await page.getByRole('button', { name: 'Check' }).click();
    await page.waitForURL(`${baseUrl}/c/${numbers.issued}`);
    expect(await page.locator('.status-word').textContent()).toBe('Issued');
    await page.close();
    await noScript.close();

    const form = await open(desktop, `${baseUrl}/c`);
    expect(await seriousViolations(form.page)).toEqual([]);
    await form.page.getByLabel('Certificate number').fill('not a number');
    await form.page.getByRole('button', { name: 'Check' }).click();
    await expect
      .poll(() => form.page.locator('.field-error').textContent())
      .toContain('not a certificate number');
    expect(await seriousViolations(form.page)).toEqual([]);
    await form.page.close();
    await screenshots('look-up', `${baseUrl}/c`);
    await screenshots('look-up-error', `${baseUrl}/c?number=not%20a%20number`);
    const howTo = await open(desktop, `${baseUrl}/c/how-to-check`);
    expect(await seriousViolations(howTo.page)).toEqual([]);
    await howTo.page.close();
    await screenshots('how-to-check', `${baseUrl}/c/how-to-check`);
  });
});

describe('the provenance and a proof of holding in Chromium', () => {
  const sizes = [
    ['1280', { width: 1280, height: 900 }],
    ['360', { width: 360, height: 780 }],
  ] as const;
  const languages = [
    ['en', 'Provenance', 'a private collection', 'holds this object now', 'not valid'],
    ['de', 'Provenienz', 'eine Privatsammlung', 'besitzt dieses Objekt jetzt', 'nicht gültig'],
  ] as const;

  it.each(
    sizes.flatMap(([size, viewport]) =>
      languages.map(([language, ...words]) => [size, language, viewport, ...words] as const),
    ),
  )(
    'at %s px in %s: the chain of holders, a good proof and a stale one, without a name or an address',
    async (size, language, viewport, heading, privateCollection, holdsNow, notValid) => {
      const browserContext = await browser.newContext({ viewport });
      const certificate = await open(browserContext, `${baseUrl}/c/${numbers.handedOver}?lang=${language}`);
      const provenance = certificate.page.getByRole('region', { name: heading });
      expect(await provenance.locator('li').count()).toBe(3);
      expect(await provenance.locator('li').nth(1).textContent()).toContain(privateCollection);
      expect(await seriousViolations(certificate.page)).toEqual([]);
      expect(
        await certificate.page.evaluate<number>('document.documentElement.scrollWidth'),
      ).toBeLessThanOrEqual(viewport.width);
      const html = await certificate.page.content();
      for (const secret of [...COLLECTOR_EMAILS, 'Unchosen Name']) expect(html).not.toContain(secret);
      await certificate.page.screenshot({
        path: path.join(SCREENSHOTS, `provenance-${language}-${size}.png`),
        fullPage: true,
      });
      await certificate.page.close();

      const proof = await open(browserContext, `${baseUrl}${proofUrl}&lang=${language}`);
      expect(await proof.page.getByRole('status').textContent()).toContain(holdsNow);
      expect(await proof.page.locator('.holding-proof a[download]').getAttribute('href')).toMatch(
        /\/proofs\//,
      );
      expect(await seriousViolations(proof.page)).toEqual([]);
      expect(await proof.page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
        viewport.width,
      );
      await proof.page.screenshot({
        path: path.join(SCREENSHOTS, `proof-${language}-${size}.png`),
        fullPage: true,
      });
      await proof.page.close();

      const stale = await open(
        browserContext,
        `${baseUrl}/c/${numbers.handedOver}?proof=AAAAAAAAAAAAAAAAAAAAAAAA&lang=${language}`,
      );
      expect(await stale.page.getByRole('alert').textContent()).toContain(notValid);
      expect(await seriousViolations(stale.page)).toEqual([]);
      await stale.page.close();
      await browserContext.close();
    },
  );
});
