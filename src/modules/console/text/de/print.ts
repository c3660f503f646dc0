import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { printText as english } from '../print.text.js';

/** The printed certificate and the label sheet in German (the English source is ../print.text.ts). */
export const printText: Translation<typeof english> = {
  print: {
    certificateTitle: 'Zertifikat {number}',
    heading: 'Echtheitszertifikat',
    issuedBy: 'Ausgestellt vom Asset Verification Service',
    number: 'Zertifikatsnummer',
    titleOfWork: 'Titel',
    planet: 'Kategorie',
    issuedAt: 'Ausgestellt am',
    issuer: 'Aussteller (did:web)',
    keyId: 'Kennung des Signaturschlüssels',
    verify: 'Prüfen Sie dieses Zertifikat unter',
    scan: 'Scannen Sie den Code oder geben Sie die Nummer ein unter',
    qrLabel: 'QR-Code der öffentlichen Seite des Zertifikats {number}',
    imageAlt: 'Foto von {title}',
    detailsCaption: 'Angaben zum Zertifikat',
    printButtonHint:
      'Verwenden Sie den Druckbefehl Ihres Browsers: Die Seite passt auf ein Blatt A4 oder US Letter.',
    downloadA4: 'PDF herunterladen (A4)',
    downloadLetter: 'PDF herunterladen (US Letter)',
    backToAsset: 'Zurück zum Objekt',
    labelsLink: 'QR-Etiketten drucken',
    labels: {
      title: 'QR-Etiketten',
      intro:
        'Wählen Sie ausgestellte Zertifikate einer Kategorie und drucken Sie dann einen Etikettenbogen (24 pro Seite, 3 × 8) oder laden Sie ihn als PDF herunter.',
      planet: 'Kategorie',
      show: 'Anzeigen',
      none: 'In dieser Kategorie gibt es noch kein ausgestelltes Zertifikat.',
      caption: 'Ausgestellte Zertifikate: {planet}',
      choose: 'Auswählen',
      chooseOne: '{number} auswählen',
      number: 'Nummer',
      titleColumn: 'Titel',
      issuedAt: 'Ausgestellt am',
      paper: 'Papier',
      a4: 'A4',
      letter: 'US Letter',
      printSheet: 'Bogen zum Drucken anzeigen',
      downloadPdf: 'Bogen als PDF herunterladen',
      next: 'Nächste Seite mit Zertifikaten',
      sheetTitle: 'QR-Etiketten ({count})',
      sheetHint: 'Verwenden Sie den Druckbefehl Ihres Browsers; die Etiketten sind auf den Bogen abgestimmt.',
      backToChoice: 'Zurück zur Auswahl',
    },
  },
};
