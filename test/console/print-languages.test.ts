import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/lib/package-root.js';
import { createAssetViaApi, issueCertificateForTest, type CreatedAsset } from '../helpers/asset-factory.js';
import {
  cropWord,
  inkPixels,
  pdfFonts,
  pdfText,
  renderPages,
  savePdf,
  wordBoxes,
} from '../helpers/pdf-pictures.js';
import { useTestContext } from '../helpers/test-app.js';
import { CREDENTIALS_TEST_CONFIG } from '../credentials/credential-helpers.js';
import { joinedMember } from '../members/member-helpers.js';

// The PDFs as a person sees them, saved by the run (test-artifacts/ is not committed).
const SCREENSHOTS = path.join(packageRoot, 'test-artifacts', 'screenshots');
const context = useTestContext({ config: CREDENTIALS_TEST_CONFIG });
const work = mkdtempSync(path.join(tmpdir(), 'avs-print-languages-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const TITLE = '富士山の版画 葛飾北斎';
// As many characters, but one kanji repeated: drawn as empty boxes, both titles would look the same.
const SAME_KANJI = '富富富富富富 富富富富';

let viewer: { cookie: string };
let japanese: CreatedAsset;
let repeated: CreatedAsset;
let french: CreatedAsset;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const account = await context.createAccountWithKey({ name: 'Gallery Tokyo' });
  const artwork = (title: string, artist: string) =>
    createAssetViaApi(context.app, account.auth, 'artworks', { title, artist, medium: '木版画', year: 1831 });
  japanese = await artwork(TITLE, '葛飾北斎');
  repeated = await artwork(SAME_KANJI, '富富富富');
  french = await createAssetViaApi(context.app, account.auth, 'artworks', {
    title: 'Les Nymphéas — Œuvre d’été',
    artist: 'Jürgen Müller à Genève',
  });
  for (const asset of [japanese, repeated, french]) await issueCertificateForTest(context.db, asset);
  viewer = await joinedMember(context.app, context.db, account.accountId, 'print-ja@example.com', 'viewer');
});

/** The PDF's path in the work folder, and its size in bytes. */
async function downloadPdf(url: string): Promise<{ file: string; bytes: number }> {
  const response = await context.app.inject({ method: 'GET', url, headers: { cookie: viewer.cookie } });
  expect(response.statusCode, url).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return { file: savePdf(work, response.rawPayload), bytes: response.rawPayload.length };
}

const certificateOf = (asset: CreatedAsset) =>
  downloadPdf(`/console/assets/artworks/${asset.id}/certificate.pdf`);
const labelSheetOf = (asset: CreatedAsset) =>
  downloadPdf(`/console/labels.pdf?planet=artworks&ids=${asset.id}`);

const embeddedJapaneseFont = (weight: 'Regular' | 'Bold'): unknown =>
  expect.objectContaining({
    name: expect.stringMatching(new RegExp(`\\+NotoSansJP-${weight}$`)),
    embedded: true,
  });

/** The first page as pdftoppm renders it, saved beside the run's screenshots. */
function renderedPage(file: string, screenshot: string): PNG {
  const [page] = renderPages(work, file);
  writeFileSync(path.join(SCREENSHOTS, screenshot), PNG.sync.write(page!));
  return page!;
}

/** The rendered picture of the page's first word that is `word`. */
function pictureOfWord(file: string, page: PNG, word: string): PNG {
  const box = wordBoxes(file).find((candidate) => candidate.word === word);
  expect(box, `"${word}" is not among the page's words`).toBeDefined();
  return cropWord(page, box!);
}

/** The picture of `word` in both PDFs: the glyphs of distinct kanji against one kanji repeated. */
function expectDistinctGlyphs(files: [string, string], pages: [PNG, PNG], words: [string, string]): void {
  const [distinct, same] = [0, 1].map((index) => pictureOfWord(files[index]!, pages[index]!, words[index]!));
  expect(inkPixels(distinct!)).toBeGreaterThan(50);
  expect([distinct!.width, distinct!.height]).toEqual([same!.width, same!.height]);
  expect(Buffer.compare(distinct!.data, same!.data), 'the kanji are drawn as identical boxes').not.toBe(0);
}

describe('the certificate PDF and the label sheet in Japanese', () => {
  it('draws the certificate’s Japanese title, artist and medium in an embedded Japanese font: glyphs, not boxes', async () => {
    const { file, bytes } = await certificateOf(japanese);
    const words = pdfText(file);
    expect(words).toContain('富士山の版画 葛飾北斎');
    expect(words).toContain('木版画');
    expect(pdfFonts(file)).toEqual(
      expect.arrayContaining([embeddedJapaneseFont('Bold'), embeddedJapaneseFont('Regular')]),
    );
    // Subset to the characters drawn, the font adds kilobytes, not the 5 MB of its file.
    expect(bytes).toBeLessThan(60_000);
    const other = await certificateOf(repeated);
    expectDistinctGlyphs(
      [file, other.file],
      [renderedPage(file, 'pdf-certificate-japanese.png'), renderPages(work, other.file)[0]!],
      ['富士山の版画', '富富富富富富'],
    );
  });

  it('draws the label’s Japanese title in the embedded Japanese font: glyphs, not boxes', async () => {
    const { file } = await labelSheetOf(japanese);
    expect(pdfText(file)).toContain('富士山の版画 葛飾北斎');
    expect(pdfFonts(file)).toContainEqual(embeddedJapaneseFont('Regular'));
    const other = await labelSheetOf(repeated);
    expectDistinctGlyphs(
      [file, other.file],
      [renderedPage(file, 'pdf-label-sheet-japanese.png'), renderPages(work, other.file)[0]!],
      ['富士山の版画', '富富富富富富'],
    );
  });

  it('keeps French and German accents in the PDF’s own Helvetica, embedding no font', async () => {
    const { file } = await certificateOf(french);
    const words = pdfText(file);
    expect(words).toContain('Les Nymphéas — Œuvre d’été');
    expect(words).toContain('Jürgen Müller à Genève');
    renderedPage(file, 'pdf-certificate-french.png');
    const fonts = pdfFonts(file);
    expect(fonts.map((font) => font.name)).toContain('Helvetica-Bold');
    expect(fonts.filter((font) => font.embedded)).toEqual([]);
  });
});
