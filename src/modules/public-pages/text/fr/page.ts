import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { pageText as english } from '../page.text.js';

/** The words around every public page in French (the English source is ../page.text.ts). */
export const pageText: Translation<typeof english> = {
  page: {
    brandTagline: 'vérification de certificats',
    checkACertificate: 'Vérifier un certificat',
    howToCheck: 'Vérifier un certificat par vous-même',
    language: 'Langue',
    notFound: {
      title: 'Page introuvable',
      wrongMethodTitle: 'Cette page ne peut pas être ouverte ainsi',
      noPage:
        'Aucune page ne se trouve à cette adresse. Le lien est peut-être rompu, ou l’adresse mal saisie.',
      wrongMethod: 'Cette adresse est destinée aux programmes ; elle ne s’ouvre pas dans un navigateur.',
      typeTheNumber: 'Pour vérifier un certificat, saisissez son numéro ici.',
      home: 'Aller à la page d’accueil',
    },
    error: {
      tooManyRequests: 'Trop de requêtes',
      tryAgainShortly: 'Réessayez dans un instant',
      error: 'Erreur',
      addressUnreadable: 'L’adresse n’a pas pu être lue.',
      busy: 'Le service est occupé ou en cours de redémarrage ; réessayez dans un instant.',
      failed: 'Une erreur s’est produite ; réessayez plus tard.',
    },
  },
};
