import { formatDate } from '../../../i18n/formats.js';
import type { Language } from '../../../i18n/locales.js';
import { inLanguage } from '../../../i18n/request-language.js';
import { qrCodeModules } from '../../../lib/qr-codes.js';
import { text } from '../text/index.js';
import { documentBytes, drawQrCode, INK, MUTED, newDocument, write, type PdfName } from './print-pdf.js';

/** What a hand-over card shows: who hands the object over, the object, and the one-time claim (its code, its link). */
export interface HandoverCard {
  /** The gallery (the holding account's profile) that hands the object over, with its logo when it has one. */
  gallery: PdfName;
  title: string;
  certificateNumber: string;
  /** `{public base URL}/collection/claim/{code}`: the QR code holds it, the card writes it out. */
  claimUrl: string;
  code: string;
  expiresAt: Date | string;
  /** The card's language, chosen at the hand-over (the buyer's, not the console's). */
  language: Language;
  /** Drawn by the service (pdf metadata). */
  creator: string;
}

/** A code as a person types it from paper: groups of four, a space between them. */
export function codeInGroups(code: string): string {
  return (code.match(/.{1,4}/g) ?? []).join(' ');
}

/**
 * The hand-over card given to a buyer at a sale (docs/collectors.md, "At the sale: the hand-over card"): one A5
 * page in the card's language with the gallery's name and logo, the object's title and certificate number, the QR
 * code of the claim link, the link and the code written out, how to claim in three steps and until when. Every text
 * is bounded (height, ellipsis), so nothing flows onto a second page.
 */
export function renderHandoverCard(card: HandoverCard): Promise<Buffer> {
  return inLanguage(card.language, () => drawCard(card));
}

async function drawCard(card: HandoverCard): Promise<Buffer> {
  const words = text.handoverCard;
  const margin = 36;
  const document = await newDocument('A5', words.documentTitle(card.certificateNumber), margin, card.creator);
  const { width: pageWidth, height: pageHeight } = document.page;
  const contentWidth = pageWidth - 2 * margin;
  const centred = (height: number) => ({
    width: contentWidth,
    align: 'center' as const,
    height,
    ellipsis: true,
  });

  document
    .rect(margin / 2, margin / 2, pageWidth - margin, pageHeight - margin)
    .lineWidth(1)
    .stroke(MUTED);
  let y = margin;
  if (card.gallery.logo) {
    document.image(card.gallery.logo.jpeg, margin, y, {
      fit: [contentWidth, 40],
      align: 'center',
      valign: 'center',
    });
    y += 46;
  }
  document.fontSize(16).fillColor(INK);
  write(document, words.heading, 'Helvetica-Bold', margin, y, centred(22));
  document.fontSize(10);
  write(document, words.handedOverBy(card.gallery.name), 'Helvetica', margin, document.y + 2, centred(26));
  document.fontSize(13);
  write(document, card.title, 'Helvetica-Bold', margin, document.y + 6, centred(34));
  document.fontSize(8).fillColor(MUTED);
  write(document, words.number, 'Helvetica', margin, document.y + 4, centred(12));
  document.fontSize(12).fillColor(INK);
  write(document, card.certificateNumber, 'Helvetica-Bold', margin, document.y + 2, centred(16));

  const qrSize = 190;
  const qrTop = document.y + 6;
  drawQrCode(document, qrCodeModules(card.claimUrl), (pageWidth - qrSize) / 2, qrTop, qrSize);
  document.fontSize(8).fillColor(MUTED);
  write(document, words.scan, 'Helvetica', margin, qrTop + qrSize, centred(12));
  write(document, words.link, 'Helvetica', margin, document.y + 2, centred(12));
  document.fontSize(8).fillColor(INK);
  write(document, card.claimUrl, 'Courier', margin, document.y, centred(22));
  document.fontSize(8).fillColor(MUTED);
  write(document, words.code, 'Helvetica', margin, document.y + 4, centred(12));
  document.fontSize(13).fillColor(INK);
  write(document, codeInGroups(card.code), 'Courier', margin, document.y + 2, centred(32));

  document.fontSize(10).fillColor(INK);
  write(document, words.stepsHeading, 'Helvetica-Bold', margin, document.y + 6, {
    width: contentWidth,
    height: 14,
  });
  document.fontSize(9);
  words.steps.forEach((step, index) => {
    write(document, `${index + 1}. ${step}`, 'Helvetica', margin, document.y + 2, {
      width: contentWidth,
      height: 24,
      ellipsis: true,
    });
  });
  document.fontSize(9);
  write(document, words.expires(formatDate(card.expiresAt)), 'Helvetica-Bold', margin, document.y + 6, {
    width: contentWidth,
    height: 36,
    ellipsis: true,
  });
  document.fontSize(7).fillColor(MUTED);
  write(document, words.keepPrivate, 'Helvetica', margin, pageHeight - margin - 22, {
    width: contentWidth,
    height: 26,
    ellipsis: true,
  });
  return documentBytes(document);
}
