import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { launchChromium } from '../helpers/browser.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/modules/accounts/accounts.service.js';
import { packageRoot } from '../../src/lib/package-root.js';
import { useTestContext } from '../helpers/test-app.js';
import { ADMIN_PASSWORD, createAdmin } from '../admin/admin-helpers.js';

const SCREENSHOTS = path.join(packageRoot, 'test-artifacts', 'screenshots');

const context = useTestContext();
let browser: Browser;
let page: Page;
let baseUrl: string;
let adminEmail: string;
let accountId: string;

async function screenshot(name: string, target: Page = page): Promise<void> {
  await target.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

async function api(method: string, url: string, key: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  adminEmail = (await createAdmin(context.db, 'operator@example.com')).email;
  accountId = (await createAccount(context.db, { name: 'Galerie Lumière' })).id;
  await context.app.listen({ host: '127.0.0.1', port: 0 });
  const address = context.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  baseUrl = `http://127.0.0.1:${address.port}`;
  browser = await launchChromium();
  const browserContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await browserContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  page = await browserContext.newPage();
});

afterAll(async () => {
  await browser?.close();
});

describe('the admin application in a browser', () => {
  let key: string;
  let keyPrefix: string;
  let asset: { id: string; certificate_number: string };
  let readerKey: string;

  it('sends a visitor without a session to the log-in page, and logs in', async () => {
    await page.goto(`${baseUrl}/admin/api-keys`);
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    await page.getByLabel('Email').fill(adminEmail);
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Incorrect email or password.');
    await screenshot('01-login-refused');

    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${baseUrl}/admin`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Dashboard');
    await screenshot('02-dashboard');
  });

  it('creates a key scoped to artworks and copies it from the page', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API keys' }).click();
    await page.waitForURL(`${baseUrl}/admin/api-keys`);
    const createForm = page.getByRole('region', { name: 'Create a key' });
    await createForm.getByLabel('Account', { exact: true }).selectOption({ label: 'Galerie Lumière' });
    await createForm.getByLabel('Name', { exact: true }).fill('Gallery website');
    await createForm.getByLabel('Only these planets:').check();
    await createForm.getByLabel('artworks').check();
    await screenshot('03-api-keys-create-form');
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('API key created');
    expect(await page.getByRole('alert').textContent()).toContain('It will not be shown again.');

    const copyButton = page.getByRole('button', { name: 'Copy key' });
    await copyButton.click();
    await expect.poll(() => page.locator('#copy-status').textContent()).toMatch(/Copied|selected/);
    // The key as the copy button copies it: the text of the element it targets.
    const targetId = await copyButton.getAttribute('data-copy-target');
    key = ((await page.locator(`#${targetId}`).textContent()) ?? '').trim();
    expect(key).toMatch(/^pk_svc_[A-Za-z0-9_-]{43}$/);
    keyPrefix = key.slice(0, 13);
    await screenshot('04-api-key-created');
  });

  it('uses the copied key against /api/v1: 201 on artworks, 400 on watches', async () => {
    const created = await api('POST', '/api/v1/assets/artworks', key, {
      title: 'Nocturne in Blue',
      artist: 'M. Whistler',
      medium: 'oil on canvas',
      year: 1875,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      certificate_status: 'pending',
      status: 'draft',
      account_id: accountId,
    });
    asset = created.body as typeof asset;
    const watches = await api('POST', '/api/v1/assets/watches', key, { title: 'Chronograph' });
    expect(watches.status).toBe(400);
    expect(watches.body.code).toBe('planet_scope_mismatch');
  });

  it('revokes the key after confirming; the key then gets 401', async () => {
    await page.goto(`${baseUrl}/admin/api-keys`);
    await screenshot('05-api-keys-list');
    await page.getByRole('link', { name: `Revoke key ${keyPrefix}` }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Revoke API key');
    await screenshot('06-api-key-revoke-confirm');
    await page.getByRole('button', { name: 'Revoke key' }).click();
    await expect
      .poll(() => page.getByRole('status').first().textContent())
      .toContain(`Key ${keyPrefix}… revoked.`);
    const refused = await api('POST', '/api/v1/assets/artworks', key, { title: 'After revocation' });
    expect(refused.status).toBe(401);
  });

  it('issues the pending certificate; /verify then says verified', async () => {
    readerKey = (await context.createApiKey(accountId)).key;
    const before = await api('POST', '/api/v1/verify', readerKey, { planet: 'artworks', asset_id: asset.id });
    expect(before.body.verified).toBe(false);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Certificates' }).click();
    const row = page.locator(`tr[data-certificate="${asset.certificate_number}"]`);
    await expect.poll(() => row.textContent()).toContain('Nocturne in Blue');
    expect(await row.textContent()).toContain('M. Whistler');
    await screenshot('07-certificates-pending');
    await row.getByRole('button', { name: `Issue ${asset.certificate_number}` }).click();
    await expect
      .poll(() => page.getByRole('status').first().textContent())
      .toContain(`Certificate ${asset.certificate_number} issued.`);

    const verified = await api('POST', '/api/v1/verify', readerKey, {
      planet: 'artworks',
      asset_id: asset.id,
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ verified: true, certificate_status: 'issued', status: 'active' });
  });

  it('revokes the certificate with a reason; /verify then says not verified and the history has the reason', async () => {
    await page.getByLabel('Status').selectOption('issued');
    await page.getByRole('button', { name: 'Show' }).click();
    const row = page.locator(`tr[data-certificate="${asset.certificate_number}"]`);
    await row.getByText(`Revoke ${asset.certificate_number}…`).click();
    await row.getByLabel('Reason', { exact: true }).fill('Consignor withdrew the provenance documents');
    await screenshot('08-certificates-issued-revoke');
    await row.getByRole('button', { name: `Revoke ${asset.certificate_number}` }).click();
    await expect
      .poll(() => page.getByRole('status').first().textContent())
      .toContain(`Certificate ${asset.certificate_number} revoked.`);

    const verified = await api('POST', '/api/v1/verify', readerKey, {
      planet: 'artworks',
      asset_id: asset.id,
    });
    expect(verified.body).toMatchObject({ verified: false, certificate_status: 'revoked' });
    const history = await api('GET', `/api/v1/assets/artworks/${asset.id}/history`, readerKey);
    expect(history.status).toBe(200);
    const revoked = (history.body.data as { event_type: string; payload: Record<string, unknown> }[]).find(
      (event) => event.event_type === 'CERTIFICATE_REVOKED',
    );
    expect(revoked?.payload).toMatchObject({
      reason: 'Consignor withdrew the provenance documents',
      source: 'admin',
    });

    await page.getByLabel('Status').selectOption('revoked');
    await page.getByRole('button', { name: 'Show' }).click();
    await screenshot('09-certificates-revoked');
  });

  it('shows a refused move clearly', async () => {
    await page.goto(`${baseUrl}/admin/certificates?status=pending`);
    const pending = await api('POST', '/api/v1/assets/artworks', readerKey, { title: 'Second work' });
    await page.reload();
    const row = page.locator(`tr[data-certificate="${pending.body.certificate_number as string}"]`);
    // Another administrator rejects it meanwhile; issuing from this stale page is refused.
    await context.app.inject({
      method: 'POST',
      url: `/admin/api/certificates/${pending.body.certificate_number as string}/reject`,
      headers: {
        cookie: (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; '),
        'x-csrf-token': (await page.locator('meta[name="csrf-token"]').getAttribute('content'))!,
      },
      payload: {},
    });
    await row.getByRole('button', { name: /^Issue/ }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('certificate is rejected');
    await screenshot('10-certificates-refused-move');
  });

  it('creates an account from the accounts page', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Accounts' }).click();
    await page.getByLabel('Name').fill('Auction House Nord');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect
      .poll(() => page.getByRole('status').first().textContent())
      .toContain('Account Auction House Nord created.');
    await screenshot('11-accounts');
  });

  it('fits a phone screen', async () => {
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await phone.addCookies(await page.context().cookies());
    const phonePage = await phone.newPage();
    for (const [name, url] of [
      ['12-phone-dashboard', '/admin'],
      ['13-phone-api-keys', '/admin/api-keys'],
      ['14-phone-certificates', '/admin/certificates?status=revoked'],
    ] as const) {
      await phonePage.goto(`${baseUrl}${url}`);
      // A string expression: the test program is type-checked without the DOM library.
      const overflow = await phonePage.evaluate<number>(
        'document.documentElement.scrollWidth - window.innerWidth',
      );
      expect(overflow, url).toBeLessThanOrEqual(0);
      await screenshot(name, phonePage);
    }
    await phone.close();
  });

  it('logs out', async () => {
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${baseUrl}/admin/login`);
    await page.goto(`${baseUrl}/admin`);
    expect(new URL(page.url()).pathname).toBe('/admin/login');
  });
});
