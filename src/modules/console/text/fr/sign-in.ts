import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { signInText as english } from '../sign-in.text.js';

/** The console's sign-in page in French (the English source is ../sign-in.text.ts). */
export const signInText: Translation<typeof english> = {
  signIn: {
    account: 'Compte',
    chooseAccount:
      'Cette adresse e-mail et ce mot de passe ouvrent des accès distincts dans plusieurs comptes. Choisissez le compte, puis saisissez à nouveau votre mot de passe.',
    confirmSwitch:
      'Ce navigateur est connecté en tant que {signedInAs}. Pour vous connecter plutôt en tant qu’une autre personne, saisissez à nouveau son mot de passe et confirmez ; la session de {signedInAs} sera alors fermée sur ce navigateur.',
    confirmSwitchButton: 'Me connecter plutôt en tant que cette personne',
    staySignedIn: 'Garder la session de {signedInAs}',
    invitationReplaces:
      'Ce navigateur est connecté en tant que {signedInAs}. Accepter cette invitation ferme ici la session de {signedInAs} et vous connecte en tant que {invitee}.',
  },
};
