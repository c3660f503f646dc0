import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { shellText as english } from '../shell.text.js';

/** The console’s frame: account switcher, sign-out, language switcher, error pages in French (the English source is ../shell.text.ts). */
export const shellText: Translation<typeof english> = {
  shell: {
    switchLabel: 'Compte',
    switchButton: 'Changer',
    membership: '{account} ({role})',
    who: '{email} · {role}',
    signOut: 'Se déconnecter',
    errorTitles: {
      notAllowed: 'Accès refusé',
      notFound: 'Page introuvable',
      gone: 'Ce lien n’est plus valable',
      failed: 'Erreur',
      refused: 'Demande refusée',
    },
    noSuchPage: 'Cette page n’existe pas.',
    backToConsole: 'Retour à la console',
    signIn: 'Se connecter',
    language: {
      label: 'Langue',
      browser: 'Langue du navigateur',
      button: 'Changer',
      saved: 'Votre choix de langue est enregistré.',
    },
  },
};
