import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { frameText as english } from '../frame.text.js';

/** The frame’s and error pages’ words in French (the English source is ../frame.text.ts). */
export const frameText: Translation<typeof english> = {
  frame: {
    skipLink: 'Aller au contenu',
    mainNavigation: 'Menu principal',
    never: 'jamais',
    languages: 'Langue',
    menu: 'Menu',
  },
  errors: {
    unexpected: 'Une erreur s’est produite ; elle a été consignée dans le journal.',
    formNotAsExpected: 'Le formulaire n’a pas été rempli comme prévu ; revenez en arrière et réessayez.',
    unreadable: 'La requête n’a pas pu être lue.',
  },
};
