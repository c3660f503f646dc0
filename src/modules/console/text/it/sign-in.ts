import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { signInText as english } from '../sign-in.text.js';

/** The console's sign-in page in Italian (the English source is ../sign-in.text.ts). */
export const signInText: Translation<typeof english> = {
  signIn: {
    account: 'Account',
    chooseAccount:
      'Questo indirizzo e-mail e questa password aprono accessi distinti in più account. Scelga l’account e inserisca di nuovo la password.',
    confirmSwitch:
      'In questo browser è già stato effettuato l’accesso come {signedInAs}. Per accedere invece come un’altra persona, inserisca di nuovo la sua password e confermi; la sessione di {signedInAs} verrà quindi chiusa in questo browser.',
    confirmSwitchButton: 'Accedi invece come questa persona',
    staySignedIn: 'Resta connesso come {signedInAs}',
    invitationReplaces:
      'In questo browser è già stato effettuato l’accesso come {signedInAs}. Accettando questo invito, la sessione di {signedInAs} verrà chiusa in questo browser e Lei accederà come {invitee}.',
  },
};
