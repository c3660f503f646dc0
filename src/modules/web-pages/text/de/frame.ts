import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { frameText as english } from '../frame.text.js';

/** The frame’s and error pages’ words in German (the English source is ../frame.text.ts). */
export const frameText: Translation<typeof english> = {
  frame: {
    skipLink: 'Zum Inhalt springen',
    mainNavigation: 'Hauptmenü',
    never: 'nie',
    languages: 'Sprache',
    menu: 'Menü',
  },
  errors: {
    unexpected: 'Etwas ist schiefgelaufen; der Fehler wurde protokolliert.',
    formNotAsExpected:
      'Das Formular wurde nicht wie erwartet ausgefüllt; bitte gehen Sie zurück und versuchen Sie es erneut.',
    unreadable: 'Die Anfrage konnte nicht gelesen werden.',
  },
};
