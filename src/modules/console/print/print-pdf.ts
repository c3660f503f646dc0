import { showValue } from '../../../lib/html.js';
import { loadPdfKit } from '../../../lib/lazy-modules.js';
import { formatDate } from '../../../i18n/formats.js';
import { fieldLabel } from '../../../planets/field-labels.js';
import { categoryName } from '../../web-pages/category-name.js';
import { text as pageText } from '../../web-pages/text/index.js';
import { text } from '../text/index.js';
import { loadFonts, useFontFor, type StandardFont } from './pdf-fonts.js';

export type PaperSize = 'a4' | 'letter';

/** The paper sizes pdfkit names, each print's own. */
type PdfkitPaper = 'A4' | 'LETTER' | 'A5';

/** An image as the PDF embeds it. */
export interface PdfImage {
  jpeg: Buffer;
  width: number;
  height: number;
}

interface PdfLabel {
  certificateNumber: string;
  title: string;
  pageUrl: string;
  /** The QR code's modules, row by row (true is dark): drawn as vector squares, sharp at any printer's resolution. */
  qrModules: boolean[][];
}

/** A name a print shows, with its logo when there is one. */
export interface PdfName {
  name: string;
  logo?: PdfImage;
}

/** The gallery that registered what is printed, and the service that certifies it. */
export interface PdfNames {
  gallery: PdfName;
  service: PdfName;
}

interface PdfCertificate extends PdfLabel, PdfNames {
  planet: string;
  fields: [name: string, value: unknown][];
  issuedAt: string;
  /** Under the small technical print only: the issuer's did:web and the key that signed. */
  issuerDid: string;
  keyId: string;
  image?: PdfImage;
}

/** A planet field's label as the console names it, in the language being drawn, with its unit ("Case diameter (millimetres)"). */
export function printedFieldLabel(name: string): string {
  const label = pageText.fields.labels[name] ?? fieldLabel(name);
  const unit = text.assets.units[name];
  return unit ? text.print.fieldWithUnit(label, unit) : label;
}

const PAPER: Record<PaperSize, string> = { a4: 'A4', letter: 'LETTER' };
export const INK = '#1a1a1a';
export const MUTED = '#4d4d4d';
/** The QR code's quiet zone, in modules: scanners need four blank modules around the symbol. */
const QUIET_ZONE = 4;

/** A new document; pdfkit and fontkit are loaded by the first one (lazy-modules.ts). */
export async function newDocument(
  paper: PaperSize | PdfkitPaper,
  title: string,
  margin: number,
  creator: string,
): Promise<PDFKit.PDFDocument> {
  const [PDFDocument] = await Promise.all([loadPdfKit(), loadFonts()]);
  // The document's title is metadata (UTF-16 in the PDF), not drawn: any language as it is.
  return new PDFDocument({
    size: paper === 'a4' || paper === 'letter' ? PAPER[paper] : paper,
    margin,
    info: { Title: title.normalize('NFC'), Creator: creator.normalize('NFC'), Producer: 'pdfkit' },
  });
}

/** Writes `value` in the font that has its glyphs (pdf-fonts.ts); the options as pdfkit's text. */
export function write(
  document: PDFKit.PDFDocument,
  value: string,
  font: StandardFont,
  x: number,
  y: number,
  options: PDFKit.Mixins.TextOptions,
): void {
  document.text(useFontFor(document, value, font), x, y, options);
}

/** The finished document's bytes. */
export function documentBytes(document: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
    document.end();
  });
}

/** Draws a QR code whose symbol and quiet zone fill a square of `size` points at (x, y); dark runs of a row are one rectangle. */
export function drawQrCode(
  document: PDFKit.PDFDocument,
  modules: boolean[][],
  x: number,
  y: number,
  size: number,
): void {
  const count = modules.length + 2 * QUIET_ZONE;
  const unit = size / count;
  document.save().rect(x, y, size, size).fill('#ffffff');
  modules.forEach((row, rowIndex) => {
    let start = -1;
    row.concat(false).forEach((dark, column) => {
      if (dark && start < 0) start = column;
      if (!dark && start >= 0) {
        document.rect(
          x + (QUIET_ZONE + start) * unit,
          y + (QUIET_ZONE + rowIndex) * unit,
          (column - start) * unit,
          // A hair taller than a module, so that no seam shows between two rows on screen.
          unit + 0.05,
        );
        start = -1;
      }
    });
  });
  document.fill('#000000').restore();
}

