import { msg } from '../../../i18n/message.js';

/** The words of the operator's log-in and first set-up pages (English; one place to translate). */
export const loginText = {
  login: {
    title: 'Log in',
    submit: 'Log in',
    switchTitle: 'Log in as someone else?',
    switchSubmit: 'Log in as this administrator instead',
    switchNotice: msg(
      'This browser is logged in as {signedInAs}. To log in as someone else instead, enter their password again and confirm; {signedInAs} is then logged out here.',
      'signedInAs',
    ),
    stay: msg('Stay logged in as {signedInAs}', 'signedInAs'),
    throttled: msg(
      '{minutes, plural, one {Too many failed log-in attempts. Try again in # minute.} other {Too many failed log-in attempts. Try again in # minutes.}}',
      'minutes',
    ),
  },
  setup: {
    title: 'Set up the first administrator',
    intro: 'This link works once. Choose the e-mail and password you will log in with.',
    password: 'Password',
    passwordAgain: 'Password again',
    submit: 'Create administrator',
    passwordsDiffer: 'The two passwords differ.',
  },
} as const;
