import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { certificateText as english } from '../certificate.text.js';

/** A certificate's public page in German (the English source is ../certificate.text.ts). */
export const certificateText: Translation<typeof english> = {
  certificate: {
    statuses: {
      issued: {
        word: 'Ausgestellt',
        meaning:
          'Dieses Zertifikat ist gültig: Es wurde ausgestellt und ist weder ausgesetzt noch widerrufen.',
      },
      suspended: {
        word: 'Ausgesetzt',
        meaning:
          'Dieses Zertifikat ist nicht gültig, solange es ausgesetzt ist: Der Aussteller überprüft es. Verlassen Sie sich nicht darauf, bis es wieder in Kraft gesetzt ist.',
      },
      revoked: {
        word: 'Widerrufen',
        meaning:
          'Dieses Zertifikat ist nicht gültig: Der Aussteller hat es endgültig zurückgezogen. Verlassen Sie sich nicht darauf.',
      },
      notIssued: {
        word: 'Nicht ausgestellt',
        meaning:
          'Unter dieser Nummer wurde kein Zertifikat ausgestellt. Verlassen Sie sich auf kein Dokument, das sich unter dieser Nummer als Zertifikat ausgibt.',
      },
    },
    status: 'Status',
    pageTitle: '{status}: {title}',
    reported: '{kind, select, stolen {Als gestohlen gemeldet} other {Als verloren gemeldet}}',
    alert: {
      reportedSince:
        'Der Eigentümer hat dieses Objekt als {kind, select, stolen {gestohlen} other {verloren}} gemeldet, am oder seit dem {since}. Kaufen, verkaufen oder beleihen Sie es nicht. Jeder Abruf dieser Seite wird protokolliert.',
      tellPoliceOrIssuer:
        'Wenn Sie es gesehen haben oder es Ihnen angeboten wird, verständigen Sie die Polizei oder den Aussteller.',
      mailSubject:
        'Zertifikat eines als {kind, select, stolen {gestohlen} other {verloren}} gemeldeten Objekts',
      statusWord: 'Ausgestellt, aber als {kind, select, stolen {gestohlen} other {verloren}} gemeldet',
      statusMeaning:
        'Das Zertifikat wurde ausgestellt und ist weiterhin gültig, aber das Objekt, das es beschreibt, ist als {kind, select, stolen {gestohlen} other {verloren}} gemeldet. Verlassen Sie sich beim Kauf, Verkauf oder bei der Beleihung des Objekts nicht auf dieses Zertifikat.',
    },
    eyebrow: 'Echtheitszertifikat · {category}',
    number: 'Zertifikatsnummer',
    category: 'Kategorie',
    issuedOn: 'Ausgestellt am',
    revokedOn: 'Widerrufen am',
    fieldLabels: {
      artist: 'Künstler',
      medium: 'Technik',
      dimensions: 'Maße',
      year: 'Jahr',
      date_text: 'Datierung wie angegeben',
      edition: 'Auflage',
      category: 'Sparte',
      publisher: 'Verlag',
      set_name: 'Serie',
      item_number: 'Artikelnummer',
      subject: 'Motiv',
      grader: 'Bewertungsstelle',
      grade: 'Bewertung',
      brand: 'Marke',
      model: 'Modell',
      reference_number: 'Referenznummer',
      serial_number: 'Seriennummer',
      movement: 'Uhrwerk',
      case_material: 'Gehäusematerial',
      case_diameter_mm: 'Gehäusedurchmesser (mm)',
      lab: 'Labor',
      report_number: 'Gutachtennummer',
      stone: 'Stein',
      origin: 'Ursprung',
      shape: 'Form',
      carat: 'Gewicht in Karat',
      color: 'Farbe',
      clarity: 'Reinheit',
      metal: 'Metall',
    },
    origins: { natural: 'Natürlich', lab_grown: 'Im Labor gezüchtet' },
    photographOf: 'Foto von {title}',
    qrLabel: 'QR-Code mit der Adresse dieser Seite',
    scanToOpen: 'Scannen, um diese Seite zu öffnen:',
    checkLinks: 'Dieses Zertifikat prüfen',
    credential: 'Der signierte Nachweis (JSON)',
    howToCheck: 'Selbst prüfen – so geht’s',
    statusAsOf: 'Stand: {when}.',
    notIssuedEyebrow: 'Zertifikatsprüfung',
    notFound: {
      title: 'Zertifikat nicht gefunden',
      noSuchNumber: 'Kein Zertifikat trägt diese Nummer:',
      checkAgain: 'Prüfen Sie die Nummer und versuchen Sie es erneut.',
    },
  },
};