/** One labelled line of the details block: the label small, the value below it; returns the next line's y. */
function detail(
  document: PDFKit.PDFDocument,
  label: string,
  value: string,
  at: { x: number; y: number; width: number; valueFont?: StandardFont; valueSize?: number },
): number {
  document.fontSize(8).fillColor(MUTED);
  write(document, label, 'Helvetica', at.x, at.y, { width: at.width, lineBreak: false, ellipsis: true });
  const size = at.valueSize ?? 10;
  document.fontSize(size).fillColor(INK);
  write(document, value, at.valueFont ?? 'Helvetica', at.x, at.y + 10, {
    width: at.width,
    height: size * 2.4,
    ellipsis: true,
  });
  return document.y + 6;
}

/**
 * One page, on A4 or US Letter (the layout reads the page's own size): heading, title, the public image, then
 * the details beside the QR code of /c/{number}. Every text is bounded (height, ellipsis), so nothing flows
 * onto a second page.
 */
export async function drawCertificatePdf(certificate: PdfCertificate, paper: PaperSize): Promise<Buffer> {
  const words = text.print;
  const margin = 50;
  const names = text.registration;
  const document = await newDocument(
    paper,
    words.certificateTitle(certificate.certificateNumber),
    margin,
    certificate.service.name,
  );
  const { width: pageWidth, height: pageHeight } = document.page;
  const contentWidth = pageWidth - 2 * margin;
  const bottom = pageHeight - margin;

  document
    .rect(margin / 2, margin / 2, pageWidth - margin, pageHeight - margin)
    .lineWidth(1)
    .stroke(MUTED);
  // The gallery's logo on top, its name under the heading: the certificate is the gallery's to hand out.
  const galleryLogo = certificate.gallery.logo;
  if (galleryLogo) {
    document.image(galleryLogo.jpeg, margin, margin - 10, {
      fit: [contentWidth, 44],
      align: 'center',
      valign: 'center',
    });
  }
  document.fontSize(22).fillColor(INK);
  write(document, words.heading, 'Helvetica-Bold', margin, galleryLogo ? margin + 40 : margin, {
    width: contentWidth,
    align: 'center',
  });
  document.fontSize(11).fillColor(INK);
  write(document, names.registeredBy(certificate.gallery.name), 'Helvetica', margin, document.y, {
    width: contentWidth,
    align: 'center',
    height: 28,
    ellipsis: true,
  });
  document.moveDown(0.8);
  document.fontSize(16).fillColor(INK);
  write(document, certificate.title, 'Helvetica-Bold', margin, document.y, {
    width: contentWidth,
    align: 'center',
    height: 40,
    ellipsis: true,
  });

  // The lower block (details and QR code) has a fixed height; the image takes what is left above it.
  const qrSize = 150;
  const blockHeight = 250;
  const blockTop = bottom - blockHeight;
  const imageTop = document.y + 12;
  if (certificate.image && blockTop - imageTop > 60) {
    document.image(certificate.image.jpeg, margin, imageTop, {
      fit: [contentWidth, blockTop - imageTop - 12],
      align: 'center',
      valign: 'center',
    });
  }

  const columnWidth = contentWidth - qrSize - 24;
  let y = detail(document, words.number, certificate.certificateNumber, {
    x: margin,
    y: blockTop,
    width: columnWidth,
    valueFont: 'Helvetica-Bold',
    valueSize: 16,
  });
  y = detail(document, words.category, categoryName(certificate.planet), {
    x: margin,
    y,
    width: columnWidth,
  });
  for (const [name, value] of certificate.fields.slice(0, 4)) {
    y = detail(document, printedFieldLabel(name), showValue(value), { x: margin, y, width: columnWidth });
  }
  y = detail(document, words.issuedAt, formatDate(certificate.issuedAt), {
    x: margin,
    y,
    width: columnWidth,
  });

  const qrX = pageWidth - margin - qrSize;
  drawQrCode(document, certificate.qrModules, qrX, blockTop, qrSize);
  document.fontSize(8).fillColor(MUTED);
  write(document, words.verify, 'Helvetica', qrX, blockTop + qrSize + 2, { width: qrSize, align: 'center' });
  document.fillColor(INK);
  write(document, certificate.pageUrl, 'Helvetica', qrX, document.y, {
    width: qrSize,
    align: 'center',
    height: 20,
    ellipsis: true,
  });

  // The service certifies, in people's words; its did:web and key id only in the small technical print under it.
  const certifiedTop = Math.max(y, bottom - 40);
  const serviceLogo = certificate.service.logo;
  const logoWidth = serviceLogo ? Math.min(60, (serviceLogo.width / serviceLogo.height) * 18) : 0;
  if (serviceLogo) document.image(serviceLogo.jpeg, margin, certifiedTop, { fit: [logoWidth, 18] });
  const certifiedX = margin + (serviceLogo ? logoWidth + 6 : 0);
  document.fontSize(10).fillColor(INK);
  write(document, names.certifiedBy(certificate.service.name), 'Helvetica', certifiedX, certifiedTop + 4, {
    width: contentWidth - (certifiedX - margin),
    lineBreak: false,
    ellipsis: true,
  });
  document.fontSize(6).fillColor(MUTED);
  write(
    document,
    names.technicalDetails(certificate.issuerDid, certificate.keyId),
    'Helvetica',
    margin,
    bottom - 8,
    {
      width: contentWidth,
      lineBreak: false,
      ellipsis: true,
    },
  );
  return documentBytes(document);
}

