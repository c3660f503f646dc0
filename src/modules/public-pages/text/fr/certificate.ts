import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { certificateText as english } from '../certificate.text.js';

/** A certificate's public page in French (the English source is ../certificate.text.ts). */
export const certificateText: Translation<typeof english> = {
  certificate: {
    statuses: {
      issued: {
        word: 'Émis',
        meaning: 'Ce certificat est valable : il a été émis et n’est ni suspendu ni révoqué.',
      },
      suspended: {
        word: 'Suspendu',
        meaning:
          'Ce certificat n’est pas valable tant qu’il est suspendu : l’émetteur le réexamine. Ne vous y fiez pas avant qu’il soit rétabli.',
      },
      revoked: {
        word: 'Révoqué',
        meaning:
          'Ce certificat n’est pas valable : l’émetteur l’a retiré définitivement. Ne vous y fiez pas.',
      },
      notIssued: {
        word: 'Non émis',
        meaning:
          'Aucun certificat n’a été émis sous ce numéro. Ne vous fiez à aucun document qui le présenterait comme un certificat.',
      },
    },
    status: 'Statut',
    pageTitle: '{status} : {title}',
    reported: '{kind, select, stolen {Signalé volé} other {Signalé perdu}}',
    alert: {
      reportedSince:
        'Le propriétaire a signalé que cet objet a été {kind, select, stolen {volé} other {perdu}} le {since} ou après. Ne l’achetez pas, ne le vendez pas et ne consentez aucun prêt gagé sur lui. Chaque consultation de cette page est enregistrée.',
      tellPoliceOrIssuer: 'Si vous l’avez vu ou si on vous le propose, prévenez la police ou l’émetteur.',
      mailSubject: 'Certificat d’un objet signalé {kind, select, stolen {volé} other {perdu}}',
      statusWord: 'Émis, mais objet signalé {kind, select, stolen {volé} other {perdu}}',
      statusMeaning:
        'Le certificat a été émis et reste valable, mais l’objet qu’il décrit est signalé {kind, select, stolen {volé} other {perdu}}. Ne vous fiez pas à ce certificat pour acheter ou vendre l’objet, ni pour consentir un prêt gagé sur lui.',
    },
    eyebrow: 'Certificat d’authenticité · {category}',
    number: 'Numéro de certificat',
    category: 'Catégorie',
    issuedOn: 'Émis le',
    revokedOn: 'Révoqué le',
    fieldLabels: {
      artist: 'Artiste',
      medium: 'Technique',
      dimensions: 'Dimensions',
      year: 'Année',
      date_text: 'Date telle qu’écrite',
      edition: 'Tirage',
      category: 'Genre',
      publisher: 'Éditeur',
      set_name: 'Nom de la série',
      item_number: 'Numéro d’article',
      subject: 'Sujet',
      grader: 'Organisme de notation',
      grade: 'Note',
      brand: 'Marque',
      model: 'Modèle',
      reference_number: 'Référence',
      serial_number: 'Numéro de série',
      movement: 'Mouvement',
      case_material: 'Matière du boîtier',
      case_diameter_mm: 'Diamètre du boîtier (mm)',
      lab: 'Laboratoire',
      report_number: 'Numéro du rapport',
      stone: 'Pierre',
      origin: 'Origine',
      shape: 'Forme',
      carat: 'Poids en carats',
      color: 'Couleur',
      clarity: 'Pureté',
      metal: 'Métal',
    },
    origins: { natural: 'Naturelle', lab_grown: 'Créée en laboratoire' },
    photographOf: 'Photographie de {title}',
    qrLabel: 'Code QR de l’adresse de cette page',
    scanToOpen: 'Scannez pour ouvrir cette page :',
    checkLinks: 'Vérifier ce certificat',
    credential: 'L’attestation signée (JSON)',
    howToCheck: 'Le vérifier par vous-même',
    statusAsOf: 'Statut au {when}.',
    notIssuedEyebrow: 'Vérification de certificat',
    notFound: {
      title: 'Certificat introuvable',
      noSuchNumber: 'Aucun certificat ne porte ce numéro :',
      checkAgain: 'Vérifiez le numéro et réessayez.',
    },
  },
};
