import { type Browser, type Page } from 'playwright-core';
import { launchChromium } from '../helpers/browser.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSetupLink } from '../../src/modules/admin/auth/admin-setup.service.js';
import { useTestContext } from '../helpers/test-app.js';

// README's "Run it", in a browser: the set-up link, log in, an account, a key, a call with it.
const context = useTestContext();
let browser: Browser;
let page: Page;
let baseUrl: string;

beforeAll(async () => {
  await context.app.listen({ host: '127.0.0.1', port: 0 });
  const address = context.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  baseUrl = `http://127.0.0.1:${address.port}`;
  browser = await launchChromium();
  page = await (await browser.newContext()).newPage();
});

afterAll(async () => {
  await browser?.close();
});

describe('the first ten minutes in a browser', () => {
  it('set-up link → log in → account → key → a call with the key; the link is then 404', async () => {
    const link = await ensureSetupLink(context.db);
    if (link.state !== 'minted') throw new Error('expected a new set-up link');
    const setupUrl = `${baseUrl}/admin/setup/${link.token}`;

    await page.goto(setupUrl);
    await page.getByLabel('Email').fill('owner@example.com');
    await page.getByLabel('Password', { exact: true }).fill('a long enough password');
    await page.getByLabel('Password again').fill('a long enough password');
    await page.getByRole('button', { name: 'Create administrator' }).click();
    await page.waitForURL(`${baseUrl}/admin/login`);

    await page.getByLabel('Email').fill('owner@example.com');
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${baseUrl}/admin`);

    await page.goto(`${baseUrl}/admin/accounts`);
    await page.getByLabel('Name').fill('Gallery One');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.goto(`${baseUrl}/admin/api-keys`);
    await page
      .getByRole('region', { name: 'Create a key' })
      .getByLabel('Account')
      .selectOption({ label: 'Gallery One' });
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.locator('#new-api-key').textContent())!.trim();
    expect(key).toMatch(/^pk_svc_/);

    const response = await fetch(`${baseUrl}/api/v1/assets/artworks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Water Lilies', medium: 'Oil on canvas', year: 1916 }),
    });
    expect(response.status).toBe(201);

    const again = await page.goto(setupUrl);
    expect(again?.status()).toBe(404);
  });
});
