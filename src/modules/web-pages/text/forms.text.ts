import { msg } from '../../../i18n/message.js';

/** The words of the form parts and the e-mail-and-password sign-in form the pages share (English; one place to translate). */
export const formsText = {
  forms: {
    email: 'Email',
    password: 'Password',
  },
  signIn: {
    refused: 'Incorrect email or password.',
    throttled: msg(
      '{minutes, plural, one {Too many failed attempts. Try again in # minute.} other {Too many failed attempts. Try again in # minutes.}}',
      'minutes',
    ),
  },
} as const;
