import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/lib/package-root.js';
import { formatDate } from '../../src/i18n/formats.js';
import type { Language } from '../../src/i18n/locales.js';
import { inLanguage } from '../../src/i18n/request-language.js';
import { codeInGroups, renderHandoverCard } from '../../src/modules/console/print/handover-card.js';
import { decodeQr, pdfFonts, pdfText, renderPages, savePdf } from '../helpers/pdf-pictures.js';

// The cards as a person sees them, saved by the run (test-artifacts/ is not committed).
const SCREENSHOTS = path.join(packageRoot, 'test-artifacts', 'screenshots');
const work = mkdtempSync(path.join(tmpdir(), 'avs-handover-card-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// A code of 128 bits as base32 (26 characters), as a claim's is.
const CODE = 'K7QXM2BDRT4WZ9HC6NFJYPLG3V';
const CLAIM_URL = `https://avs.example.org/collection/claim/${CODE}`;
const EXPIRES = new Date('2027-03-28T14:05:00Z');

function cardIn(language: Language, title = 'Nymphéas, étude') {
  return renderHandoverCard({
    gallery: { name: 'Galerie Nord' },
    title,
    certificateNumber: 'AVS-ART-2026-000123',
    claimUrl: CLAIM_URL,
    code: CODE,
    expiresAt: EXPIRES,
    language,
    creator: 'Asset Verification Service',
  });
}

/** The one page as pdftoppm renders it, and its words as pdftotext reads them. */
async function rendered(language: Language, title?: string) {
  const file = savePdf(work, await cardIn(language, title));
  const pages = renderPages(work, file);
  mkdirSync(SCREENSHOTS, { recursive: true });
  writeFileSync(path.join(SCREENSHOTS, `handover-card-${language}.png`), PNG.sync.write(pages[0]!));
  return { file, pages, words: pdfText(file) };
}

describe('the hand-over card', () => {
  it('is one page whose QR code, decoded from the rendered picture, is the claim link', async () => {
    const { pages, words } = await rendered('en');
    expect(pages).toHaveLength(1);
    expect(decodeQr(pages[0]!)).toBe(CLAIM_URL);
    expect(words).toContain('AVS-ART-2026-000123');
    expect(words).toContain(`Claim it by ${inLanguage('en', () => formatDate(EXPIRES))}`);
    expect(words).toContain('Galerie Nord');
    expect(words).toContain('Nymphéas, étude');
    // The link written out, and the code in groups of four to type from paper.
    expect(words.replace(/\s+/g, '')).toContain(CLAIM_URL);
    expect(words).toContain('K7QX M2BD RT4W Z9HC 6NFJ YPLG 3V');
    expect(words).toMatch(/1\. Scan the code[\s\S]*2\. Sign in[\s\S]*3\. Accept the hand-over/);
  });

  it('is written in the language chosen, Japanese in an embedded Japanese font', async () => {
    const { file, pages, words } = await rendered('ja', '富士山の版画');
    expect(pages).toHaveLength(1);
    expect(decodeQr(pages[0]!)).toBe(CLAIM_URL);
    expect(words).toContain('AVS-ART-2026-000123');
    expect(words).toContain('富士山の版画');
    const date = inLanguage('ja', () => formatDate(EXPIRES));
    expect(date).toMatch(/2027/);
    expect(words.replace(/\s+/g, '')).toContain(date.replace(/\s+/g, ''));
    expect(words).not.toContain('How to claim it');
    expect(pdfFonts(file).some((font) => /NotoSansJP/.test(font.name) && font.embedded)).toBe(true);
  });

  it('says the same in German, French and Italian, never in English', async () => {
    for (const language of ['de', 'fr', 'it'] as const) {
      const { pages, words } = await rendered(language);
      expect(pages, language).toHaveLength(1);
      expect(decodeQr(pages[0]!), language).toBe(CLAIM_URL);
      expect(words, language).toContain(inLanguage(language, () => formatDate(EXPIRES)));
      expect(words, language).not.toContain('How to claim it');
    }
  });

  it('groups a code of any length in fours', () => {
    expect(codeInGroups('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
  });
});
