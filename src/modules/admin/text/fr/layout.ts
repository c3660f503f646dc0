import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { layoutText as english } from '../layout.text.js';

/** The operator’s frame’s words in French (the English source is ../layout.text.ts). */
export const layoutText: Translation<typeof english> = {
  layout: {
    app: 'Administration AVS',
    nav: {
      dashboard: 'Tableau de bord',
      apiKeys: 'Clés d’API',
      accounts: 'Comptes',
      certificates: 'Certificats',
    },
    logOut: 'Se déconnecter',
    errorTitles: {
      refused: 'Refusé',
      notFound: 'Introuvable',
      error: 'Erreur',
      requestRefused: 'Requête refusée',
    },
    backToDashboard: 'Retour au tableau de bord',
    backToLogIn: 'Retour à la connexion',
  },
};
