import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { shellText as english } from '../shell.text.js';

/** The console’s frame: account switcher, sign-out, language switcher, error pages in German (the English source is ../shell.text.ts). */
export const shellText: Translation<typeof english> = {
  shell: {
    switchLabel: 'Konto',
    switchButton: 'Wechseln',
    membership: '{account} ({role})',
    who: '{email} · {role}',
    signOut: 'Abmelden',
    errorTitles: {
      notAllowed: 'Nicht erlaubt',
      notFound: 'Nicht gefunden',
      gone: 'Link nicht mehr gültig',
      failed: 'Fehler',
      refused: 'Anfrage abgelehnt',
    },
    noSuchPage: 'Diese Seite gibt es nicht.',
    backToConsole: 'Zurück zur Konsole',
    signIn: 'Anmelden',
    language: {
      label: 'Sprache',
      browser: 'Sprache des Browsers',
      button: 'Ändern',
      saved: 'Ihre Sprachwahl ist gespeichert.',
    },
  },
};
