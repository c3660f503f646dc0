import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { formsText as english } from '../forms.text.js';

/** The form parts’ and sign-in form’s words in French (the English source is ../forms.text.ts). */
export const formsText: Translation<typeof english> = {
  forms: {
    email: 'E-mail',
    password: 'Mot de passe',
  },
  signIn: {
    refused: 'E-mail ou mot de passe incorrect.',
    throttled:
      '{minutes, plural, one {Trop de tentatives infructueuses. Réessayez dans # minute.} other {Trop de tentatives infructueuses. Réessayez dans # minutes.}}',
  },
};
