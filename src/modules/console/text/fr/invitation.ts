import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { invitationText as english } from '../invitation.text.js';

/** The invitation page in French (the English source is ../invitation.text.ts). */
export const invitationText: Translation<typeof english> = {
  invitation: {
    title: 'Rejoindre {account}',
    invited:
      'Une invitation vous est adressée pour rejoindre <strong>{account}</strong> en tant que <strong>{role}</strong>.',
    email: 'E-mail',
    accept: 'Accepter l’invitation',
    withPassword: 'Avec un mot de passe',
    choosePassword: 'Choisissez un mot de passe',
    passwordHint: 'Au moins {min} caractères, et pas l’un des mots de passe les plus courants.',
    passwordAgain: 'Confirmez le mot de passe',
    orPasskey: 'Ou avec une clé d’accès, au lieu d’un mot de passe',
    acceptNewPasskey: 'Accepter avec une nouvelle clé d’accès',
    newPasskeyFallback:
      'L’enregistrement d’une clé d’accès nécessite JavaScript et un navigateur compatible ; choisissez plutôt un mot de passe ci-dessus.',
    havePassword:
      'Vous avez déjà un mot de passe chez nous (vous êtes membre d’un autre compte) : saisissez-le pour accepter.',
    yourPassword: 'Votre mot de passe',
    withYourPasskey: 'Avec votre clé d’accès',
    havePasskey:
      'Vous vous connectez avec une clé d’accès (vous êtes membre d’un autre compte) : utilisez-la pour accepter.',
    acceptYourPasskey: 'Accepter avec votre clé d’accès',
    yourPasskeyFallback:
      'L’utilisation de votre clé d’accès nécessite JavaScript et un navigateur compatible avec les clés d’accès.',
    incorrectPassword: 'Mot de passe incorrect.',
  },
};
