import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/modules/accounts/accounts.service.js';
import { inviteMember } from '../../src/modules/members/invitations.service.js';
import type { MemberActor } from '../../src/modules/members/members.service.js';
import {
  addVirtualAuthenticator,
  freePort,
  launchChromium,
  openPage,
  seriousViolations,
} from '../helpers/browser.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';

// An owner joins by link with a password; the editor they invite on the members page joins with a passkey and signs in with it,
// through Chrome's virtual authenticator. WebAuthn needs a secure context and a domain name: http://localhost.
const PASSWORD = 'a long and uncommon passphrase';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

let context: TestContext;
let browser: Browser;
let baseUrl: string;
let accountId: string;

beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://localhost:${port}`;
  context = await createTestContext({ config: { AVS_PUBLIC_URL: baseUrl } });
  await context.app.listen({ host: '127.0.0.1', port });
  browser = await launchChromium();
  accountId = (await createAccount(context.db, { name: 'Galerie Lumière' })).id;
});

afterAll(async () => {
  await browser?.close();
  await context?.close();
});

async function invite(email: string, role: 'owner' | 'editor', actor: MemberActor) {
  const { invitation, url } = await inviteMember(context.db, { accountId, email, role, actor, baseUrl });
  return { url, memberId: invitation.member_id };
}

async function expectNoSeriousViolations(page: Page, what: string): Promise<void> {
  expect(await seriousViolations(page), what).toEqual([]);
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.waitForURL(`${baseUrl}/console/login`);
}

describe('members in a browser', () => {
  let ownerMemberId: string;
  let desktop: BrowserContext;

  beforeAll(async () => {
    desktop = await browser.newContext({ viewport: DESKTOP });
  });

  it('an owner opens the invitation link, sets a password, signs in', async () => {
    const owner = await invite('owner@galerie.example', 'owner', { admin: true });
    ownerMemberId = owner.memberId;
    const page = await openPage(desktop, owner.url);
    await expectNoSeriousViolations(page, 'invitation page, desktop');
    await page.getByLabel('Choose a password').fill(PASSWORD);
    await page.getByLabel('The same password again').fill(PASSWORD);
    await page.getByRole('button', { name: 'Accept the invitation' }).click();
    await page.waitForURL(`${baseUrl}/console`);
    await expect.poll(() => page.locator('.who').textContent()).toContain('owner@galerie.example · owner');
    await signOut(page);

    await expectNoSeriousViolations(page, 'sign-in page, desktop');
    await page.getByLabel('Email').fill('owner@galerie.example');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${baseUrl}/console`);
    await page.goto(`${baseUrl}/console/account`);
    // With WebAuthn in the browser the button shows and the text alternative hides.
    await expect.poll(() => page.getByRole('button', { name: 'Add a passkey' }).isVisible()).toBe(true);
    await expectNoSeriousViolations(page, 'account page, desktop');
    await page.close();
  });

  it('the editor the owner invites registers a passkey, signs in with it, and signs out', async () => {
    // The owner, still signed in, invites the editor on the members page and passes the link on.
    const ownerPage = await openPage(desktop, `${baseUrl}/console/members`);
    await ownerPage.locator('#invite-email').fill('editor@galerie.example');
    await ownerPage.locator('#invite-role').selectOption('editor');
    await ownerPage.getByRole('button', { name: 'Send the invitation' }).click();
    const editorLink = (await ownerPage.locator('#invitation-link').textContent())!.trim();
    expect(editorLink).toMatch(new RegExp(`^${baseUrl}/console/invitations/`));
    await ownerPage.close();
    const editorContext = await browser.newContext({ viewport: DESKTOP });
    const page = await openPage(editorContext, editorLink);
    await addVirtualAuthenticator(page);

    await page.getByRole('button', { name: 'Accept with a new passkey' }).click();
    await page.waitForURL(`${baseUrl}/console`);
    await expect.poll(() => page.locator('.who').textContent()).toContain('editor@galerie.example · editor');

    await page.goto(`${baseUrl}/console/account`);
    await expect.poll(() => page.locator('#passkeys table tbody tr').count()).toBe(1);
    await expectNoSeriousViolations(page, 'account page with a passkey, desktop');
    await signOut(page);

    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL(`${baseUrl}/console`);
    await expect.poll(() => page.locator('.who').textContent()).toContain('editor@galerie.example · editor');
    await signOut(page);
    expect((await page.goto(`${baseUrl}/console`))?.url()).toBe(`${baseUrl}/console/login`);
    await editorContext.close();
  });

  it('without JavaScript the passkey buttons stay hidden and the password path still works', async () => {
    const noScript = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false });
    const page = await openPage(noScript, `${baseUrl}/console/login`);
    expect(await page.getByRole('button', { name: 'Sign in with a passkey' }).isVisible()).toBe(false);
    expect(await page.getByText('needs JavaScript').isVisible()).toBe(true);
    await page.getByLabel('Email').fill('owner@galerie.example');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${baseUrl}/console`);
    await noScript.close();
  });

  it('at phone width: the sign-in, invitation and account pages have no serious or critical violation', async () => {
    const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const pending = await invite('second-editor@galerie.example', 'editor', { memberId: ownerMemberId });
    const invitation = await openPage(phone, pending.url);
    await expectNoSeriousViolations(invitation, 'invitation page, phone');
    await invitation.close();

    const page = await openPage(phone, `${baseUrl}/console/login`);
    await expectNoSeriousViolations(page, 'sign-in page, phone');
    await page.getByLabel('Email').fill('owner@galerie.example');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${baseUrl}/console`);
    await page.goto(`${baseUrl}/console/account`);
    await expectNoSeriousViolations(page, 'account page, phone');
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
      PHONE.width,
    );
    await phone.close();
  });
});
