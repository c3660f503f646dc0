import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Font } from 'fontkit';
import { loadFontkit } from '../../../lib/lazy-modules.js';

/** The PDF's own fonts the print writes Latin text in: every reader has them, so nothing is embedded. */
export type StandardFont = 'Helvetica' | 'Helvetica-Bold' | 'Courier';

type Weight = 'regular' | 'bold';

// Noto Sans JP as Google Fonts publishes it (TrueType, OFL), shipped by npm, so no system font is needed;
// docs/console.md ("Fonts of the PDFs") says why this package.
const require = createRequire(import.meta.url);
const NOTO_SANS_JP: Record<Weight, { name: string; file: () => string }> = {
  regular: {
    name: 'NotoSansJP-Regular',
    file: () => require.resolve('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf'),
  },
  bold: {
    name: 'NotoSansJP-Bold',
    file: () => require.resolve('@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf'),
  },
};
const WEIGHT_OF: Record<StandardFont, Weight> = {
  Helvetica: 'regular',
  'Helvetica-Bold': 'bold',
  Courier: 'regular',
};

// The standard fonts write Windows-1252 only: Latin-1 and these.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
function inWinAnsi(character: string): boolean {
  const code = character.codePointAt(0)!;
  return (code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(character);
}

interface LoadedFont {
  bytes: Buffer;
  font: Font;
}
const loaded = new Map<Weight, LoadedFont>();
// Set by loadFonts before the first document is drawn: useFontFor draws synchronously, as pdfkit does.
let fontkit: Awaited<ReturnType<typeof loadFontkit>> | undefined;

/** Loads fontkit (lazy-modules.ts) for useFontFor; newDocument awaits it. */
export async function loadFonts(): Promise<void> {
  fontkit ??= await loadFontkit();
}

/** Noto Sans JP of a weight, read once on the first text that needs it (a Latin-only PDF never reads it). */
function notoSansJp(weight: Weight): LoadedFont {
  let entry = loaded.get(weight);
  if (!entry) {
    const file = NOTO_SANS_JP[weight].file();
    const bytes = readFileSync(file);
    if (!fontkit) throw new Error('loadFonts() must be awaited before a font is chosen');
    const font = fontkit.create(bytes);
    if (!('hasGlyphForCodePoint' in font)) throw new Error(`${file} is a font collection`);
    entry = { bytes, font };
    loaded.set(weight, entry);
  }
  return entry;
}

/** The text as a font draws it: a character it has no glyph for becomes "?", never an empty box. */
function drawable(characters: readonly string[], has: (character: string) => boolean): string {
  return characters.map((character) => (has(character) ? character : '?')).join('');
}

/**
 * Sets the font that draws `value` and returns the text to draw: the standard font when it has every character
 * (Latin text with French, German or Italian accents), else Noto Sans JP of the same weight (Japanese, and the
 * rest of the text with it); a character neither has is drawn as "?".
 */
export function useFontFor(document: PDFKit.PDFDocument, value: string, standard: StandardFont): string {
  const text = value.normalize('NFC');
  const characters = Array.from(text);
  if (characters.every(inWinAnsi)) {
    document.font(standard);
    return text;
  }
  const weight = WEIGHT_OF[standard];
  const { bytes, font } = notoSansJp(weight);
  const hasGlyph = (character: string) => font.hasGlyphForCodePoint(character.codePointAt(0)!);
  // A text Noto Sans JP draws no more of (a Polish name, say) stays in the standard font.
  if (characters.filter(hasGlyph).length <= characters.filter(inWinAnsi).length) {
    document.font(standard);
    return drawable(characters, inWinAnsi);
  }
  // Registered under its name, pdfkit embeds the font once per document, subset to the glyphs drawn.
  document.registerFont(NOTO_SANS_JP[weight].name, bytes);
  document.font(NOTO_SANS_JP[weight].name);
  return drawable(characters, hasGlyph);
}
