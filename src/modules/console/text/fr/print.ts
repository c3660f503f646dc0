import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { printText as english } from '../print.text.js';

/** The printed certificate and the label sheet in French (the English source is ../print.text.ts). */
export const printText: Translation<typeof english> = {
  print: {
    certificateTitle: 'Certificat {number}',
    heading: 'Certificat d’authenticité',
    issuedBy: 'Émis par l’Asset Verification Service',
    number: 'Numéro de certificat',
    titleOfWork: 'Titre',
    category: 'Catégorie',
    issuedAt: 'Date d’émission',
    fieldWithUnit: '{label} ({unit})',
    issuer: 'Émetteur (did:web)',
    keyId: 'Identifiant de la clé de signature',
    verify: 'Vérifiez ce certificat sur',
    scan: 'Scannez le code, ou saisissez le numéro sur',
    qrLabel: 'Code QR de la page publique du certificat {number}',
    imageAlt: 'Photo de {title}',
    detailsCaption: 'Détails du certificat',
    printButtonHint:
      'Utilisez la commande Imprimer de votre navigateur : la page tient sur une feuille A4 ou US Letter.',
    language: 'Langue du certificat',
    languageHint: 'Le PDF est rédigé dans cette langue ; la console reste dans la vôtre.',
    downloadA4: 'Télécharger le PDF (A4)',
    downloadLetter: 'Télécharger le PDF (US Letter)',
    backToAsset: 'Retour à l’objet',
    labelsLink: 'Imprimer des étiquettes QR',
    labels: {
      title: 'Étiquettes QR',
      intro:
        'Choisissez des certificats émis d’une catégorie, puis imprimez une planche d’étiquettes (24 par page, 3 × 8) ou téléchargez-la en PDF.',
      category: 'Catégorie',
      show: 'Afficher',
      none: 'Aucun certificat émis dans cette catégorie pour l’instant.',
      caption: 'Certificats émis : {category}',
      choose: 'Choisir',
      chooseOne: 'Choisir {number}',
      number: 'Numéro',
      titleColumn: 'Titre',
      issuedAt: 'Émis le',
      paper: 'Papier',
      language: 'Langue des étiquettes',
      a4: 'A4',
      letter: 'US Letter',
      printSheet: 'Afficher la planche à imprimer',
      downloadPdf: 'Télécharger la planche en PDF',
      next: 'Page suivante de certificats',
      sheetTitle: 'Étiquettes QR ({count})',
      sheetHint:
        'Utilisez la commande Imprimer de votre navigateur ; les étiquettes sont disposées pour la planche.',
      backToChoice: 'Retour au choix',
    },
  },
};
