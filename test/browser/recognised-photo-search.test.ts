import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMemberSession } from '../../src/modules/members/member-sessions.service.js';
import { issueCertificateForTest } from '../helpers/asset-factory.js';
import {
  accessibilityProblems,
  freePort,
  launchChromium,
  openPage,
  PAGE_VIEWPORTS,
  PAGE_WALK_PASSES,
  pictureLoadedWidth,
  walkProblems,
} from '../helpers/browser.js';
import { phonePhoto } from '../helpers/phone-photo.js';
import { recognitionOriginal as original, registerDescribedWork } from '../helpers/recognition.js';
import { createTestContext, RECOGNITION_ON, type TestContext } from '../helpers/test-app.js';
import { joinedMember } from '../members/member-helpers.js';

// #51 "Must show", in Chromium: a new phone photograph of a registered work, uploaded through the console's form by a
// signed-in member and through the look-up page's form by a visitor, shows the recognised match with how sure in
// people's words (never a bare number of ours), in English and German, axe clean at 1280 and 360 px.
let context: TestContext;
let browser: Browser;
let baseUrl: string;
let dealerAccountId: string;
let dealerPersonId: string;
/** A dealer's phone photographs: of a findable gallery's issued work, of a stolen work, of a work nobody registered. */
const photos: Record<'registered' | 'stolen' | 'unrelated', Buffer> = {
  registered: Buffer.alloc(0),
  stolen: Buffer.alloc(0),
  unrelated: Buffer.alloc(0),
};
/** What the test and the operator put on the pages (names, titles, certificate numbers): not the catalogue's words. */
const data: string[] = [
  'Asset Verification Service',
  'Galerie Nord',
  'A dealer',
  'viewer@dealer.example',
  'Astronaut',
  'Coffee',
];

type Account = Awaited<ReturnType<TestContext['createAccountWithKey']>>;

/** Registers a work with one image and waits until the image is described (findable by a new photograph). */
async function register(account: Account, name: string, visibility: 'public' | 'private', title: string) {
  const { asset } = await registerDescribedWork(context.app, context.db, account.auth, {
    name,
    visibility,
    title,
  });
  await issueCertificateForTest(context.db, asset);
  data.push(asset.certificate_number);
  return asset;
}

beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://localhost:${port}`;
  context = await createTestContext({
    config: {
      ...RECOGNITION_ON,
      AVS_PUBLIC_URL: baseUrl,
      AVS_PUBLIC_RATE_LIMIT_PER_SECOND: 1_000_000,
      AVS_PUBLIC_RATE_LIMIT_BURST: 1_000_000,
    },
  });
  const gallery = await context.createAccountWithKey({ name: 'Galerie Nord' });
  await register(gallery, 'astronaut', 'public', 'Astronaut');
  // The gallery lets its issued public images be found by photograph without a key (its public profile's choice;
  // the profile's trigger tells every instance's keyless index).
  await context.db.query('INSERT INTO account_profiles (account_id, findable_by_photo) VALUES ($1, true)', [
    gallery.accountId,
  ]);

  const collector = await context.createAccountWithKey({ name: 'A collector' });
  const stolen = await register(collector, 'coffee', 'private', 'Coffee');
  const raised = await context.app.inject({
    method: 'POST',
    url: `/api/v1/assets/${stolen.planet}/${stolen.id}/alerts`,
    headers: collector.auth,
    payload: { kind: 'stolen', occurred_at: '2026-10-01' },
  });
  expect(raised.statusCode, raised.body).toBe(201);

  photos.registered = await phonePhoto(original('astronaut'), 11);
  photos.stolen = await phonePhoto(original('coffee'), 23);
  photos.unrelated = await phonePhoto(original('chelsea'), 5);

  dealerAccountId = (await context.createAccountWithKey({ name: 'A dealer' })).accountId;
  const viewer = await joinedMember(
    context.app,
    context.db,
    dealerAccountId,
    'viewer@dealer.example',
    'viewer',
  );
  const { rows } = await context.db.query<{ person_id: string }>(
    'SELECT person_id FROM account_members WHERE id = $1',
    [viewer.memberId],
  );
  dealerPersonId = rows[0]!.person_id;
  await context.app.listen({ host: 'localhost', port });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await context?.close();
});

