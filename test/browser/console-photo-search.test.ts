import { type Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMemberSession } from '../../src/modules/members/member-sessions.service.js';
import { createAssetViaApi, issueCertificateForTest, type CreatedAsset } from '../helpers/asset-factory.js';
import { launchChromium, openPage, pictureLoadedWidth, seriousViolations } from '../helpers/browser.js';
import { useTestContext } from '../helpers/test-app.js';
import { fixturePhoto } from '../media/media-fixtures.js';
import { joinedMember } from '../members/member-helpers.js';

// The console's search by photograph in Chromium: a person picks a file, submits, sees cards with pictures.
const context = useTestContext();
let browser: Browser;
let baseUrl: string;
let accountId: string;
let personId: string;
let issued: CreatedAsset;
let offered: Buffer;

beforeAll(async () => {
  const gallery = await context.createAccountWithKey({ name: 'Browser Search Gallery' });
  const photo = fixturePhoto('fresh-flower.jpg');
  issued = await createAssetViaApi(context.app, gallery.auth);
  const uploaded = await context.app.inject({
    method: 'POST',
    url: `/files/v1/assets/${issued.planet}/${issued.id}/media?public=true`,
    headers: { ...gallery.auth, 'content-type': 'image/jpeg' },
    payload: photo,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  await issueCertificateForTest(context.db, issued);
  offered = await sharp(photo).resize({ width: 240 }).jpeg({ quality: 70 }).toBuffer();

  accountId = (await context.createAccountWithKey({ name: 'Browser Pawnshop' })).accountId;
  const viewer = await joinedMember(context.app, context.db, accountId, 'viewer@pawnshop.example', 'viewer');
  const { rows } = await context.db.query<{ person_id: string }>(
    'SELECT person_id FROM account_members WHERE id = $1',
    [viewer.memberId],
  );
  personId = rows[0]!.person_id;
  await context.app.listen({ host: 'localhost', port: 0 });
  const address = context.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  baseUrl = `http://localhost:${address.port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe.each([
  ['desktop', 1280],
  ['phone', 390],
])('the console’s search by photograph on a %s, in Chromium', (_name, width) => {
  it('a viewer uploads a photograph and sees the match as a card with its picture; axe finds nothing serious', async () => {
    const browserContext = await browser.newContext({
      viewport: { width, height: 900 },
      isMobile: width < 500,
    });
    const { token } = await startMemberSession(context.db, personId, accountId);
    await browserContext.addCookies([
      { name: 'avs_member_session', value: token, domain: 'localhost', path: '/console', httpOnly: true },
    ]);
    const page = await openPage(browserContext, `${baseUrl}/console/search`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Photograph of the object').setInputFiles({
      name: 'offered.jpg',
      mimeType: 'image/jpeg',
      buffer: offered,
    });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('heading', { name: '1 asset looks like this photograph' }).waitFor();
    // The picture loaded (the console served it to the session): it has a size.
    const loadedWidth = await pictureLoadedWidth(page, 'Photograph of Water Lilies');
    expect(loadedWidth).toBeGreaterThan(0);
    expect(await page.getByText(issued.certificate_number).count()).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    await browserContext.close();
  });
});
