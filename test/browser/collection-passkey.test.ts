import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessibilityProblems,
  addVirtualAuthenticator,
  freePort,
  launchChromium,
  openPage,
} from '../helpers/browser.js';
import { linksIn, startMailServer, type MailServer } from '../helpers/mail-server.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';
import { waitFor } from '../helpers/wait-for.js';

// Issue #50, the collector's place in Chromium: a buyer signs in to /collection by the link mailed to them, adds a
// passkey through Chrome's virtual authenticator, signs out and back in with it; the pages pass axe at 1280 and 360 px
// in German and Japanese. WebAuthn needs a secure context and a domain name: http://localhost.
const EMAIL = 'buyer@collector.example';

let context: TestContext;
let server: MailServer;
let browser: Browser;
let baseUrl: string;

beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://localhost:${port}`;
  server = await startMailServer();
  context = await createTestContext({ config: { ...server.config, AVS_PUBLIC_URL: baseUrl } });
  await context.app.listen({ host: '127.0.0.1', port });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await context?.close();
  await server?.close();
});

/** The newest sign-in link mailed to the buyer. */
async function mailedLink(count: number): Promise<string> {
  await context.app.mailWorker.drain();
  const links = () =>
    server.received
      .filter((mail) => mail.to.includes(EMAIL))
      .flatMap((mail) => linksIn(mail.parsed.text ?? ''))
      .filter((link) => link.startsWith(`${baseUrl}/collection/sign-in/`));
  await waitFor(() => links().length >= count, { message: 'a collection sign-in link' });
  return links().at(-1)!;
}

describe('the collector’s place in a browser', () => {
  it('signs in by the mailed link, adds a passkey, and signs in with it next time', async () => {
    const desktop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await openPage(desktop, `${baseUrl}/collection/sign-in`);
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.locator('input[type=email]').fill(EMAIL);
    await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
    await expect.poll(() => page.locator('.flash').textContent()).toContain('sign-in link is on its way');

    await page.goto(await mailedLink(1));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${baseUrl}/collection`);
    expect(await accessibilityProblems(page)).toEqual([]);

    await addVirtualAuthenticator(page);
    await expect.poll(() => page.getByRole('button', { name: 'Add a passkey' }).isVisible()).toBe(true);
    await page.locator('#passkey-name').fill('Phone');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.waitForURL(`${baseUrl}/collection/details`);
    await expect.poll(() => page.locator('main').textContent()).toContain('Phone');
    expect(await accessibilityProblems(page)).toEqual([]);

    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(`${baseUrl}/collection/sign-in`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL(`${baseUrl}/collection`);
    await expect.poll(() => page.locator('.who').textContent()).toContain(EMAIL);
    await desktop.close();
  });

  it.each([
    ['de', { width: 1280, height: 900 }],
    ['ja', { width: 360, height: 800 }],
  ] as const)('passes axe in %s at %o on the signed-out pages', async (language, viewport) => {
    const visitor = await browser.newContext({ viewport, isMobile: viewport.width < 500 });
    await visitor.addCookies([{ name: 'avs_lang', value: language, url: baseUrl }]);
    for (const [url, status] of [
      ['/collection/sign-in', 200],
      [`/collection/claim/${'A'.repeat(43)}`, 404],
    ] as const) {
      const page = await visitor.newPage();
      expect((await page.goto(`${baseUrl}${url}`))?.status()).toBe(status);
      expect(await page.evaluate<string>('document.documentElement.lang')).toBe(language);
      expect(await accessibilityProblems(page), url).toEqual([]);
      await page.close();
    }
    await visitor.close();
  });
});
