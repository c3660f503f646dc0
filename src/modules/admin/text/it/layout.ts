import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { layoutText as english } from '../layout.text.js';

/** The operator’s frame’s words in Italian (the English source is ../layout.text.ts). */
export const layoutText: Translation<typeof english> = {
  layout: {
    app: 'Amministrazione AVS',
    nav: {
      dashboard: 'Pannello',
      apiKeys: 'Chiavi API',
      accounts: 'Account',
      certificates: 'Certificati',
    },
    logOut: 'Esci',
    errorTitles: {
      refused: 'Rifiutato',
      notFound: 'Non trovato',
      error: 'Errore',
      requestRefused: 'Richiesta rifiutata',
    },
    backToDashboard: 'Torna al pannello',
    backToLogIn: 'Torna all’accesso',
  },
};
