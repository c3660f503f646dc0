import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canReadHeic } from '../../src/modules/media/media-processing.js';
import { createAssetViaApi, type CreatedAsset } from '../helpers/asset-factory.js';
import { freePort, launchChromium, openPage, seriousViolations } from '../helpers/browser.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';
import { cameraJpegWithGps, heicPhoto } from '../media/media-fixtures.js';
import { joinedMember, MEMBER_PASSWORD } from '../members/member-helpers.js';

// Issue #47's "Must show": a 25 MB camera JPEG and a HEIC (or its clear refusal) uploaded through the console, in
// Chromium, as a person picks the files; the refusals in people's units; the visibility switched on the asset page.
let context: TestContext;
let browser: Browser;
let baseUrl: string;
let page: Page;
let asset: CreatedAsset;
const files = mkdtempSync(path.join(tmpdir(), 'avs-camera-'));
const cameraFile = path.join(files, 'DSC04711.JPG');
const heicFile = path.join(files, 'IMG_0042.HEIC');
const hugeFile = path.join(files, 'huge.jpg');

beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  context = await createTestContext({ config: { AVS_PUBLIC_URL: baseUrl } });
  await context.app.listen({ host: '127.0.0.1', port });
  const owner = await context.createAccountWithKey({ name: 'Galerie Nord' });
  await joinedMember(context.app, context.db, owner.accountId, 'editor@nord.example', 'editor');
  asset = await createAssetViaApi(context.app, owner.auth);
  const camera = await cameraJpegWithGps();
  writeFileSync(cameraFile, camera);
  writeFileSync(heicFile, heicPhoto());
  writeFileSync(hugeFile, Buffer.concat([camera, Buffer.alloc(41 * 1024 * 1024 - camera.length)]));

  browser = await launchChromium();
  const browserContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await openPage(browserContext, `${baseUrl}/console/login`);
  await page.getByLabel('Email').fill('editor@nord.example');
  await page.getByLabel('Password').fill(MEMBER_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${baseUrl}/console`);
});

afterAll(async () => {
  await browser?.close();
  await context?.close();
  rmSync(files, { recursive: true, force: true });
});

/** Picks files in the asset page's upload form and sends it, as a person does. */
async function uploadThroughThePage(file: string): Promise<void> {
  await page.goto(`${baseUrl}/console/assets/artworks/${asset.id}`);
  await page.locator('#upload-files').setInputFiles(file);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await page.waitForLoadState();
}

const media = () =>
  context.db.query<{ content_type: string; width: number; height: number; public: boolean }>(
    `SELECT b.content_type, b.width, b.height, m.public FROM asset_media m JOIN media_blobs b ON b.sha256 = m.sha256
     WHERE m.asset_id = $1 ORDER BY m.created_at`,
    [asset.id],
  );

describe('camera photographs through the console, in Chromium', () => {
  it('takes a 28 MB, 100-megapixel camera JPEG and keeps it 4096 px long', async () => {
    await uploadThroughThePage(cameraFile);
    expect(await page.getByRole('status').innerText()).toContain('1 file added.');
    expect(await page.locator('.media-grid figcaption').first().innerText()).toContain('4096×2844');
    expect((await media()).rows).toEqual([
      { content_type: 'image/jpeg', width: 4096, height: 2844, public: false },
    ]);
  });

  it('answers a HEIC with a sentence naming the formats it takes (or takes it where libvips reads HEVC)', async () => {
    await uploadThroughThePage(heicFile);
    if (await canReadHeic()) {
      expect(await page.getByRole('status').innerText()).toContain('1 file added.');
      return;
    }
    expect(await page.getByRole('alert').innerText()).toBe(
      'HEIC and HEIF photos cannot be read here. Send a JPEG, PNG, WebP or TIFF photo, or a PDF (an iPhone saves JPEG under Settings › Camera › Formats › Most Compatible).',
    );
    expect((await media()).rows).toHaveLength(1);
  });

  it('says a file over the limit is larger than 40 MB', async () => {
    await uploadThroughThePage(hugeFile);
    const refusal = await page.getByRole('alert').innerText();
    expect(refusal).toBe('The file is larger than 40 MB.');
    expect(await page.content()).not.toContain('AVS_MEDIA');
  });

  it('switches the photo to public with the control beside it, and the page passes axe', async () => {
    await page.goto(`${baseUrl}/console/assets/artworks/${asset.id}`);
    const control = page.locator('.media-grid form[action$="/visibility"] button');
    expect((await control.innerText()).trim()).toMatch(/^Make public/);
    await control.click();
    await page.waitForLoadState();
    expect(await page.getByRole('status').innerText()).toContain('The file is now public');
    expect((await page.locator('.media-grid form[action$="/visibility"] button').innerText()).trim()).toMatch(
      /^Make private/,
    );
    expect((await media()).rows[0]!.public).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
