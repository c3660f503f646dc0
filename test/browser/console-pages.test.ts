import { type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/modules/accounts/accounts.service.js';
import { launchChromium, openFoldedMenu, openPage, seriousViolations } from '../helpers/browser.js';
import { useTestContext } from '../helpers/test-app.js';
import { invite, MEMBER_PASSWORD, proveAddress } from '../members/member-helpers.js';

const context = useTestContext();
let browser: Browser;
let baseUrl: string;

beforeAll(async () => {
  await context.app.listen({ host: '127.0.0.1', port: 0 });
  const address = context.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  baseUrl = `http://127.0.0.1:${address.port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe('the console in a browser', () => {
  it.each([
    ['desktop', { width: 1280, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const)(
    'an invitee chooses a password, lands in the console and signs out; axe finds nothing serious (%s)',
    async (_name, viewport) => {
      const email = `browser-${viewport.width}@example.com`;
      const north = (await createAccount(context.db, { name: `North ${viewport.width}` })).id;
      const south = (await createAccount(context.db, { name: `South ${viewport.width}` })).id;
      const first = await invite(context.db, north, email, 'owner');
      const browserContext = await browser.newContext({ viewport, isMobile: viewport.width < 500 });
      const check = async (page: Awaited<ReturnType<typeof openPage>>) => {
        expect(await seriousViolations(page), page.url()).toEqual([]);
        const overflow = await page.evaluate<number>(
          'document.documentElement.scrollWidth - window.innerWidth',
        );
        expect(overflow, page.url()).toBeLessThanOrEqual(0);
      };

      const login = await openPage(browserContext, `${baseUrl}/console/login`);
      await check(login);
      const invitation = await openPage(browserContext, `${baseUrl}/console/invitations/${first.token}`);
      await check(invitation);
      await invitation.getByLabel('Choose a password').fill(MEMBER_PASSWORD);
      await invitation.getByLabel('The same password again').fill(MEMBER_PASSWORD);
      await invitation.getByRole('button', { name: 'Accept the invitation' }).click();
      await invitation.waitForURL(`${baseUrl}/console`);
      await check(invitation);

      // A second membership of the person, once the address is proven: the switcher appears in the header.
      await proveAddress(context.db, email);
      const second = await invite(context.db, south, email, 'viewer');
      const accept = await openPage(browserContext, `${baseUrl}/console/invitations/${second.token}`);
      await check(accept);
      await accept.getByLabel('Your password').fill(MEMBER_PASSWORD);
      await accept.getByRole('button', { name: 'Accept the invitation' }).click();
      await accept.waitForURL(`${baseUrl}/console`);
      await check(accept);
      // On a phone the switcher and sign-out sit in the folded menu: opened first.
      await openFoldedMenu(accept);
      await accept.getByLabel('Account').selectOption(north);
      await accept.getByRole('button', { name: 'Switch' }).click();
      await accept.waitForURL(`${baseUrl}/console`);
      expect(await accept.locator('h1').textContent()).toBe(`North ${viewport.width}`);

      const account = await openPage(browserContext, `${baseUrl}/console/account`);
      await check(account);
      expect(await account.locator('section#passkeys').count()).toBe(1);
      await openFoldedMenu(account);
      await account.getByRole('button', { name: 'Sign out', exact: true }).click();
      await account.waitForURL(`${baseUrl}/console/login`);

      const used = await browserContext.newPage();
      const response = await used.goto(`${baseUrl}/console/invitations/${first.token}`);
      expect(response?.status()).toBe(410);
      expect(await seriousViolations(used)).toEqual([]);
      await browserContext.close();
    },
  );
});
