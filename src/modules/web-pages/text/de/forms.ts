import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { formsText as english } from '../forms.text.js';

/** The form parts’ and sign-in form’s words in German (the English source is ../forms.text.ts). */
export const formsText: Translation<typeof english> = {
  forms: {
    email: 'E-Mail',
    password: 'Passwort',
  },
  signIn: {
    refused: 'E-Mail-Adresse oder Passwort ist falsch.',
    throttled:
      '{minutes, plural, one {Zu viele fehlgeschlagene Versuche. Bitte versuchen Sie es in # Minute erneut.} other {Zu viele fehlgeschlagene Versuche. Bitte versuchen Sie es in # Minuten erneut.}}',
  },
};