/**
 * An image opened once, so that every label draws the same embedded object (pdfkit keeps only images given by file
 * name; its openImage, untyped, answers an object image() draws as it is).
 */
function openedOnce(document: PDFKit.PDFDocument, image: PdfImage): Buffer {
  return (document as unknown as { openImage(source: Buffer): Buffer }).openImage(image.jpeg);
}

/** Labels per sheet: 3 across, 8 down (24 a page), as common A4 and US Letter label sheets are cut. */
const COLUMNS = 3;
const ROWS = 8;

/**
 * The label sheet: each label the QR code of /c/{number} with the number under it, then the title; the gallery's logo
 * left of the code and "Registered by …" right of it.
 */
export async function drawLabelSheetPdf(
  labels: readonly PdfLabel[],
  names: PdfNames,
  paper: PaperSize,
): Promise<Buffer> {
  const margin = 18;
  const document = await newDocument(
    paper,
    text.print.labels.sheetTitle(labels.length),
    margin,
    names.service.name,
  );
  const cellWidth = (document.page.width - 2 * margin) / COLUMNS;
  const cellHeight = (document.page.height - 2 * margin) / ROWS;
  const qrSize = cellHeight - 26;
  const sideWidth = (cellWidth - qrSize) / 2 - 8;
  const logo = names.gallery.logo && openedOnce(document, names.gallery.logo);
  const registeredBy = text.registration.registeredBy(names.gallery.name);
  labels.forEach((label, index) => {
    const place = index % (COLUMNS * ROWS);
    if (index > 0 && place === 0) document.addPage();
    const x = margin + (place % COLUMNS) * cellWidth;
    const y = margin + Math.floor(place / COLUMNS) * cellHeight;
    drawQrCode(document, label.qrModules, x + (cellWidth - qrSize) / 2, y + 2, qrSize);
    if (logo)
      document.image(logo, x + 4, y + 2, { fit: [sideWidth, qrSize], align: 'center', valign: 'center' });
    document.fontSize(6).fillColor(MUTED);
    write(document, registeredBy, 'Helvetica', x + (cellWidth + qrSize) / 2 + 4, y + qrSize / 2 - 10, {
      width: sideWidth,
      height: qrSize / 2 + 10,
      ellipsis: true,
    });
    document.fontSize(9).fillColor(INK);
    write(document, label.certificateNumber, 'Helvetica-Bold', x + 4, y + qrSize + 3, {
      width: cellWidth - 8,
      align: 'center',
      lineBreak: false,
    });
    document.fontSize(7).fillColor(MUTED);
    write(document, label.title, 'Helvetica', x + 4, y + qrSize + 14, {
      width: cellWidth - 8,
      align: 'center',
      lineBreak: false,
      ellipsis: true,
    });
  });
  return documentBytes(document);
}
