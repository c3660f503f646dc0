import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { signInText as english } from '../sign-in.text.js';

/** The console's sign-in page in German (the English source is ../sign-in.text.ts). */
export const signInText: Translation<typeof english> = {
  signIn: {
    account: 'Konto',
    chooseAccount:
      'Diese E-Mail-Adresse und dieses Passwort gehören zu getrennten Zugängen in mehreren Konten. Wählen Sie das Konto und geben Sie Ihr Passwort erneut ein.',
    confirmSwitch:
      'Dieser Browser ist als {signedInAs} angemeldet. Um sich stattdessen als eine andere Person anzumelden, geben Sie deren Passwort erneut ein und bestätigen Sie; {signedInAs} wird dann in diesem Browser abgemeldet.',
    confirmSwitchButton: 'Stattdessen als diese Person anmelden',
    staySignedIn: 'Als {signedInAs} angemeldet bleiben',
    invitationReplaces:
      'Dieser Browser ist als {signedInAs} angemeldet. Wenn Sie diese Einladung annehmen, wird {signedInAs} in diesem Browser abgemeldet und Sie werden als {invitee} angemeldet.',
  },
};
