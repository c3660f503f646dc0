import { randomUUID } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import type { TSchema } from '@sinclair/typebox';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inLanguage } from '../../src/i18n/request-language.js';
import { text } from '../../src/modules/console/text/index.js';
import { categoryName } from '../../src/modules/web-pages/category-name.js';
import { importNextBatch } from '../../src/modules/inventory/imports.service.js';
import { startMemberSession } from '../../src/modules/members/member-sessions.service.js';
import { checkAgainstRouteSchema } from '../../src/plugins/schema-check.js';
import { launchChromium, listenLocally, seriousViolations } from '../helpers/browser.js';
import { useTestContext } from '../helpers/test-app.js';
import { joinedMember } from '../members/member-helpers.js';

// The console's Import page in Chromium (issue #49, docs/console.md "Import"): a registrar uploads a stock list with a
// bad row, reads the problems, imports the valid rows only and watches the progress bar to the end; axe-core finds
// nothing serious on each page, at 1280 px in English and at 360 px in French.
const context = useTestContext();
let browser: Browser;
let baseUrl: string;

const ROWS = 300;

/** A stock list of ROWS works; the 42nd has no title (spreadsheet row 43). */
function stockCsv(): Buffer {
  const table = [['Title', 'Artist', 'year']];
  for (let n = 1; n <= ROWS; n += 1)
    table.push([n === 42 ? '' : `Etching ${n}`, `Printmaker ${n % 9}`, '1921']);
  return Buffer.from(stringify(table, { record_delimiter: '\r\n' }));
}

/** An editor of a new gallery, signed in: the person and account a session is started for. */
async function newEditor(): Promise<{ accountId: string; personId: string }> {
  const { accountId } = await context.createAccountWithKey({ name: `Atelier ${randomUUID().slice(0, 6)}` });
  const editor = await joinedMember(
    context.app,
    context.db,
    accountId,
    `${randomUUID()}@atelier.example`,
    'editor',
  );
  const { rows } = await context.db.query<{ person_id: string }>(
    'SELECT person_id FROM account_members WHERE id = $1',
    [editor.memberId],
  );
  return { accountId, personId: rows[0]!.person_id };
}

async function assetCount(accountId: string): Promise<number> {
  const { rows } = await context.db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM assets WHERE account_id = $1',
    [accountId],
  );
  return rows[0]!.count;
}

beforeAll(async () => {
  baseUrl = await listenLocally(context.app);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe.each([
  ['desktop in English', 1280, 'en'],
  ['phone in French', 360, 'fr'],
] as const)('the Import page on a %s, in Chromium', (_name, width, language) => {
  const words = <T>(read: () => T) => inLanguage(language, read);

  it('uploads a file with a bad row, shows the problem, imports the valid rows only through a progress bar; axe clean', async () => {
    const { accountId, personId } = await newEditor();
    const browserContext = await browser.newContext({
      viewport: { width, height: 900 },
      isMobile: width < 500,
    });
    const { token } = await startMemberSession(context.db, personId, accountId);
    await browserContext.addCookies([
      { name: 'avs_lang', value: language, url: baseUrl },
      { name: 'avs_member_session', value: token, url: `${baseUrl}/console` },
    ]);
    const page = await browserContext.newPage();
    const failures: string[] = [];
    page.on('console', (message) => {
      // A failed request is named by the response listener below, with its address.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        failures.push(message.text());
    });
    page.on('response', (answer) => {
      // A poll that fails (a busy machine's 408) is tried again by the script: the bar moving below is its check.
      if (answer.status() >= 400 && !answer.url().endsWith('/progress'))
        failures.push(`${answer.status()} ${answer.url()}`);
    });
    page.on('pageerror', (error) => failures.push(error.message));

    // From the list, by its link.
    await page.goto(`${baseUrl}/console/assets/artworks`);
    await page.getByRole('link', { name: words(() => text.imports.link) }).click();
    await page.waitForURL(`${baseUrl}/console/assets/artworks/import`);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel(words(() => text.imports.fileLabel)).setInputFiles({
      name: 'stock.csv',
      mimeType: 'text/csv',
      buffer: stockCsv(),
    });
    await page.getByRole('button', { name: words(() => text.imports.upload) }).click();
    await page.waitForURL(/\/console\/imports\/[0-9a-f-]{36}$/);
    const importPath = new URL(page.url()).pathname;
    const importId = importPath.split('/').at(-1)!;

    // Checked (the page's script draws it again when the check ends): the problem by row and column.
    const problems = page.getByRole('table', { name: words(() => text.imports.problemsCaption) });
    await problems.waitFor({ timeout: 60_000 });
    const problemRow = problems.locator('tbody tr');
    await expect.poll(() => problemRow.count()).toBe(1);
    const cells = await problemRow.first().locator('td').allInnerTexts();
    expect(cells.map((cell) => cell.trim())).toEqual([
      '43',
      'Title',
      words(() => text.assets.fieldErrors.required(text.assets.titleField)),
    ]);
    expect(await assetCount(accountId)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    // The worker is held so the bar is seen from its start; one batch is run by hand, and the page's script shows it.
    await context.app.importWorker.stop();
    try {
      await page.getByRole('button', { name: words(() => text.imports.startValidOnly(ROWS - 1)) }).click();
      const bar = page.locator('progress#import-progress-bar');
      await bar.waitFor();
      expect(await bar.getAttribute('max')).toBe(String(ROWS - 1));
      expect(await bar.evaluate((element: { value: number }) => element.value)).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      const work = {
        check: (schema: TSchema, body: unknown) => checkAgainstRouteSchema(schema, body, 'body'),
        mediaStores: context.app.mediaStores,
      };
      await importNextBatch(context.db, importId, work, 100);
      await expect
        .poll(() => bar.evaluate((element: { value: number }) => element.value), { timeout: 15_000 })
        .toBe(100);
      await expect
        .poll(() => page.locator('[data-import-numbers]').innerText())
        .toBe(words(() => text.imports.progressNumbers(100, ROWS - 1)));
    } finally {
      context.app.importWorker.start();
    }

    // Done: the page is drawn again with the counts and the way to the list.
    const summary = words(() => text.imports.doneSummary(ROWS - 1, 0, 0));
    await page.getByText(summary).waitFor({ timeout: 60_000 });
    expect(await page.locator('progress').count()).toBe(0);
    await expect
      .poll(() =>
        page.getByRole('link', { name: words(() => text.imports.toList(categoryName('artworks'))) }).count(),
      )
      .toBe(1);
    expect(await assetCount(accountId)).toBe(ROWS - 1);
    expect(await seriousViolations(page)).toEqual([]);
    expect(
      await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'),
    ).toBeLessThanOrEqual(0);
    expect(failures).toEqual([]);
    await browserContext.close();
  });
});
