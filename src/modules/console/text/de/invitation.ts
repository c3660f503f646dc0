import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { invitationText as english } from '../invitation.text.js';

/** The invitation page in German (the English source is ../invitation.text.ts). */
export const invitationText: Translation<typeof english> = {
  invitation: {
    title: '{account} beitreten',
    invited: 'Sie sind eingeladen, <strong>{account}</strong> als <strong>{role}</strong> beizutreten.',
    email: 'E-Mail',
    accept: 'Einladung annehmen',
    withPassword: 'Mit einem Passwort',
    choosePassword: 'Passwort wählen',
    passwordHint: 'Mindestens {min} Zeichen und keines der gängigsten Passwörter.',
    passwordAgain: 'Dasselbe Passwort noch einmal',
    orPasskey: 'Oder mit einem Passkey statt eines Passworts',
    acceptNewPasskey: 'Mit einem neuen Passkey annehmen',
    newPasskeyFallback:
      'Zum Registrieren eines Passkeys sind JavaScript und ein Browser mit Passkey-Unterstützung erforderlich; wählen Sie sonst oben ein Passwort.',
    havePassword:
      'Sie haben bei uns bereits ein Passwort (Sie sind Mitglied eines anderen Kontos): Geben Sie es ein, um die Einladung anzunehmen.',
    yourPassword: 'Ihr Passwort',
    withYourPasskey: 'Mit Ihrem Passkey',
    havePasskey:
      'Sie melden sich mit einem Passkey an (Sie sind Mitglied eines anderen Kontos): Verwenden Sie ihn, um die Einladung anzunehmen.',
    acceptYourPasskey: 'Mit Ihrem Passkey annehmen',
    yourPasskeyFallback:
      'Zur Verwendung Ihres Passkeys sind JavaScript und ein Browser mit Passkey-Unterstützung erforderlich.',
    incorrectPassword: 'Falsches Passwort.',
  },
};