/** The words each language must show (the browser asks for the language: Accept-Language). */
const LANGUAGES = [
  {
    locale: 'en-GB',
    consoleLabel: 'Photograph of the object',
    publicLabel: 'Photograph of the object',
    search: 'Search',
    consoleHeading: '1 asset looks like this photograph',
    consoleNone: 'No asset looks like this photograph',
    recognised: /(Possibly the same|The same) work, in another photograph \(matched at \d+ points\)/,
    registeredHeading: '1 registered asset looks like this photograph',
    registeredCard:
      'A registered certificate, not reported stolen or lost: check it against the object in front of you.',
    reportedHeading: '1 reported asset looks like this photograph',
    reportedCard: 'Reported stolen',
    publicNone: 'Nothing found for this photograph',
    notRecognised: 'glossy and three-dimensional',
    picture: 'Photograph of Astronaut',
  },
  {
    locale: 'de-DE',
    consoleLabel: 'Foto des Gegenstands',
    publicLabel: 'Foto des Objekts',
    search: 'Suchen',
    consoleHeading: '1 Objekt ähnelt diesem Foto',
    consoleNone: 'Kein Objekt ähnelt diesem Foto',
    recognised:
      /(Möglicherweise dasselbe|Dasselbe) Werk, auf einem anderen Foto \(übereinstimmend in \d+ Punkten\)/,
    registeredHeading: '1 registriertes Objekt gleicht diesem Foto',
    registeredCard: 'Ein registriertes Zertifikat, nicht als gestohlen oder verloren gemeldet',
    reportedHeading: '1 gemeldetes Objekt gleicht diesem Foto',
    reportedCard: 'Als gestohlen gemeldet',
    publicNone: 'Zu diesem Foto wurde nichts gefunden',
    notRecognised: 'glänzend und dreidimensional',
    picture: 'Foto von Astronaut',
  },
] as const;

type Language = (typeof LANGUAGES)[number];

/** Chooses `photo` in the form's file field labelled `label` and submits it. */
async function searchFor(page: Page, label: string, button: string, photo: Buffer): Promise<void> {
  await page
    .getByLabel(label)
    .setInputFiles({ name: 'phone-photo.jpg', mimeType: 'image/jpeg', buffer: photo });
  await Promise.all([
    page.waitForNavigation(),
    page.getByRole('button', { name: button, exact: true }).click(),
  ]);
}

/** The same, in a language without labels a test may name: the file field and its own form's button. */
async function searchByForm(page: Page, photo: Buffer): Promise<void> {
  const field = page.locator('input[type=file]');
  await field.setInputFiles({ name: 'phone-photo.jpg', mimeType: 'image/jpeg', buffer: photo });
  await Promise.all([page.waitForNavigation(), field.locator('xpath=ancestor::form//button').last().click()]);
}

async function newBrowserContext(language: Language, viewport: { width: number; height: number }) {
  return browser.newContext({ viewport, locale: language.locale, isMobile: viewport.width < 500 });
}

