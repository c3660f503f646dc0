import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { frameText as english } from '../frame.text.js';

/** The frame’s and error pages’ words in Italian (the English source is ../frame.text.ts). */
export const frameText: Translation<typeof english> = {
  frame: {
    skipLink: 'Vai al contenuto',
    mainNavigation: 'Menu principale',
    never: 'mai',
    languages: 'Lingua',
    menu: 'Menu',
  },
  errors: {
    unexpected: 'Si è verificato un errore, che è stato registrato.',
    formNotAsExpected: 'Il modulo non è stato compilato come previsto; torni indietro e riprovi.',
    unreadable: 'Non è stato possibile leggere la richiesta.',
  },
};
