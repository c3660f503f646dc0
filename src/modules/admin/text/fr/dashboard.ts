import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { dashboardText as english } from '../dashboard.text.js';

/** The operator’s dashboard in French (the English source is ../dashboard.text.ts). */
export const dashboardText: Translation<typeof english> = {
  dashboard: {
    title: 'Tableau de bord',
    awaitingReview:
      '{count, plural, one {<stat>#</stat> certificat en attente d’examen} other {<stat>#</stat> certificats en attente d’examen}}',
    accounts: '{count, plural, one {<stat>#</stat> compte} other {<stat>#</stat> comptes}}',
    activeKeys:
      '{count, plural, one {<stat>#</stat> clé d’API active} other {<stat>#</stat> clés d’API actives}}',
    byCategory: 'Certificats par catégorie',
    byCategoryCaption: 'Certificats par catégorie et par statut',
    category: 'Catégorie',
  },
};
