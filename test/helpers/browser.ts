import { createServer } from 'node:net';
import axe from 'axe-core';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { englishOutsideCatalogue } from './pseudo-language.js';

/** Debian's Chromium (never a downloaded browser), headless, with nothing of its own reaching the network. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** axe-core's serious and critical findings, evaluated through the DevTools protocol (the pages' CSP allows no inline script, rightly). */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axe.source);
  const results = await page.evaluate<axe.AxeResults>(
    `axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(AXE_TAGS)} } })`,
  );
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length} nodes)`);
}

/** Opens a page that must answer 200 without a console error (a CSP refusal of an image or the stylesheet shows there). */
export async function openPage(browserContext: BrowserContext, url: string): Promise<Page> {
  const page = await browserContext.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const response = await page.goto(url);
  expect(response?.status()).toBe(200);
  expect(errors).toEqual([]);
  return page;
}

/** A browser context of its own, signed in to the console through the sign-in form (1280 px wide). */
export async function consoleSignedIn(
  browser: Browser,
  baseUrl: string,
  credentials: { email: string; password: string },
): Promise<{ browserContext: BrowserContext; page: Page }> {
  const browserContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await openPage(browserContext, `${baseUrl}/console/login`);
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${baseUrl}/console`);
  return { browserContext, page };
}

/** A platform authenticator with user verification in Chrome (WebAuthn's virtual one), as a phone or a laptop with a fingerprint reader has. */
export async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

/** The two widths a public page is checked at: a desktop window, and a phone's (390 × 844, touch, 2× pixels). */
export async function desktopAndPhone(
  browser: Browser,
): Promise<{ desktop: BrowserContext; phone: BrowserContext }> {
  return {
    desktop: await browser.newContext({ viewport: { width: 1280, height: 900 } }),
    phone: await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    }),
  };
}

type StyleReader = { getComputedStyle(element: unknown): { borderTopColor: string } };

/** The computed top border colour of the first element `selector` finds: the stylesheet applied (the CSP let it in). */
export function borderTopColour(page: Page, selector: string): Promise<string> {
  return page
    .locator(selector)
    .first()
    .evaluate(
      (element: { ownerDocument: { defaultView: unknown } }) =>
        (element.ownerDocument.defaultView as StyleReader).getComputedStyle(element).borderTopColor,
    );
}

/** A free port, so that AVS_PUBLIC_URL (the QR code, the passkeys' relying party) names the address the browser opens. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Starts the test app on a free port of 127.0.0.1 for a browser to open; returns its base URL. */
export async function listenLocally(app: {
  listen: FastifyInstance['listen'];
  server: FastifyInstance['server'];
}) {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

/** What keeps a page from being as the issue asks: axe's serious findings, and a page wider than the window. */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  const problems = await seriousViolations(page);
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  if (overflow > 0) problems.push(`${overflow} px wider than the window`);
  return problems;
}

/** Opens the header's menu where a phone's width folds it behind its summary; on a wide page it is open already. */
export async function openFoldedMenu(page: Page): Promise<void> {
  const menu = page.locator('details.site-menu');
  if (await menu.evaluate((details: { open: boolean }) => !details.open))
    await menu.locator('summary').click();
}

/** A console or admin page as the issue asks: axe finds nothing serious, and nothing is wider than the window. */
export async function expectAccessibleAndFitting(page: Page): Promise<void> {
  expect(await accessibilityProblems(page), page.url()).toEqual([]);
}

/** The widths the pages must work at: a desktop and the narrowest phone (360 px). */
export const PAGE_VIEWPORTS = [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 360, height: 800 }],
] as const;

/**
 * The passes every page of a walk gets (issue #47): axe in two languages, no sideways scroll at 360 px in the two
 * languages most likely to push it (Japanese's unbroken runs, German's long words), and the pseudo language, where any
 * word outside the catalogue shows. Each pass's language comes from the `avs_lang` cookie, as a switcher leaves it.
 */
export const PAGE_WALK_PASSES = [
  { name: 'desktop-fr', viewport: { width: 1280, height: 900 }, language: 'fr', axe: true },
  { name: 'phone-ja', viewport: { width: 360, height: 800 }, language: 'ja', axe: true },
  { name: 'phone-de', viewport: { width: 360, height: 800 }, language: 'de', axe: false },
  { name: 'pseudo', viewport: { width: 1280, height: 900 }, language: 'en-XA', axe: false },
] as const;

export type PageWalkPass = (typeof PAGE_WALK_PASSES)[number];

/** A walked page's problems in a pass: its language, axe's serious findings, sideways scroll, English left outside the catalogue. */
export async function walkProblems(
  page: Page,
  pass: PageWalkPass,
  data: readonly string[],
): Promise<string[]> {
  const problems: string[] = [];
  const lang = await page.evaluate<string>('document.documentElement.lang');
  if (lang !== pass.language) problems.push(`<html lang="${lang}">, not ${pass.language}`);
  if (pass.axe) problems.push(...(await seriousViolations(page)));
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  if (overflow > 0) problems.push(`${overflow} px wider than the window`);
  if (pass.language === 'en-XA') {
    // Code (an API path, an event type, a command) is not words a catalogue translates: it is taken out (the page's
    // other checks are done by now).
    const text = await page.evaluate<string>(
      `document.querySelectorAll('code, pre, kbd, samp').forEach((element) => element.remove());
       document.title + '\\n' + document.body.innerText`,
    );
    problems.push(
      ...englishOutsideCatalogue(text, data).map((run) => `English outside the catalogue: “${run}”`),
    );
  }
  return problems;
}

/**
 * The width of the picture named `name` once it has loaded or failed: a picture the page's CSP or the server refused
 * has none. Visible is not yet loaded, so this waits for the load or the error.
 */
export async function pictureLoadedWidth(page: Page, name: string): Promise<number> {
  const picture = page.getByRole('img', { name });
  await picture.waitFor();
  return picture.evaluate(
    (image: {
      complete: boolean;
      naturalWidth: number;
      addEventListener(type: 'load' | 'error', listener: () => void): void;
    }) =>
      image.complete
        ? image.naturalWidth
        : new Promise<number>((resolve) => {
            image.addEventListener('load', () => resolve(image.naturalWidth));
            image.addEventListener('error', () => resolve(0));
          }),
  );
}
