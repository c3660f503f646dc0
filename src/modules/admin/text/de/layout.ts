import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { layoutText as english } from '../layout.text.js';

/** The operator’s frame’s words in German (the English source is ../layout.text.ts). */
export const layoutText: Translation<typeof english> = {
  layout: {
    app: 'AVS-Verwaltung',
    nav: {
      dashboard: 'Übersicht',
      apiKeys: 'API-Schlüssel',
      accounts: 'Konten',
      certificates: 'Zertifikate',
    },
    logOut: 'Abmelden',
    errorTitles: {
      refused: 'Abgelehnt',
      notFound: 'Nicht gefunden',
      error: 'Fehler',
      requestRefused: 'Anfrage abgelehnt',
    },
    backToDashboard: 'Zurück zur Übersicht',
    backToLogIn: 'Zurück zur Anmeldung',
  },
};
