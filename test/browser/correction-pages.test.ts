import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inLanguage } from '../../src/i18n/request-language.js';
import { text } from '../../src/modules/console/text/index.js';
import { startMemberSession } from '../../src/modules/members/member-sessions.service.js';
import { createAdmin, logIn } from '../admin/admin-helpers.js';
import { createAssetViaApi, issueCertificateForTest } from '../helpers/asset-factory.js';
import { accessibilityProblems, launchChromium, listenLocally } from '../helpers/browser.js';
import { useTestContext } from '../helpers/test-app.js';
import { pngImage } from '../media/media-fixtures.js';
import { joinedMember } from '../members/member-helpers.js';

// Issue #49 item 4 in Chromium: an editor asks to correct an issued certificate with a new public image (a file that
// is no image is refused beside its field, in the reader's language), and the operator sees the held image on the
// request's page. axe-core finds nothing serious and nothing is wider than the window, at 1280 px in German and at
// 360 px in Japanese.
const context = useTestContext();
let browser: Browser;
let baseUrl: string;
let operatorCookie: string;

beforeAll(async () => {
  baseUrl = await listenLocally(context.app);
  browser = await launchChromium();
  const operator = await createAdmin(context.db);
  operatorCookie = (await logIn(context.app, operator.email)).cookie;
});

afterAll(async () => {
  await browser?.close();
});

/** A browser window of the given width and language, with the given session cookie for its area. */
async function windowWith(
  width: number,
  language: string,
  session: { name: string; value: string; path: string },
): Promise<BrowserContext> {
  const browserContext = await browser.newContext({
    viewport: { width, height: 900 },
    isMobile: width < 500,
  });
  await browserContext.addCookies([
    { name: 'avs_lang', value: language, url: baseUrl },
    { name: session.name, value: session.value, url: `${baseUrl}${session.path}` },
  ]);
  return browserContext;
}

describe.each([
  ['a desktop in German', 1280, 'de'],
  ['a phone in Japanese', 360, 'ja'],
] as const)('a correction with an image, on %s, in Chromium', (_name, width, language) => {
  const words = <T>(read: () => T) => inLanguage(language, read);

  it('the editor’s form refuses a file that is no image, then sends the request; the operator sees the image', async () => {
    const gallery = await context.createAccountWithKey({ name: `Galerie ${randomUUID().slice(0, 6)}` });
    const editor = await joinedMember(
      context.app,
      context.db,
      gallery.accountId,
      `${randomUUID()}@galerie.example`,
      'editor',
    );
    const { rows: people } = await context.db.query<{ person_id: string }>(
      'SELECT person_id FROM account_members WHERE id = $1',
      [editor.memberId],
    );
    const asset = await createAssetViaApi(context.app, gallery.auth, 'artworks', {
      title: 'Water Lilies',
      artist: 'Claude Monet',
      year: 1916,
    });
    await issueCertificateForTest(context.db, asset);

    const { token } = await startMemberSession(context.db, people[0]!.person_id, gallery.accountId);
    const member = await windowWith(width, language, {
      name: 'avs_member_session',
      value: token,
      path: '/console',
    });
    const page = await member.newPage();
    await page.goto(`${baseUrl}/console/assets/artworks/${asset.id}`);
    // Each sentence is read inside its language (the catalogue answers when a word is read).
    const said = words(() => ({ ...text.assets.correction }));
    await page.getByLabel(said.reason).fill('The photograph of the back was missing.');
    await page.getByLabel(said.addImages).setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a picture'),
    });
    await page.getByRole('button', { name: said.submit }).click();
    await page.waitForLoadState();
    // Refused beside the field, the reason kept as typed; nothing was asked of the operator.
    await expect.poll(() => page.locator('body').innerText()).toContain(said.notAnImage);
    expect(await page.getByLabel(said.reason).inputValue()).toBe('The photograph of the back was missing.');
    expect(await accessibilityProblems(page)).toEqual([]);
    const waiting = () =>
      context.db.query<{ id: string }>('SELECT id FROM certificate_corrections WHERE asset_id = $1', [
        asset.id,
      ]);
    expect((await waiting()).rows).toEqual([]);

    await page.getByLabel(said.addImages).setInputFiles({
      name: 'back.png',
      mimeType: 'image/png',
      buffer: pngImage(320, 240),
    });
    await page.getByRole('button', { name: said.submit }).click();
    await expect.poll(() => page.locator('body').innerText()).toContain(said.requested);
    await expect(page.locator('[data-correction-open]').innerText()).resolves.toBe(said.open);
    expect(await accessibilityProblems(page)).toEqual([]);
    await member.close();

    const correctionId = (await waiting()).rows[0]!.id;
    const operator = await windowWith(width, language, {
      name: operatorCookie.split('=')[0]!,
      value: operatorCookie.slice(operatorCookie.indexOf('=') + 1),
      path: '/admin',
    });
    const review = await operator.newPage();
    const answer = await review.goto(`${baseUrl}/admin/corrections/${correctionId}`);
    expect(answer?.status()).toBe(200);
    const held = review.locator('[data-added-image] img');
    await expect.poll(() => held.count()).toBe(1);
    // The held image's bytes reach the operator's browser and draw at their own size.
    await expect
      .poll(() => held.evaluate((image: { complete: boolean; naturalWidth: number }) => image.naturalWidth))
      .toBe(320);
    expect(await accessibilityProblems(review)).toEqual([]);
    await operator.close();
  });
});
