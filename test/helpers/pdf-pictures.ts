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
