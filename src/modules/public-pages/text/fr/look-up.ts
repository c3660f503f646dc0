import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { lookUpText as english } from '../look-up.text.js';

/** The look-up page and its form in French (the English source is ../look-up.text.ts). */
export const lookUpText: Translation<typeof english> = {
  lookUp: {
    title: 'Vérifier un certificat',
    intro:
      'Saisissez le numéro d’un certificat papier ou d’une étiquette pour savoir s’il a été émis et s’il est toujours valable. Le code QR du certificat ouvre la même page.',
    formLabel: 'Recherche d’un certificat',
    numberLabel: 'Numéro de certificat',
    numberHint: 'Tel qu’imprimé sur le certificat, par exemple {example}.',
    check: 'Vérifier',
    emptyNumber: 'Saisissez le numéro de certificat.',
    notANumber:
      'Ce n’est pas un numéro de certificat : il se compose de trois lettres, de l’année et d’un nombre, par exemple {example}.',
  },
};
