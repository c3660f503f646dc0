import QRCode from 'qrcode';
import { html, SafeHtml } from './html.js';

// A QR code depends only on its text, which for a certificate's address never changes: drawn once per text (its
// mask search was the largest piece of a page view's CPU, docs/performance.md). Bounded: emptied when full.
const svgs = new Map<string, Promise<string>>();
const CACHE_SIZE = 10_000;

/** Error correction M (15 %): a printed label survives a scratch; every QR code of the service uses it. */
const ERROR_CORRECTION = 'M';

/** The QR code of a text as an SVG document (a quiet zone of 4 modules), from memory after its first drawing. */
export function qrCodeSvg(text: string): Promise<string> {
  let svg = svgs.get(text);
  if (!svg) {
    if (svgs.size >= CACHE_SIZE) svgs.clear();
    svg = drawQrSvg(text);
    svgs.set(text, svg);
    svg.catch(() => svgs.delete(text));
  }
  return svg;
}

/** The QR code of a text as an SVG document, drawn now and kept nowhere: for a secret (a proof of holding's code). */
export function drawQrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: ERROR_CORRECTION, margin: 4 });
}

/** The SVG of qrCodeSvg as page markup, named for screen readers (role img and a label), with a class for the stylesheet. */
export function labelledQrSvg(svg: string, label: string, className: string): SafeHtml {
  const attributes = html`<svg role="img" aria-label="${label}" class="${className}" `;
  return new SafeHtml(svg.replace('<svg ', attributes.value));
}

/** The modules of a text's QR code, row by row (true is dark), for drawers other than SVG (a PDF's vector paths). */
export function qrCodeModules(text: string): boolean[][] {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: ERROR_CORRECTION });
  const rows: boolean[][] = [];
  for (let row = 0; row < modules.size; row++) {
    const cells: boolean[] = [];
    for (let column = 0; column < modules.size; column++) cells.push(Boolean(modules.get(row, column)));
    rows.push(cells);
  }
  return rows;
}
