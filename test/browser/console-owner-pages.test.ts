import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/modules/accounts/accounts.service.js';
import { createApiKey } from '../../src/modules/keys/keys.service.js';
import { startMemberSession } from '../../src/modules/members/member-sessions.service.js';
import { launchChromium, openPage, seriousViolations } from '../helpers/browser.js';
import { useTestContext } from '../helpers/test-app.js';
import { invite, joinedMember } from '../members/member-helpers.js';

const context = useTestContext();
let browser: Browser;
let baseUrl: string;
let accountId: string;
let ownerPersonId: string;
let colleagueId: string;

beforeAll(async () => {
  accountId = (await createAccount(context.db, { name: 'Galerie Lumière' })).id;
  const owner = await joinedMember(context.app, context.db, accountId, 'owner@galerie.example');
  const colleague = await joinedMember(context.app, context.db, accountId, 'colleague@galerie.example');
  colleagueId = colleague.memberId;
  await invite(context.db, accountId, 'new.editor@galerie.example', 'editor');
  await createApiKey(context.db, {
    accountId,
    actor: { memberId: colleagueId, accountId },
    name: 'Website sync',
    planetScope: ['artworks'],
  });
  const { rows } = await context.db.query<{ person_id: string }>(
    'SELECT person_id FROM account_members WHERE id = $1',
    [owner.memberId],
  );
  ownerPersonId = rows[0]!.person_id;
  await context.app.listen({ host: 'localhost', port: 0 });
  const address = context.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  baseUrl = `http://localhost:${address.port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/** A browser of the given width, signed in as the owner (a session started by the service, its cookie set). */
async function signedIn(width: number): Promise<BrowserContext> {
  const browserContext = await browser.newContext({ viewport: { width, height: 900 } });
  const { token } = await startMemberSession(context.db, ownerPersonId, accountId);
  await browserContext.addCookies([
    { name: 'avs_member_session', value: token, domain: 'localhost', path: '/console', httpOnly: true },
  ]);
  return browserContext;
}

async function expectAccessible(page: Page): Promise<void> {
  expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
  expect(await seriousViolations(page)).toEqual([]);
}

describe.each([
  ['desktop', 1280],
  ['phone', 390],
])('the owner’s console pages on a %s, in Chromium', (_name, width) => {
  it('members, the invitation answer, keys, a new key’s secret, the keys question and the audit log pass axe-core', async () => {
    const browserContext = await signedIn(width);
    const members = await openPage(browserContext, `${baseUrl}/console/members`);
    await expectAccessible(members);
    await members.getByLabel('E-mail').fill(`invited-${width}@galerie.example`);
    await members.getByRole('combobox', { name: 'Role', exact: true }).selectOption('viewer');
    await members.getByRole('button', { name: 'Send the invitation' }).click();
    await members.waitForURL(`${baseUrl}/console/members`);
    expect(await members.locator('#invitation-link').innerText()).toMatch(/\/console\/invitations\//);
    await expectAccessible(members);

    const keys = await openPage(browserContext, `${baseUrl}/console/keys`);
    await expectAccessible(keys);
    await keys.getByLabel('Name').fill(`Phone app ${width}`);
    await keys.getByRole('button', { name: 'Create key' }).click();
    expect(await keys.locator('#new-api-key').innerText()).toMatch(/^pk_svc_/);
    await expectAccessible(keys);

    // The question before disabling a member who made keys: asked, not answered here.
    const disable = await browserContext.newPage();
    await disable.goto(`${baseUrl}/console/members`);
    await disable.getByRole('button', { name: 'Disable colleague@galerie.example' }).click();
    await disable.getByRole('heading', { name: 'Disable colleague@galerie.example' }).waitFor();
    expect(await disable.getByRole('checkbox').count()).toBe(1);
    await expectAccessible(disable);

    const audit = await openPage(browserContext, `${baseUrl}/console/audit`);
    await expectAccessible(audit);
    await browserContext.close();
  });
});
