import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** Writes the PDF to the work folder and returns its path. */
export function savePdf(work: string, bytes: Buffer): string {
  const file = path.join(work, `${randomUUID()}.pdf`);
  writeFileSync(file, bytes);
  return file;
}

/** Renders every page with pdftoppm at 150 dpi, as a person's printer preview would. */
export function renderPages(work: string, file: string): PNG[] {
  const prefix = path.join(work, randomUUID());
  execFileSync('pdftoppm', ['-png', '-r', '150', file, prefix]);
  return readdirSync(work)
    .filter((name) => name.startsWith(path.basename(prefix)) && name.endsWith('.png'))
    .sort()
    .map((name) => PNG.sync.read(readFileSync(path.join(work, name))));
}

/** The text of a QR code found in the picture, if any. */
export function decodeQr(png: PNG): string | undefined {
  return jsQR.default(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

/** The words of the PDF, as pdftotext reads them. */
export function pdfText(file: string): string {
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
}

/** Where a word is drawn on the first page, in points from the top left (pdftotext -bbox). */
export interface WordBox {
  word: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** The words of the PDF's first page with their boxes. */
export function wordBoxes(file: string): WordBox[] {
  const html = execFileSync('pdftotext', ['-bbox', '-l', '1', file, '-'], { encoding: 'utf8' });
  return [
    ...html.matchAll(
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
    ),
  ].map((match) => ({
    word: match[5]!,
    xMin: Number(match[1]),
    yMin: Number(match[2]),
    xMax: Number(match[3]),
    yMax: Number(match[4]),
  }));
}

/** The part of a page rendered at `dpi` (renderPages: 150) that a word's box covers. */
export function cropWord(png: PNG, box: WordBox, dpi = 150): PNG {
  const scale = dpi / 72;
  const x = Math.floor(box.xMin * scale);
  const y = Math.floor(box.yMin * scale);
  const width = Math.ceil(box.xMax * scale) - x;
  const height = Math.ceil(box.yMax * scale) - y;
  const out = new PNG({ width, height });
  PNG.bitblt(png, out, x, y, width, height, 0, 0);
  return out;
}

/** How many pixels of the picture are darker than mid-grey: the ink of what is drawn there. */
export function inkPixels(png: PNG): number {
  let dark = 0;
  for (let index = 0; index < png.data.length; index += 4) {
    if (png.data[index]! + png.data[index + 1]! + png.data[index + 2]! < 3 * 128) dark++;
  }
  return dark;
}

/** The fonts the PDF names, as pdffonts lists them: name, type and whether each is embedded. */
export function pdfFonts(file: string): { name: string; type: string; embedded: boolean }[] {
  const lines = execFileSync('pdffonts', [file], { encoding: 'utf8' }).split('\n').slice(2);
  return lines
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const match = /^(\S+)\s+(.+?)\s+(\S+)\s+(yes|no)\s+(yes|no)\s+(yes|no)/.exec(line)!;
      return { name: match[1]!, type: match[2]!, embedded: match[4] === 'yes' };
    });
}