describe.each(LANGUAGES)('a phone photograph of a registered work, recognised ($locale)', (language) => {
  describe.each(PAGE_VIEWPORTS)('at the %s width', (width, viewport) => {
    let browserContext: BrowserContext;

    it('the console shows a signed-in member the recognised work with its picture and how sure, in words', async () => {
      browserContext = await newBrowserContext(language, viewport);
      const { token } = await startMemberSession(context.db, dealerPersonId, dealerAccountId);
      await browserContext.addCookies([
        { name: 'avs_member_session', value: token, domain: 'localhost', path: '/console', httpOnly: true },
      ]);
      const page = await openPage(browserContext, `${baseUrl}/console/search`);
      expect(await accessibilityProblems(page)).toEqual([]);
      await searchFor(page, language.consoleLabel, language.search, photos.registered);
      await page.getByRole('heading', { name: language.consoleHeading }).waitFor();
      const card = page.locator('[data-certificate-number]');
      await expect.poll(() => card.count()).toBe(1);
      expect(await card.locator('[data-method]').getAttribute('data-method')).toBe('recognised');
      expect(await card.textContent()).toMatch(language.recognised);
      expect(await pictureLoadedWidth(page, language.picture)).toBeGreaterThan(0);
      expect(await accessibilityProblems(page)).toEqual([]);

      // A photograph of a work nobody registered: nothing, and what a photograph cannot be recognised from.
      await searchFor(page, language.consoleLabel, language.search, photos.unrelated);
      await page.getByRole('heading', { name: language.consoleNone }).waitFor();
      expect(await page.locator('main').textContent()).toContain(language.notRecognised);
      expect(await accessibilityProblems(page)).toEqual([]);
      await browserContext.close();
    });

    it('the look-up page shows a visitor a findable gallery’s certificate, not called reported, and a stolen work', async () => {
      browserContext = await newBrowserContext(language, viewport);
      const page = await openPage(browserContext, `${baseUrl}/c`);
      expect(await accessibilityProblems(page)).toEqual([]);

      await searchFor(page, language.publicLabel, language.search, photos.registered);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(language.registeredHeading);
      let card = page.getByRole('article');
      await expect.poll(() => card.count()).toBe(1);
      expect(await card.locator('dd[data-method]').getAttribute('data-method')).toBe('recognised');
      expect(await card.textContent()).toMatch(language.recognised);
      expect(await card.textContent()).toContain(language.registeredCard);
      expect(await card.textContent()).not.toContain(language.reportedCard);
      expect(await pictureLoadedWidth(page, language.picture)).toBeGreaterThan(0);
      expect(await accessibilityProblems(page)).toEqual([]);

      await searchFor(page, language.publicLabel, language.search, photos.stolen);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(language.reportedHeading);
      card = page.getByRole('article');
      await expect.poll(() => card.count()).toBe(1);
      expect(await card.textContent()).toMatch(language.recognised);
      expect(await card.textContent()).toContain(language.reportedCard);
      // The stolen work's image is private: found, never shown.
      expect(await card.getByRole('img').count()).toBe(0);
      expect(await accessibilityProblems(page)).toEqual([]);

      await searchFor(page, language.publicLabel, language.search, photos.unrelated);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(language.publicNone);
      expect(await page.locator('main').textContent()).toContain(language.notRecognised);
      expect(await accessibilityProblems(page)).toEqual([]);
      await browserContext.close();
    });
  });
});

describe('in the pseudo language, where a word outside the catalogue shows', () => {
  const pseudo = PAGE_WALK_PASSES.find((pass) => pass.language === 'en-XA')!;

  it('every word of both pages’ recognised matches comes from the catalogue', async () => {
    const browserContext = await browser.newContext({ viewport: pseudo.viewport });
    const { token } = await startMemberSession(context.db, dealerPersonId, dealerAccountId);
    await browserContext.addCookies([
      { name: 'avs_lang', value: pseudo.language, url: baseUrl },
      { name: 'avs_member_session', value: token, domain: 'localhost', path: '/console', httpOnly: true },
    ]);
    const consolePage = await openPage(browserContext, `${baseUrl}/console/search`);
    await searchByForm(consolePage, photos.registered);
    expect(await consolePage.locator('[data-method="recognised"]').count()).toBe(1);
    expect(await walkProblems(consolePage, pseudo, data)).toEqual([]);

    const lookUp = await openPage(browserContext, `${baseUrl}/c`);
    for (const photo of [photos.registered, photos.stolen]) {
      await searchByForm(lookUp, photo);
      expect(await lookUp.locator('[data-method="recognised"]').count()).toBe(1);
      expect(await walkProblems(lookUp, pseudo, data)).toEqual([]);
    }
    await browserContext.close();
  });
});
