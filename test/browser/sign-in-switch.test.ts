import { type Browser, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/modules/accounts/accounts.service.js';
import { ADMIN_PASSWORD, createAdmin, logIn as adminLogIn } from '../admin/admin-helpers.js';
import {
  expectAccessibleAndFitting,
  launchChromium,
  listenLocally,
  openPage,
  PAGE_VIEWPORTS,
} from '../helpers/browser.js';
import { useTestContext } from '../helpers/test-app.js';
import { invite, joinedMember, MEMBER_PASSWORD } from '../members/member-helpers.js';

// Round 3 from outside, items 1 and 3: the pages a person meets when a browser already signed in is sent another
// sign-in, and when one address has separate sign-ins in two accounts.

const context = useTestContext();
let browser: Browser;
let baseUrl: string;

beforeAll(async () => {
  baseUrl = await listenLocally(context.app);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

async function withSession(
  viewport: { width: number; height: number },
  cookie: string,
  path: string,
): Promise<BrowserContext> {
  const browserContext = await browser.newContext({ viewport, isMobile: viewport.width < 500 });
  const [name, value] = cookie.split('=') as [string, string];
  await browserContext.addCookies([{ name, value, url: `${baseUrl}${path}` }]);
  return browserContext;
}

describe('signing in over another sign-in, in a browser', () => {
  it.each(PAGE_VIEWPORTS)(
    'the console asks "Sign in as someone else?" and switches once confirmed; axe finds nothing serious (%s)',
    async (_name, viewport) => {
      const accountId = (await createAccount(context.db, { name: `Galerie Switch ${viewport.width}` })).id;
      const first = `first-${viewport.width}@galerie.example`;
      const second = `second-${viewport.width}@galerie.example`;
      const firstMember = await joinedMember(context.app, context.db, accountId, first, 'editor');
      await joinedMember(context.app, context.db, accountId, second, 'viewer');

      // A sign-in form left open in a tab, then the browser signed in as the first person elsewhere.
      const browserContext = await browser.newContext({ viewport, isMobile: viewport.width < 500 });
      const page = await openPage(browserContext, `${baseUrl}/console/login`);
      const [name, value] = firstMember.cookie.split('=') as [string, string];
      await browserContext.addCookies([{ name, value, url: `${baseUrl}/console` }]);
      await page.getByLabel('Email').fill(second);
      await page.getByLabel('Password').fill(MEMBER_PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForLoadState();
      expect(await page.locator('h1').textContent()).toBe('Sign in as someone else?');
      expect(await page.textContent('main')).toContain(`This browser is signed in as ${first}`);
      await expectAccessibleAndFitting(page);

      await page.getByLabel('Password').fill(MEMBER_PASSWORD);
      await page.getByRole('button', { name: 'Sign in as this person instead' }).click();
      await page.waitForURL(`${baseUrl}/console`);
      expect(await page.textContent('body')).toContain(second);
      await browserContext.close();
    },
  );

  it.each(PAGE_VIEWPORTS)(
    'one address with the same password in two accounts is asked which account; axe finds nothing serious (%s)',
    async (_name, viewport) => {
      const email = `twice-${viewport.width}@collector.example`;
      const north = `Galerie Nord ${viewport.width}`;
      const south = `Galerie Sud ${viewport.width}`;
      await joinedMember(
        context.app,
        context.db,
        (await createAccount(context.db, { name: north })).id,
        email,
      );
      await joinedMember(
        context.app,
        context.db,
        (await createAccount(context.db, { name: south })).id,
        email,
      );

      const browserContext = await browser.newContext({ viewport, isMobile: viewport.width < 500 });
      const page = await openPage(browserContext, `${baseUrl}/console/login`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(MEMBER_PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForLoadState();
      expect(await page.textContent('main')).toContain('Choose the account');
      await expectAccessibleAndFitting(page);

      await page.getByLabel(south).check();
      await page.getByLabel('Password').fill(MEMBER_PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL(`${baseUrl}/console`);
      expect(await page.textContent('body')).toContain(south);
      await browserContext.close();
    },
  );

  it.each(PAGE_VIEWPORTS)(
    'an invitation opened while signed in as someone else says so above its form; axe finds nothing serious (%s)',
    async (_name, viewport) => {
      const accountId = (await createAccount(context.db, { name: `Maison Invite ${viewport.width}` })).id;
      const signedIn = `signed-in-${viewport.width}@maison.example`;
      const invitee = `invitee-${viewport.width}@maison.example`;
      const member = await joinedMember(context.app, context.db, accountId, signedIn, 'editor');
      const { token } = await invite(context.db, accountId, invitee, 'viewer');

      const browserContext = await withSession(viewport, member.cookie, '/console');
      const page = await openPage(browserContext, `${baseUrl}/console/invitations/${token}`);
      expect(await page.textContent('main')).toContain(
        `This browser is signed in as ${signedIn}. Accepting this invitation signs ${signedIn} out here`,
      );
      await expectAccessibleAndFitting(page);
      await browserContext.close();
    },
  );

  it.each(PAGE_VIEWPORTS)(
    '/admin asks "Log in as someone else?" and switches once confirmed; axe finds nothing serious (%s)',
    async (_name, viewport) => {
      const first = await createAdmin(context.db);
      const other = await createAdmin(context.db);
      const { cookie } = await adminLogIn(context.app, first.email);

      const browserContext = await browser.newContext({ viewport, isMobile: viewport.width < 500 });
      const page = await openPage(browserContext, `${baseUrl}/admin/login`);
      const [name, value] = cookie.split('=') as [string, string];
      await browserContext.addCookies([{ name, value, url: `${baseUrl}/admin` }]);
      await page.getByLabel('Email').fill(other.email);
      await page.getByLabel('Password').fill(ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await page.waitForLoadState();
      expect(await page.locator('h1').textContent()).toBe('Log in as someone else?');
      expect(await page.textContent('main')).toContain(`This browser is logged in as ${first.email}`);
      await expectAccessibleAndFitting(page);

      await page.getByLabel('Password').fill(ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Log in as this administrator instead' }).click();
      await page.waitForURL(`${baseUrl}/admin`);
      await browserContext.close();
    },
  );
});
