import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { pageText as english } from '../page.text.js';

/** The words around every public page in German (the English source is ../page.text.ts). */
export const pageText: Translation<typeof english> = {
  page: {
    brandTagline: 'Zertifikatsprüfung',
    checkACertificate: 'Zertifikat prüfen',
    howToCheck: 'Zertifikat selbst prüfen',
    language: 'Sprache',
    notFound: {
      title: 'Seite nicht gefunden',
      wrongMethodTitle: 'Diese Seite lässt sich so nicht öffnen',
      noPage:
        'Unter dieser Adresse gibt es keine Seite. Vielleicht ist der Link fehlerhaft oder die Adresse wurde falsch eingegeben.',
      wrongMethod: 'Diese Adresse ist für Programme bestimmt, nicht zum Öffnen im Browser.',
      typeTheNumber: 'Um ein Zertifikat zu prüfen, geben Sie hier seine Nummer ein.',
      home: 'Zur Startseite',
    },
    error: {
      tooManyRequests: 'Zu viele Anfragen',
      tryAgainShortly: 'Bitte versuchen Sie es gleich noch einmal',
      error: 'Fehler',
      addressUnreadable: 'Die Adresse konnte nicht gelesen werden.',
      busy: 'Der Dienst ist ausgelastet oder wird neu gestartet; versuchen Sie es gleich noch einmal.',
      failed: 'Etwas ist schiefgegangen; versuchen Sie es später noch einmal.',
    },
  },
};
