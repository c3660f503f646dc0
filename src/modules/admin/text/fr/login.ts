import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { loginText as english } from '../login.text.js';

/** The operator’s log-in and set-up pages in French (the English source is ../login.text.ts). */
export const loginText: Translation<typeof english> = {
  login: {
    title: 'Connexion',
    submit: 'Se connecter',
    switchTitle: 'Se connecter sous une autre identité ?',
    switchSubmit: 'Se connecter plutôt en tant que cet administrateur',
    switchNotice:
      'Ce navigateur est connecté en tant que {signedInAs}. Pour vous connecter sous une autre identité, saisissez de nouveau le mot de passe correspondant et confirmez ; {signedInAs} sera alors déconnecté de ce navigateur.',
    stay: 'Rester connecté en tant que {signedInAs}',
    throttled:
      '{minutes, plural, one {Trop de tentatives de connexion infructueuses. Réessayez dans # minute.} other {Trop de tentatives de connexion infructueuses. Réessayez dans # minutes.}}',
  },
  setup: {
    title: 'Créer le premier administrateur',
    intro:
      'Ce lien ne fonctionne qu’une fois. Choisissez l’adresse e-mail et le mot de passe avec lesquels vous vous connecterez.',
    password: 'Mot de passe',
    passwordAgain: 'Confirmer le mot de passe',
    submit: 'Créer l’administrateur',
    passwordsDiffer: 'Les deux mots de passe ne correspondent pas.',
  },
};
