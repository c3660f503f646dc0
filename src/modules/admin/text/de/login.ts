import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { loginText as english } from '../login.text.js';

/** The operator’s log-in and set-up pages in German (the English source is ../login.text.ts). */
export const loginText: Translation<typeof english> = {
  login: {
    title: 'Anmelden',
    submit: 'Anmelden',
    switchTitle: 'Als jemand anderes anmelden?',
    switchSubmit: 'Stattdessen mit diesem Administratorkonto anmelden',
    switchNotice:
      'Dieser Browser ist als {signedInAs} angemeldet. Um sich stattdessen als jemand anderes anzumelden, geben Sie das zugehörige Passwort erneut ein und bestätigen Sie; {signedInAs} wird dann hier abgemeldet.',
    stay: 'Als {signedInAs} angemeldet bleiben',
    throttled:
      '{minutes, plural, one {Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in # Minute erneut.} other {Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in # Minuten erneut.}}',
  },
  setup: {
    title: 'Erstes Administratorkonto einrichten',
    intro:
      'Dieser Link funktioniert nur einmal. Wählen Sie die E-Mail-Adresse und das Passwort, mit denen Sie sich anmelden werden.',
    password: 'Passwort',
    passwordAgain: 'Passwort wiederholen',
    submit: 'Administratorkonto erstellen',
    passwordsDiffer: 'Die beiden Passwörter stimmen nicht überein.',
  },
};
