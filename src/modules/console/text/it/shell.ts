import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { shellText as english } from '../shell.text.js';

/** The console’s frame: account switcher, sign-out, language switcher, error pages in Italian (the English source is ../shell.text.ts). */
export const shellText: Translation<typeof english> = {
  shell: {
    switchLabel: 'Account',
    switchButton: 'Cambia',
    membership: '{account} ({role})',
    who: '{email} · {role}',
    signOut: 'Esci',
    errorTitles: {
      notAllowed: 'Non consentito',
      notFound: 'Pagina non trovata',
      gone: 'Link non più valido',
      failed: 'Errore',
      refused: 'Richiesta rifiutata',
    },
    noSuchPage: 'Questa pagina non esiste.',
    backToConsole: 'Torna alla console',
    signIn: 'Accedi',
    language: {
      label: 'Lingua',
      browser: 'Lingua del browser',
      button: 'Cambia',
      saved: 'La Sua scelta della lingua è stata salvata.',
    },
  },
};
