import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { formsText as english } from '../forms.text.js';

/** The form parts’ and sign-in form’s words in Italian (the English source is ../forms.text.ts). */
export const formsText: Translation<typeof english> = {
  forms: {
    email: 'E-mail',
    password: 'Password',
  },
  signIn: {
    refused: 'E-mail o password non corretti.',
    throttled:
      '{minutes, plural, one {Troppi tentativi non riusciti. Riprovi tra # minuto.} other {Troppi tentativi non riusciti. Riprovi tra # minuti.}}',
  },
};
